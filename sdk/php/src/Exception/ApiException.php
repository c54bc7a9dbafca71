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

    /** Seconds to wait, from the Retry-After (or RateLimit-Reset) header of a 429, or null. */
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

    /**
     * Worth sending again after a wait: RATE_LIMITED (after Retry-After) and 500, 502, 503, 504.
     * Never a daily limit (VENDOR_DAILY_LIMIT, PLATFORM_DAILY_LIMIT: try again tomorrow), nor
     * TOO_MANY_ATTEMPTS or any other 4xx. The client retries only calls safe to repeat.
     */
    public function isRetryable(): bool
    {
        return in_array($this->status, [500, 502, 503, 504], true) || $this->errorCode === 'RATE_LIMITED';
    }
}
