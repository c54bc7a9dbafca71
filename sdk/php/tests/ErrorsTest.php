<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

use Claimsvc\ErrorMapper;
use Claimsvc\Exception\ApiException;
use PHPUnit\Framework\TestCase;

/** Every row of the libraries' shared error table (sdk/error-cases.json) maps to its exception. */
final class ErrorsTest extends TestCase
{
    /** @return iterable<string, array{array<string, mixed>}> */
    public static function cases(): iterable
    {
        foreach (Support::sharedFile('error-cases.json')['cases'] as $i => $case) {
            yield "#$i {$case['status']} {$case['code']}" => [$case];
        }
    }

    /**
     * @dataProvider cases
     * @param array<string, mixed> $case
     */
    public function testTheAnswerBecomesItsNamedException(array $case): void
    {
        $raw = $case['body'] === null ? '' : json_encode($case['body']);
        $headers = array_change_key_case($case['headers'] ?? [], CASE_LOWER);
        $e = ErrorMapper::fromResponse($case['status'], $raw, $headers, 'req1');
        self::assertInstanceOf(self::rowClass($case), $e);
        self::assertSame(self::expectedClass($case), get_class($e));
        self::assertInstanceOf(ApiException::class, $e);
        self::assertSame($case['code'], $e->getErrorCode());
        self::assertSame($case['status'], $e->getStatus());
        self::assertSame($case['status'], $e->getCode());
        self::assertSame($case['retry_after'] ?? null, $e->getRetryAfter());
        self::assertSame($case['details'] ?? [], $e->getDetails());
        self::assertSame('req1', $e->getRequestId());
        $body = $case['body'];
        if (is_array($body) && is_array($body['error'])) {
            self::assertSame($body['error']['message'], $e->getMessage());
        } elseif (is_array($body)) {
            self::assertSame($body['message'] ?? $body['error'], $e->getMessage());
        }
    }

    /**
     * Retried after a wait only where waiting helps (issue 31's contract, section 6): RATE_LIMITED
     * and 500, 502, 503, 504. Never a daily limit, whatever the table's older `retryable` says.
     *
     * @dataProvider cases
     * @param array<string, mixed> $case
     */
    public function testOnlyARateLimitOrA5xxIsWorthRetrying(array $case): void
    {
        $raw = $case['body'] === null ? '' : json_encode($case['body']);
        $e = ErrorMapper::fromResponse($case['status'], $raw, []);
        $worth = in_array($case['status'], [500, 502, 503, 504], true) || $case['code'] === 'RATE_LIMITED';
        self::assertSame($worth, $e->isRetryable());
    }

    public function testEveryCodeTheLibraryNamesIsInTheSharedTable(): void
    {
        $codes = array_column(Support::sharedFile('error-cases.json')['cases'], 'code');
        self::assertSame([], array_values(array_diff(array_keys(ErrorMapper::ERROR_TYPES), $codes)));
    }

    public function testTheReadmesErrorTableIsTheSharedTable(): void
    {
        $readme = (string) file_get_contents(CLAIMSVC_SDK_ROOT . '/README.md');
        preg_match_all('/^\| `([A-Z_]+)` \| `([A-Za-z]+)` \|/m', $readme, $rows, PREG_SET_ORDER);
        $documented = array_values(array_unique(array_map(static fn ($r) => "{$r[1]} {$r[2]}", $rows)));
        $expected = [];
        foreach (Support::sharedFile('error-cases.json')['cases'] as $case) {
            if (!str_starts_with($case['code'], 'HTTP_')) {
                $expected[] = $case['code'] . ' ' . substr(self::expectedClass($case), strlen('Claimsvc\\Exception\\'));
            }
        }
        $expected = array_values(array_unique($expected));
        sort($documented);
        sort($expected);
        self::assertSame($expected, $documented, 'README.md "Errors" table: one row per code and exception of error-cases.json');
    }

    public function testAProxysHtmlPageIsAnHttpStatusError(): void
    {
        $e = ErrorMapper::fromResponse(502, '<html>Bad gateway</html>', []);
        self::assertSame(['HTTP_502', 502, true], [$e->getErrorCode(), $e->getStatus(), $e->isRetryable()]);
    }

    /** @param array<string, mixed> $case the PHP class of the row's type (PHP says Exception for Error) */
    private static function rowClass(array $case): string
    {
        return 'Claimsvc\\Exception\\' . str_replace('Error', 'Exception', $case['type']);
    }

    /**
     * The row's class, or the library's own class for the code when that one is a subclass of
     * it: a row may name the family (NotFoundError), the library still names the code
     * (TransactionNotFoundException extends NotFoundException).
     *
     * @param array<string, mixed> $case
     */
    private static function expectedClass(array $case): string
    {
        $row = self::rowClass($case);
        $own = ErrorMapper::ERROR_TYPES[$case['code']] ?? null;
        return $own !== null && is_subclass_of($own, $row) ? $own : $row;
    }
}
