<?php

declare(strict_types=1);

use Claimsvc\Money;
use Claimsvc\SessionDetails;

use function Claimsvc\Tests\same;

// Run by tests/sdk at the default serialize_precision (-1) and at 17, a php.ini many shared
// hosts still carry: the amounts come out the same either way.
const SETTLED = '{"session_id":"3f1c2a9e-5b7d-4e11-9a0b-2c4d6e8f0a1b","payment_id":"pay_1","order_id":"wc-1042",'
    . '"mode":"live","status":"COMPLETED","pending":false,"amount":99.99,"paid_amount":19.99,'
    . '"provider":"nagad","trx_id":"9DV4INSP7K","settled":true,"checkout_url":"https://pay.example/checkout/x",'
    . '"created_at":"2026-11-27T10:00:00Z","expires_at":"2026-11-27T10:30:00Z",'
    . '"completed_at":"2026-11-27T10:05:00Z","metadata":{"cart":"7"}}';

return [
    'a settled session reads exact decimal strings and poisha ints, never floats' => static function (): void {
        $s = SessionDetails::fromArray(json_decode(SETTLED, true, 32, JSON_THROW_ON_ERROR));
        same(['99.99', 9999, '19.99', 1999], [$s->amount, $s->amountPoisha, $s->paidAmount, $s->paidAmountPoisha]);
        same(['COMPLETED', false, true, 'nagad', '9DV4INSP7K'], [$s->status, $s->pending, $s->settled, $s->provider, $s->trxId]);
        same([false, true, ['cart' => '7']], [$s->isTest(), $s->isCompleted(), $s->metadata]);
    },
    'an open test session has no paid amount, wallet or TrxID yet' => static function (): void {
        $doc = json_decode(SETTLED, true, 32, JSON_THROW_ON_ERROR);
        $doc = [...$doc, 'mode' => 'test', 'status' => 'OPEN', 'pending' => true, 'paid_amount' => null,
            'provider' => null, 'trx_id' => null, 'settled' => false, 'completed_at' => null, 'amount' => 0.07, 'metadata' => []];
        $s = SessionDetails::fromArray($doc);
        same([true, '0.07', 7, null, null, null, null, true], [$s->isTest(), $s->amount, $s->amountPoisha, $s->paidAmount, $s->paidAmountPoisha, $s->provider, $s->completedAt, $s->pending]);
    },
    'every two-decimal amount up to the ceiling reads back exactly' => static function (): void {
        foreach ([1, 7, 10, 99, 1999, 9999, 10_001, 123_456_789, Money::MAX_POISHA] as $poisha) {
            $json = Money::takaText($poisha);
            same($poisha, Money::poishaFromJson(json_decode($json)), $json);
            same($poisha, Money::toPoisha((float) $json), $json);
        }
    },
];
