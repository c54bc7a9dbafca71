<?php

declare(strict_types=1);

namespace Claimsvc;

/** A checkout session as initialize answers it; $raw keeps every field, new ones included. */
final class Session
{
    /** @param array<string, mixed> $raw */
    public function __construct(
        public readonly string $sessionId,
        public readonly string $paymentId,
        public readonly string $orderId,
        public readonly string $amount,
        public readonly int $amountPoisha,
        public readonly string $status,
        public readonly string $checkoutUrl,
        public readonly string $expiresAt,
        public readonly array $raw,
    ) {
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc): self
    {
        $poisha = Money::poishaFromJson($doc['amount']);
        return new self(
            $doc['session_id'],
            $doc['payment_id'],
            $doc['order_id'],
            Money::takaText($poisha),
            $poisha,
            $doc['status'],
            $doc['checkout_url'],
            $doc['expires_at'],
            $doc,
        );
    }
}
