<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * Money that moved in one of your wallets, read from the wallet's SMS (matched to a session or
 * not). Amounts are exact: decimal strings ("1250.50") and integer poisha, never floats; $fee and
 * $balance are null when the SMS states none. $counterparty is masked as the portal masks it
 * (never a full phone number), or null. $status is confirmed, unconfirmed, held or suspect;
 * $direction credit or debit; $sessionId null while unmatched. $raw keeps every field.
 */
final class Transaction
{
    public const STATUSES = ['confirmed', 'unconfirmed', 'held', 'suspect'];
    public const DIRECTIONS = ['credit', 'debit'];

    /** @param array<string, mixed> $raw */
    public function __construct(
        public readonly string $id,
        public readonly string $mode,
        public readonly string $provider,
        public readonly string $direction,
        public readonly string $trxId,
        public readonly string $amount,
        public readonly int $amountPoisha,
        public readonly ?string $fee,
        public readonly ?int $feePoisha,
        public readonly ?string $balance,
        public readonly ?int $balancePoisha,
        public readonly ?string $counterparty,
        public readonly string $receivedAt,
        public readonly string $status,
        public readonly ?string $sessionId,
        public readonly array $raw,
    ) {
    }

    public function isTest(): bool
    {
        return $this->mode === 'test';
    }

    /** The wallet as the enum, or null for a provider this version does not know yet. */
    public function provider(): ?Provider
    {
        return Provider::tryFrom($this->provider);
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc): self
    {
        $amount = Money::poishaFromJson($doc['amount']);
        $fee = Money::optionalPoisha($doc['fee'] ?? null);
        $balance = Money::optionalPoisha($doc['balance'] ?? null);
        return new self(
            (string) $doc['id'],
            (string) $doc['mode'],
            (string) $doc['provider'],
            (string) $doc['direction'],
            (string) $doc['trx_id'],
            Money::takaText($amount),
            $amount,
            $fee === null ? null : Money::takaText($fee),
            $fee,
            $balance === null ? null : Money::takaText($balance),
            $balance,
            isset($doc['counterparty']) ? (string) $doc['counterparty'] : null,
            (string) $doc['received_at'],
            (string) $doc['status'],
            isset($doc['session_id']) ? (string) $doc['session_id'] : null,
            $doc,
        );
    }
}
