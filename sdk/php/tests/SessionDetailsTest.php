<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

use Claimsvc\Json;
use Claimsvc\SessionDetails;
use PHPUnit\Framework\TestCase;

final class SessionDetailsTest extends TestCase
{
    private const SETTLED = '{"session_id":"3f1c2a9e-5b7d-4e11-9a0b-2c4d6e8f0a1b","payment_id":"pay_1","order_id":"wc-1042",'
        . '"mode":"live","status":"COMPLETED","pending":false,"amount":99.99,"paid_amount":19.99,'
        . '"provider":"nagad","trx_id":"9DV4INSP7K","settled":true,"checkout_url":"https://pay.example/checkout/x",'
        . '"created_at":"2026-11-27T10:00:00Z","expires_at":"2026-11-27T10:30:00Z",'
        . '"completed_at":"2026-11-27T10:05:00Z","metadata":{"cart":"7"}}';

    public function testASettledSessionReadsExactDecimalStringsAndPoishaIntsNeverFloats(): void
    {
        $s = SessionDetails::fromArray(Json::decode(self::SETTLED));
        self::assertSame(['99.99', 9999, '19.99', 1999], [$s->amount, $s->amountPoisha, $s->paidAmount, $s->paidAmountPoisha]);
        self::assertSame(['COMPLETED', false, true, 'nagad', '9DV4INSP7K'], [$s->status, $s->pending, $s->settled, $s->provider, $s->trxId]);
        self::assertSame([false, true, ['cart' => '7']], [$s->isTest(), $s->isCompleted(), $s->metadata]);
        self::assertSame('19.99', $s->raw['paid_amount'], 'the raw answer keeps the exact text too');
    }

    public function testAnOpenTestSessionHasNoPaidAmountWalletOrTrxIdYet(): void
    {
        $doc = [...Json::decode(self::SETTLED), 'mode' => 'test', 'status' => 'OPEN', 'pending' => true, 'paid_amount' => null,
            'provider' => null, 'trx_id' => null, 'settled' => false, 'completed_at' => null, 'amount' => '0.07', 'metadata' => []];
        $s = SessionDetails::fromArray($doc);
        self::assertSame([true, '0.07', 7, null, null, null, null, true], [$s->isTest(), $s->amount, $s->amountPoisha, $s->paidAmount, $s->paidAmountPoisha, $s->provider, $s->completedAt, $s->pending]);
    }

    public function testItStillReadsAsTheArray01Answered(): void
    {
        $s = SessionDetails::fromArray(Json::decode(self::SETTLED));
        self::assertSame(['COMPLETED', true, false], [$s['status'], isset($s['order_id']), isset($s['nope'])]);
        $this->expectException(\LogicException::class);
        $s['status'] = 'OPEN';
    }
}
