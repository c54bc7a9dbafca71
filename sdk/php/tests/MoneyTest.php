<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

use Claimsvc\Json;
use Claimsvc\Money;
use PHPUnit\Framework\TestCase;

/**
 * Exact money at any serialize_precision: tests/sdk runs this suite at the default (-1) and at
 * 17, a php.ini many shared hosts still carry (at 17 json_encode(19.99) is 19.989999999999998).
 */
final class MoneyTest extends TestCase
{
    public function testAmountsBecomeExactPoisha(): void
    {
        $cases = [['1250.50', 125050], ['1250.5', 125050], [1250.5, 125050], [0.29, 29], [0.07, 7], [19.99, 1999], [1250, 125000], [' 19.99 ', 1999], ['10000000', 1_000_000_000]];
        foreach ($cases as [$amount, $poisha]) {
            self::assertSame($poisha, Money::toPoisha($amount), var_export($amount, true));
        }
    }

    /** @return iterable<string, array{mixed}> */
    public static function refused(): iterable
    {
        foreach (['0', '-5', '1.005', '1e3', '12,50', '', 0.1 + 0.2, 10_000_001, PHP_INT_MAX, NAN, INF, '99999999999999999999'] as $amount) {
            yield var_export($amount, true) => [$amount];
        }
    }

    /** @dataProvider refused */
    public function testAmountsTheServiceRefusesAreRefusedBeforeSending(mixed $amount): void
    {
        $this->expectException(\InvalidArgumentException::class);
        Money::toPoisha($amount);
    }

    public function testTheJsonBodyCarriesTheExactNumberText(): void
    {
        self::assertSame('{"order_id":"@@number-x@@","amount":0.29}', Json::encode(['order_id' => '@@number-x@@', 'amount' => Json::amount('0.29', null)]));
        self::assertSame('{"amount":19.99}', Json::encode(['amount' => Json::amount(19.99, null)]));
        self::assertSame('{"amount":1250.05}', Json::encode(['amount' => Json::amount(null, 125005)]));
        $this->expectException(\InvalidArgumentException::class);
        Json::amount('1', 100);
    }

    public function testAnAnswersDecimalNumbersAreReadAsTheirOwnDigitsNeverAFloat(): void
    {
        $doc = Json::decode('{"amount":19.99,"fee":0.1,"n":7,"text":"a 1.5 \"2.25\" \\\\","list":[-3.50,1e3,null,true]}');
        self::assertSame(['amount' => '19.99', 'fee' => '0.1', 'n' => 7, 'text' => 'a 1.5 "2.25" \\', 'list' => ['-3.50', '1e3', null, true]], $doc);
        self::assertSame(1999, Money::poishaFromJson($doc['amount']));
        self::assertSame(10, Money::poishaFromJson($doc['fee']));
        self::assertSame(-350, Money::poishaFromJson($doc['list'][0]));
    }

    public function testALongAnswerIsDecodedWhole(): void
    {
        $long = '{"note":' . json_encode(str_repeat('x\\"1.5', 40_000)) . ',"amount":99.99}';
        self::assertSame('99.99', Json::decode($long)['amount']);
    }

    public function testAnswersAmountsBecomeExactPoisha(): void
    {
        self::assertSame(125050, Money::poishaFromJson(1250.5));
        self::assertSame(125050, Money::poishaFromJson('1250.5'));
        self::assertSame(10000, Money::poishaFromJson('100.0'));
        self::assertSame(29, Money::poishaFromJson(0.29));
        self::assertSame(700, Money::poishaFromJson(7));
        self::assertSame(null, Money::optionalPoisha(null));
        self::assertSame('0.05', Money::takaText(5));
        foreach ([1.001, '1.001', '12,5', 'abc', [], true] as $bad) {
            try {
                Money::poishaFromJson($bad);
                self::fail('accepted ' . var_export($bad, true));
            } catch (\UnexpectedValueException) {
                self::addToAssertionCount(1);
            }
        }
    }

    public function testEveryTwoDecimalAmountUpToTheCeilingReadsBackExactly(): void
    {
        foreach ([1, 7, 10, 99, 1999, 9999, 10_001, 123_456_789, Money::MAX_POISHA] as $poisha) {
            $json = Money::takaText($poisha);
            self::assertSame($poisha, Money::poishaFromJson(Json::decode($json)), $json);
            self::assertSame($poisha, Money::poishaFromJson(json_decode($json)), $json);
            self::assertSame($poisha, Money::toPoisha((float) $json), $json);
        }
    }
}
