<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

use Claimsvc\Exception\WebhookVerificationException;
use Claimsvc\Webhook;
use PHPUnit\Framework\TestCase;

/** The libraries' shared webhook vectors (requests signed by the service's own signer). */
final class WebhookTest extends TestCase
{
    /** @return array<string, mixed> */
    private static function vectors(): array
    {
        return Support::sharedFile('webhook-vectors.json');
    }

    /** @return iterable<string, array{array<string, mixed>}> */
    public static function vectorCases(): iterable
    {
        foreach (self::vectors()['vectors'] as $case) {
            yield $case['name'] => [$case];
        }
    }

    /**
     * @dataProvider vectorCases
     * @param array<string, mixed> $case
     */
    public function testTheVector(array $case): void
    {
        $tolerance = self::vectors()['tolerance_seconds'];
        $verify = static fn () => Webhook::verify($case['body'], $case['headers'], $case['secrets'], $tolerance, $case['now']);
        if (!$case['expect']['ok']) {
            try {
                $verify();
                self::fail('verified a request that must be refused');
            } catch (WebhookVerificationException $e) {
                self::assertSame($case['expect']['error'], $e->getReason());
            }
            return;
        }
        $event = $verify();
        $want = $case['expect']['event'];
        self::assertSame(
            [$want['id'], $want['attempt'], $want['timestamp'], $want['order_id'], $want['payment_status'], $want['trid'], $want['amount'], $want['amount_poisha'], $want['test']],
            [$event->id, $event->attempt, $event->timestamp, $event->orderId, $event->paymentStatus, $event->trid, $event->amount, $event->amountPoisha, $event->test],
        );
    }

    public function testServerStyleHeadersAndASingleSecretAreAccepted(): void
    {
        $case = self::vectors()['vectors'][0];
        $server = [];
        foreach ($case['headers'] as $name => $value) {
            $server['HTTP_' . strtoupper(str_replace('-', '_', $name))] = $value;
        }
        self::assertSame('42', Webhook::verify($case['body'], $server, $case['secrets'][0], 300, $case['now'])->id);
    }

    public function testAnEmptySecretListIsRefused(): void
    {
        $case = self::vectors()['vectors'][0];
        $this->expectException(\InvalidArgumentException::class);
        Webhook::verify($case['body'], $case['headers'], [], 300, $case['now']);
    }

    public function testATestSessionsEventVerifiesWithTheTestSecretAndNeverWithTheLiveOne(): void
    {
        $named = array_column(self::vectors()['vectors'], null, 'name');
        $case = $named["test session's event: receiver holds the test secret"];
        $live = $named["test session's event: receiver holds only the live secret"]['secrets'];
        self::assertTrue(Webhook::verify($case['body'], $case['headers'], $case['secrets'], 300, $case['now'])->test);
        $stripped = $case['headers'];
        unset($stripped['x-svc-test']);
        foreach ([$case['headers'], $stripped] as $headers) {
            try {
                Webhook::verify($case['body'], $headers, $live, 300, $case['now']);
                self::fail('a test event verified with the live secret');
            } catch (WebhookVerificationException $e) {
                self::assertSame('signature_mismatch', $e->getReason());
            }
        }
    }

    public function testAGenuine1999EventIsExactAtAnySerializePrecision(): void
    {
        $secret = 'cbs_exact';
        $body = '{"order_id":"o-1","payment_status":"COMPLETED","trid":"pay_1","amount":19.99}';
        $stamp = 1_764_000_000;
        $headers = [
            'x-svc-signature' => hash_hmac('sha256', $body, $secret),
            'x-svc-event-id' => '7',
            'webhook-id' => '7',
            'webhook-timestamp' => (string) $stamp,
            'webhook-signature' => 'v1,' . base64_encode(hash_hmac('sha256', "7.$stamp.$body", $secret, true)),
        ];
        $event = Webhook::verify($body, $headers, $secret, 300, $stamp);
        self::assertSame(['19.99', 1999, '19.99'], [$event->amount, $event->amountPoisha, $event->data['amount']]);
    }
}
