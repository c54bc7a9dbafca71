<?php

declare(strict_types=1);

use Claimsvc\ErrorMapper;
use Claimsvc\Exception\ApiException;

use function Claimsvc\Tests\ok;
use function Claimsvc\Tests\same;
use function Claimsvc\Tests\sdkFile;

$tests = [];
foreach (sdkFile('error-cases.json')['cases'] as $case) {
    $tests["error {$case['status']} {$case['code']}"] = static function () use ($case): void {
        $raw = $case['body'] === null ? '' : json_encode($case['body']);
        $headers = array_change_key_case($case['headers'] ?? [], CASE_LOWER);
        $e = ErrorMapper::fromResponse($case['status'], $raw, $headers, 'req1');
        $type = str_replace('Error', 'Exception', $case['type']);
        same('Claimsvc\\Exception\\' . $type, get_class($e), 'class');
        ok($e instanceof ApiException, 'an ApiException');
        same($case['code'], $e->getErrorCode(), 'code');
        same($case['status'], $e->getStatus(), 'status');
        same($case['status'], $e->getCode(), 'getCode');
        same($case['retry_after'] ?? null, $e->getRetryAfter(), 'retry after');
        same($case['retryable'] ?? false, $e->isRetryable(), 'retryable');
        same($case['details'] ?? [], $e->getDetails(), 'details');
        same('req1', $e->getRequestId(), 'request id');
        $body = $case['body'];
        if (is_array($body) && is_array($body['error'])) {
            same($body['error']['message'], $e->getMessage());
        } elseif (is_array($body)) {
            same($body['message'] ?? $body['error'], $e->getMessage());
        }
    };
}
$tests['every named code is in the shared table'] = static function (): void {
    $codes = array_column(sdkFile('error-cases.json')['cases'], 'code');
    same([], array_values(array_diff(array_keys(ErrorMapper::ERROR_TYPES), $codes)));
};
return $tests;
