<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * What a test payment ($client->testPayments()->create()) makes happen: `Paid` the exact
 * amount's SMS; `WrongAmount` one taka less; `LateSms` a TrxID with no SMS yet (a later `Paid`
 * with that trxId sends it); `Held` an SMS whose balance the chain cannot reach yet.
 */
enum TestOutcome: string
{
    case Paid = 'paid';
    case WrongAmount = 'wrong_amount';
    case LateSms = 'late_sms';
    case Held = 'held';

    public static function of(self|string $outcome): self
    {
        if ($outcome instanceof self) {
            return $outcome;
        }
        return self::tryFrom($outcome) ?? throw new \InvalidArgumentException(
            "outcome must be one of " . implode(', ', array_column(self::cases(), 'value')) . ", got '$outcome'",
        );
    }
}
