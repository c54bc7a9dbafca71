<?php

declare(strict_types=1);

namespace Claimsvc;

/** A verify answer: COMPLETED, or PENDING_VERIFICATION while balance verification confirms it. */
final class Claim
{
    /** @param array<string, mixed> $raw */
    public function __construct(
        public readonly string $status,
        public readonly ?int $amountPoisha,
        public readonly ?string $redirectUrl,
        public readonly array $raw,
    ) {
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc): self
    {
        return new self(
            (string) ($doc['status'] ?? $doc['error'] ?? ''),
            array_key_exists('amount', $doc) ? Money::poishaFromJson($doc['amount']) : null,
            $doc['redirect_url'] ?? null,
            $doc,
        );
    }

    public function isCompleted(): bool
    {
        return $this->status === 'COMPLETED';
    }

    public function isPending(): bool
    {
        return $this->status === 'PENDING_VERIFICATION';
    }
}
