<?php

declare(strict_types=1);

use Claimsvc\Json;
use Claimsvc\Money;

use function Claimsvc\Tests\same;
use function Claimsvc\Tests\throws;

return [
    'amounts become exact poisha' => static function (): void {
        $cases = [['1250.50', 125050], ['1250.5', 125050], [1250.5, 125050], [0.29, 29], [0.07, 7], [1250, 125000], [' 19.99 ', 1999], ['10000000', 1_000_000_000]];
        foreach ($cases as [$amount, $poisha]) {
            same($poisha, Money::toPoisha($amount), var_export($amount, true));
        }
    },
    'amounts the service refuses are refused before sending' => static function (): void {
        foreach (['0', '-5', '1.005', '1e3', '12,50', '', 0.1 + 0.2, 10_000_001, PHP_INT_MAX, NAN, INF, '99999999999999999999'] as $amount) {
            throws(InvalidArgumentException::class, fn () => Money::toPoisha($amount));
        }
    },
    'the JSON body carries the exact number text' => static function (): void {
        same('{"order_id":"@@number-x@@","amount":0.29}', Json::encode(['order_id' => '@@number-x@@', 'amount' => Json::amount('0.29', null)]));
        same('{"amount":1250.05}', Json::encode(['amount' => Json::amount(null, 125005)]));
        throws(InvalidArgumentException::class, fn () => Json::amount('1', 100));
    },
    'answers\' amounts become exact poisha' => static function (): void {
        same(125050, Money::poishaFromJson(1250.5));
        same(29, Money::poishaFromJson(0.29));
        same(700, Money::poishaFromJson(7));
        same('0.05', Money::takaText(5));
        throws(UnexpectedValueException::class, fn () => Money::poishaFromJson(1.001));
        throws(UnexpectedValueException::class, fn () => Money::poishaFromJson('12'));
    },
];
