<?php

declare(strict_types=1);

namespace Claimsvc;

/** A payment link; $raw keeps every field. */
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
    ) {
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc): self
    {
        $poisha = Money::poishaFromJson($doc['amount']);
        return new self(
            $doc['id'],
            $doc['url'],
            Money::takaText($poisha),
            $poisha,
            $doc['description'],
            $doc['status'],
            (int) ($doc['payments'] ?? 0),
            isset($doc['paid_amount']) ? Money::poishaFromJson($doc['paid_amount']) : 0,
            $doc,
        );
    }
}
