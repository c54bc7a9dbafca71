<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * A test payment made for a test session: the wallet and TrxID its SMS names (claim them with
 * verify()), the amount the SMS states (exact), and what became of the SMS: `processed` (the
 * service has read it), `queued` (not yet read when the call returned) or `not_sent` (late_sms).
 */
final class TestPayment
{
    /** @param array<string, mixed> $raw */
    public function __construct(
        public readonly string $sessionId,
        public readonly string $outcome,
        public readonly string $provider,
        public readonly string $trxId,
        public readonly string $amount,
        public readonly int $amountPoisha,
        public readonly string $sms,
        public readonly array $raw,
    ) {
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc): self
    {
        $poisha = Money::poishaFromJson($doc['amount']);
        return new self(
            (string) $doc['session_id'],
            (string) $doc['outcome'],
            (string) $doc['provider'],
            (string) $doc['trx_id'],
            Money::takaText($poisha),
            $poisha,
            (string) $doc['sms'],
            $doc,
        );
    }
}
