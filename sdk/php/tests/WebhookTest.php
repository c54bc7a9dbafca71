<?php

declare(strict_types=1);

use Claimsvc\Exception\WebhookVerificationException;
use Claimsvc\Webhook;

use function Claimsvc\Tests\same;
use function Claimsvc\Tests\sdkFile;
use function Claimsvc\Tests\throws;

$vectors = sdkFile('webhook-vectors.json');
$tests = [];
foreach ($vectors['vectors'] as $case) {
    $tests['vector: ' . $case['name']] = static function () use ($case, $vectors): void {
        $verify = static fn () => Webhook::verify($case['body'], $case['headers'], $case['secrets'], $vectors['tolerance_seconds'], $case['now']);
        if (!$case['expect']['ok']) {
            $e = throws(WebhookVerificationException::class, $verify);
            same($case['expect']['error'], $e->getReason(), 'reason');
            return;
        }
        $event = $verify();
        $want = $case['expect']['event'];
        same(
            [$want['id'], $want['attempt'], $want['timestamp'], $want['order_id'], $want['payment_status'], $want['trid'], $want['amount'], $want['amount_poisha'], $want['test']],
            [$event->id, $event->attempt, $event->timestamp, $event->orderId, $event->paymentStatus, $event->trid, $event->amount, $event->amountPoisha, $event->test],
        );
    };
}

$tests['$_SERVER-style headers and a single secret are accepted'] = static function () use ($vectors): void {
    $case = $vectors['vectors'][0];
    $server = [];
    foreach ($case['headers'] as $name => $value) {
        $server['HTTP_' . strtoupper(str_replace('-', '_', $name))] = $value;
    }
    same('42', Webhook::verify($case['body'], $server, $case['secrets'][0], 300, $case['now'])->id);
};

$tests['an empty secret list is refused'] = static function () use ($vectors): void {
    $case = $vectors['vectors'][0];
    throws(InvalidArgumentException::class, fn () => Webhook::verify($case['body'], $case['headers'], [], 300, $case['now']));
};

$tests['a test session\'s event verifies with the test secret and never with the live one'] = static function () use ($vectors): void {
    $named = array_column($vectors['vectors'], null, 'name');
    $case = $named["test session's event: receiver holds the test secret"];
    $live = $named["test session's event: receiver holds only the live secret"]['secrets'];
    same(true, Webhook::verify($case['body'], $case['headers'], $case['secrets'], 300, $case['now'])->test);
    $stripped = $case['headers'];
    unset($stripped['x-svc-test']);
    foreach ([$case['headers'], $stripped] as $headers) {
        $e = throws(WebhookVerificationException::class, fn () => Webhook::verify($case['body'], $headers, $live, 300, $case['now']));
        same('signature_mismatch', $e->getReason(), 'reason');
    }
};

return $tests;
