<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * A session as its merchant reads it with the API key ($client->sessions()->retrieve(), list(),
 * findByOrder()): its state, mode, what was paid, with which wallet and TrxID. Money is exact
 * whatever serialize_precision is: decimal strings ("19.99") and integer poisha, never floats;
 * the paid amount is null until the session is COMPLETED. $raw keeps every field (decimal
 * numbers as their exact text).
 *
 * @implements \ArrayAccess<string, mixed>
 */
final class SessionDetails implements \ArrayAccess
{
    use ReadsAsArray;

    /**
     * @param array<string, string> $metadata
     * @param array<string, mixed> $raw
     */
    public function __construct(
        public readonly string $sessionId,
        public readonly string $paymentId,
        public readonly string $orderId,
        public readonly string $mode,
        public readonly string $status,
        public readonly bool $pending,
        public readonly string $amount,
        public readonly int $amountPoisha,
        public readonly ?string $paidAmount,
        public readonly ?int $paidAmountPoisha,
        public readonly ?string $provider,
        public readonly ?string $trxId,
        public readonly bool $settled,
        public readonly string $checkoutUrl,
        public readonly string $createdAt,
        public readonly string $expiresAt,
        public readonly ?string $completedAt,
        public readonly array $metadata,
        public readonly array $raw,
    ) {
    }

    /** Opened with a test key: never money; never fulfil an order on it. */
    public function isTest(): bool
    {
        return $this->mode === 'test';
    }

    public function isCompleted(): bool
    {
        return $this->status === 'COMPLETED';
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc): self
    {
        $poisha = Money::poishaFromJson($doc['amount']);
        $paid = Money::optionalPoisha($doc['paid_amount'] ?? null);
        return new self(
            (string) $doc['session_id'],
            (string) $doc['payment_id'],
            (string) $doc['order_id'],
            (string) $doc['mode'],
            (string) $doc['status'],
            (bool) $doc['pending'],
            Money::takaText($poisha),
            $poisha,
            $paid === null ? null : Money::takaText($paid),
            $paid,
            isset($doc['provider']) ? (string) $doc['provider'] : null,
            isset($doc['trx_id']) ? (string) $doc['trx_id'] : null,
            (bool) $doc['settled'],
            (string) $doc['checkout_url'],
            (string) $doc['created_at'],
            (string) $doc['expires_at'],
            isset($doc['completed_at']) ? (string) $doc['completed_at'] : null,
            array_map('strval', (array) ($doc['metadata'] ?? [])),
            $doc,
        );
    }
}
