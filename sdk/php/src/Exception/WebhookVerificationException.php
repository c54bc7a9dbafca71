<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/**
 * A webhook request is not authentic or not current: answer it 401. getReason() is one of
 * missing_header, malformed_header, signature_mismatch, timestamp_out_of_tolerance, invalid_payload.
 */
class WebhookVerificationException extends ClaimsvcException
{
    public function __construct(private readonly string $reason, string $message)
    {
        parent::__construct($message);
    }

    public function getReason(): string
    {
        return $this->reason;
    }
}
