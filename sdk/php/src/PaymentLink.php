<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * A payment link; $raw keeps every field. $replayed is true when create() answered an earlier
 * create with the same Idempotency-Key (`Idempotent-Replayed: true`): no second link was made.
 */
final class PaymentLink
{
    /** @param array<string, mixed> $raw */
    public function __construct(
        public readonly string $id,
        public readonly string $url,
        public readonly string $amount,
        public readonly int $amountPoisha,
        public readonly string $description,
        public readonly string $status,
        public readonly int $payments,
        public readonly int $paidAmountPoisha,
        public readonly array $raw,
        public readonly bool $replayed = false,
    ) {
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc, bool $replayed = false): self
    {
        $poisha = Money::poishaFromJson($doc['amount']);
        return new self(
            (string) $doc['id'],
            (string) $doc['url'],
            Money::takaText($poisha),
            $poisha,
            (string) $doc['description'],
            (string) $doc['status'],
            (int) ($doc['payments'] ?? 0),
            Money::optionalPoisha($doc['paid_amount'] ?? null) ?? 0,
            $doc,
            $replayed,
        );
    }
}
