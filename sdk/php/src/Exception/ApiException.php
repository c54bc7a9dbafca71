<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/**
 * An error answer of the API: getErrorCode() is a stable name (MISSING_API_KEY, RATE_LIMITED,
 * ...), getMessage() the API's text, getStatus() (also getCode()) the HTTP status.
 */
class ApiException extends ClaimsvcException
{
    public const DAILY_LIMIT_CODES = ['VENDOR_DAILY_LIMIT', 'PLATFORM_DAILY_LIMIT'];

    private int $attempts = 1;

    /** @param list<string> $details */
    public function __construct(
        private readonly string $errorCode,
        string $message,
        private readonly int $status,
        private readonly ?int $retryAfter = null,
        private readonly array $details = [],
        private readonly ?string $requestId = null,
        private readonly mixed $body = null,
    ) {
        parent::__construct($message, $status);
    }

    public function getErrorCode(): string
    {
        return $this->errorCode;
    }

    public function getStatus(): int
    {
        return $this->status;
    }

    /** Seconds to wait, from the Retry-After header (RATE_LIMITED), or null. */
    public function getRetryAfter(): ?int
    {
        return $this->retryAfter;
    }

    /** @return list<string> reasons of a validation failure, or the fields an order_id conflict differs in */
    public function getDetails(): array
    {
        return $this->details;
    }

    public function getRequestId(): ?string
    {
        return $this->requestId;
    }

    public function getBody(): mixed
    {
        return $this->body;
    }

    /** How many attempts were made before this was thrown. */
    public function getAttempts(): int
    {
        return $this->attempts;
    }

    /** @internal */
    public function setAttempts(int $attempts): void
    {
        $this->attempts = $attempts;
    }

    /** 500, 503 and a daily-limit 429 are worth retrying with the same body (interface.md). */
    public function isRetryable(): bool
    {
        return in_array($this->status, [500, 503], true)
            || in_array($this->errorCode, self::DAILY_LIMIT_CODES, true);
    }
}
