<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * A verify answer: COMPLETED (final), or not final yet (isPending()) for one of two reasons,
 * in $status: PENDING_VERIFICATION (found; your balance verification is confirming it) or
 * SMS_NOT_ARRIVED (verify's wait ended before the wallet's SMS reached you; not counted as a
 * failed attempt: ask again shortly). $message is the service's text for the buyer.
 */
final class Claim
{
    public const COMPLETED = 'COMPLETED';
    public const PENDING_VERIFICATION = 'PENDING_VERIFICATION';
    public const SMS_NOT_ARRIVED = 'SMS_NOT_ARRIVED';
    /** The reasons a claim is not final yet. */
    public const PENDING_REASONS = [self::PENDING_VERIFICATION, self::SMS_NOT_ARRIVED];

    /** @param array<string, mixed> $raw */
    public function __construct(
        public readonly string $status,
        public readonly ?int $amountPoisha,
        public readonly ?string $redirectUrl,
        public readonly array $raw,
        public readonly ?string $message = null,
    ) {
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc): self
    {
        return new self(
            (string) ($doc['status'] ?? $doc['error'] ?? ''),
            Money::optionalPoisha($doc['amount'] ?? null),
            isset($doc['redirect_url']) ? (string) $doc['redirect_url'] : null,
            $doc,
            isset($doc['message']) ? (string) $doc['message'] : null,
        );
    }

    public function isCompleted(): bool
    {
        return $this->status === self::COMPLETED;
    }

    /** Not final yet: PENDING_VERIFICATION or SMS_NOT_ARRIVED ($status says which). */
    public function isPending(): bool
    {
        return in_array($this->status, self::PENDING_REASONS, true);
    }

    /** verify's wait ended before the wallet's SMS arrived; the attempt was not counted. */
    public function isSmsNotArrived(): bool
    {
        return $this->status === self::SMS_NOT_ARRIVED;
    }

    /** The amount claimed as exact taka text ("437.25"), or null when the answer has none. */
    public function amount(): ?string
    {
        return $this->amountPoisha === null ? null : Money::takaText($this->amountPoisha);
    }
}
