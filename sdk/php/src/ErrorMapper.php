<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * Turns an error answer (any of the API's three body shapes) into its named exception: by the
 * exact text of a plain `error`, the code of a claim or limit answer, then the status alone.
 */
final class ErrorMapper
{
    public const PLAIN_CODES = [
        'Missing API Key' => 'MISSING_API_KEY',
        'Unauthorized API Key' => 'UNAUTHORIZED_API_KEY',
        'Invalid JSON body' => 'INVALID_JSON',
        'Invalid request body' => 'INVALID_REQUEST',
        'Missing required matching fields' => 'MISSING_FIELDS',
        'Invalid checkout session' => 'INVALID_SESSION_ID',
        'Invalid trxId format' => 'INVALID_TRX_ID',
        'Invalid provider' => 'INVALID_PROVIDER',
        'Request body too large' => 'BODY_TOO_LARGE',
        'Vendor account is not active to process payments' => 'ACCOUNT_INACTIVE',
        'This brand is archived and accepts no new payments.' => 'BRAND_ARCHIVED',
        'order_id was already used with different parameters' => 'ORDER_ID_CONFLICT',
        'The vendor daily transaction limit has been reached. Please try again tomorrow.' => 'VENDOR_DAILY_LIMIT',
        'The platform daily transaction limit has been reached. Please try again tomorrow.' => 'PLATFORM_DAILY_LIMIT',
        'Checkout is temporarily unavailable for maintenance. Please try again shortly.' => 'MAINTENANCE',
        'Internal server error' => 'INTERNAL_ERROR',
        'Internal system error' => 'INTERNAL_ERROR',
        'Not found' => 'NOT_FOUND',
        'Session not found' => 'SESSION_NOT_FOUND',
        'Invalid request' => 'INVALID_REQUEST',
        'Test payments need a test key (sk_test_...); a live key cannot make one' => 'TEST_KEY_REQUIRED',
        'This test session is not open; a test payment needs an open session' => 'TEST_SESSION_NOT_OPEN',
        'Payment links are live only; use a live key' => 'LIVE_KEY_REQUIRED',
        'Invalid Idempotency-Key header' => 'INVALID_IDEMPOTENCY_KEY',
        'Idempotency-Key was already used with a different request body' => 'IDEMPOTENCY_KEY_REUSED',
        'Transaction not found' => 'TRANSACTION_NOT_FOUND',
        'Event not found' => 'EVENT_NOT_FOUND',
        'Event is already queued for delivery' => 'EVENT_ALREADY_QUEUED',
        'Only a dead or delivered event can be redelivered' => 'EVENT_NOT_REDELIVERABLE',
    ];

    public const ERROR_TYPES = [
        'INVALID_JSON' => Exception\InvalidJsonException::class,
        'INVALID_REQUEST' => Exception\ValidationException::class,
        'URL_REJECTED' => Exception\UrlRejectedException::class,
        'MISSING_FIELDS' => Exception\MissingFieldsException::class,
        'INVALID_TRX_ID' => Exception\InvalidTrxIdException::class,
        'INVALID_PROVIDER' => Exception\InvalidProviderException::class,
        'BODY_TOO_LARGE' => Exception\RequestTooLargeException::class,
        'VERIFICATION_FAILED' => Exception\VerificationFailedException::class,
        'MISSING_API_KEY' => Exception\MissingApiKeyException::class,
        'UNAUTHORIZED_API_KEY' => Exception\InvalidApiKeyException::class,
        'PLATFORM_FEE_DUE' => Exception\PlatformFeeDueException::class,
        'ACCOUNT_INACTIVE' => Exception\AccountInactiveException::class,
        'VENDOR_INACTIVE' => Exception\VendorInactiveException::class,
        'BRAND_ARCHIVED' => Exception\BrandArchivedException::class,
        'NOT_FOUND' => Exception\NotFoundException::class,
        'INVALID_SESSION_ID' => Exception\SessionNotFoundException::class,
        'SESSION_NOT_FOUND' => Exception\SessionNotFoundException::class,
        'ORDER_ID_CONFLICT' => Exception\OrderIdConflictException::class,
        'ALREADY_COMPLETED' => Exception\AlreadyCompletedException::class,
        'SESSION_EXPIRED' => Exception\SessionExpiredException::class,
        'SESSION_UNAVAILABLE' => Exception\SessionUnavailableException::class,
        'RATE_LIMITED' => Exception\RateLimitedException::class,
        'VENDOR_DAILY_LIMIT' => Exception\DailyLimitException::class,
        'PLATFORM_DAILY_LIMIT' => Exception\DailyLimitException::class,
        'TOO_MANY_ATTEMPTS' => Exception\TooManyAttemptsException::class,
        'INTERNAL_ERROR' => Exception\ServerException::class,
        'MAINTENANCE' => Exception\MaintenanceException::class,
        'TEST_KEY_REQUIRED' => Exception\TestKeyRequiredException::class,
        'TEST_SESSION_NOT_OPEN' => Exception\TestSessionNotOpenException::class,
        'LIVE_KEY_REQUIRED' => Exception\LiveKeyRequiredException::class,
        'INVALID_IDEMPOTENCY_KEY' => Exception\InvalidIdempotencyKeyException::class,
        'IDEMPOTENCY_KEY_REUSED' => Exception\IdempotencyKeyReusedException::class,
        'TRANSACTION_NOT_FOUND' => Exception\TransactionNotFoundException::class,
        'EVENT_NOT_FOUND' => Exception\EventNotFoundException::class,
        'EVENT_ALREADY_QUEUED' => Exception\EventAlreadyQueuedException::class,
        'INVALID_WAIT' => Exception\InvalidWaitException::class,
        'EVENT_NOT_REDELIVERABLE' => Exception\EventNotRedeliverableException::class,
    ];

    private const BY_STATUS = [
        400 => Exception\InvalidRequestException::class,
        401 => Exception\AuthenticationException::class,
        402 => Exception\PlatformFeeDueException::class,
        403 => Exception\PermissionDeniedException::class,
        404 => Exception\NotFoundException::class,
        409 => Exception\ConflictException::class,
        410 => Exception\SessionClosedException::class,
        413 => Exception\RequestTooLargeException::class,
        429 => Exception\RateLimitException::class,
        500 => Exception\ServerException::class,
        503 => Exception\MaintenanceException::class,
    ];

    /** @param array<string, string> $headers lower-case names */
    public static function fromResponse(int $status, string $raw, array $headers, ?string $requestId = null): Exception\ApiException
    {
        try {
            $body = $raw === '' ? null : Json::decode($raw);
        } catch (\JsonException) {
            $body = null; // a proxy's HTML page: HTTP_<status>
        }
        [$code, $message, $claim] = self::codeAndMessage($status, $body);
        $class = self::ERROR_TYPES[$code] ?? self::BY_STATUS[$status] ?? Exception\ApiException::class;
        if ($claim && $code === 'NOT_FOUND') {
            $class = Exception\SessionNotFoundException::class;
        }
        $retryAfter = $headers['retry-after'] ?? $headers['ratelimit-reset'] ?? null;
        $details = is_array($body) && is_array($body['details'] ?? null) ? array_map('strval', $body['details']) : [];
        return new $class(
            $code,
            $message,
            $status,
            $retryAfter !== null && ctype_digit($retryAfter) ? (int) $retryAfter : null,
            array_values($details),
            $headers['x-request-id'] ?? $requestId,
            $body,
        );
    }

    /** @return array{string, string, bool} code, message, whether the claim shape */
    private static function codeAndMessage(int $status, mixed $body): array
    {
        if (!is_array($body) || array_is_list($body)) {
            return ["HTTP_$status", "HTTP $status", false];
        }
        $error = $body['error'] ?? null;
        if (is_array($error)) {
            return [(string) ($error['code'] ?? "HTTP_$status"), (string) ($error['message'] ?? ''), false];
        }
        $text = $error === null ? '' : (string) $error;
        $claim = ($body['success'] ?? null) === false;
        $message = $claim ? (string) ($body['message'] ?? $text) : $text;
        if (isset(self::PLAIN_CODES[$text])) {
            return [self::PLAIN_CODES[$text], $message, $claim];
        }
        if ($status === 400 && preg_match('/^(success_url|cancel_url|webhook_url) /', $text)) {
            return ['URL_REJECTED', $message, $claim];
        }
        if (preg_match('/^[A-Z][A-Z_]+$/', $text)) {
            return [$text, $message, $claim];
        }
        return ["HTTP_$status", $message !== '' ? $message : "HTTP $status", $claim];
    }
}
