<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

use Claimsvc\Claim;
use Claimsvc\Client;
use Claimsvc\Exception;
use Claimsvc\Provider;
use Claimsvc\TestOutcome;
use Claimsvc\Transaction;
use Claimsvc\WebhookEventRecord;

/** What each call sends and how its answer reads, against a local stub. */
final class CallsTest extends StubbedTestCase
{
    private const TRX = '{"id":"trx_1","mode":"test","provider":"nagad","direction":"credit","trx_id":"9DV4INSP7K",'
        . '"amount":19.99,"fee":null,"balance":10250.5,"counterparty":"017*****678","received_at":"2026-11-27T10:00:00Z",'
        . '"status":"confirmed","session_id":null}';
    private const EVENT = '{"id":"42","mode":"live","session_id":"6041e40e-4623-483e-9968-efa1a8589709","order_id":"o-1",'
        . '"payment_status":"COMPLETED","status":"queued","attempts":3,"next_attempt_at":"2026-11-27T10:08:00Z",'
        . '"last_status_code":500,"last_error":null,"stopped_reason":null,"created_at":"2026-11-27T10:00:00Z","delivered_at":null}';
    private const LINK = '{"id":"lnk_1","url":"https://pay.example/l/x","amount":750.5,"description":"Kurta","status":"active","payments":0}';

    public function testTheUrlsOfInitializeAreNamedAndRequiredSoTheyCannotBeSwappedSilently(): void
    {
        $this->stubbed([[201, '{}']], function (Stub $stub, Client $c): void {
            $shop = Support::SHOP;
            self::thrown(\TypeError::class, fn () => $c->sessions->initialize('o-1', '10', "$shop/s", "$shop/c", "$shop/w"));
            $e = self::thrown(\InvalidArgumentException::class, fn () => $c->sessions->initialize('o-1', '10', successUrl: "$shop/s", webhookUrl: "$shop/w"));
            self::assertSame('cancelUrl is required', $e->getMessage());
            self::thrown(\InvalidArgumentException::class, fn () => $c->sessions->initialize(' ', '10', successUrl: "$shop/s", cancelUrl: "$shop/c", webhookUrl: "$shop/w"));
            self::assertSame([], $stub->seen(), 'nothing was sent');
        });
    }

    public function testVerifyTakesTheProviderEnumOrItsValueAndRefusesAnotherBeforeSending(): void
    {
        $done = '{"success":true,"status":"COMPLETED","amount":19.99,"redirect_url":"https://s"}';
        $this->stubbed([[200, $done]], function (Stub $stub, Client $c): void {
            $claim = $c->sessions->verify(self::SESSION_ID, 'ABC123', Provider::Nagad);
            self::assertSame([true, false, 1999, '19.99'], [$claim->isCompleted(), $claim->isPending(), $claim->amountPoisha, $claim->amount()]);
            $c->sessions->verify(self::SESSION_ID, 'ABC123', 'rocket');
            $sent = array_map(fn ($s) => self::json($s['body']), $stub->seen());
            self::assertSame([['sessionId' => self::SESSION_ID, 'trxId' => 'ABC123', 'provider' => 'nagad'], ['sessionId' => self::SESSION_ID, 'trxId' => 'ABC123', 'provider' => 'rocket']], $sent);
            $e = self::thrown(\InvalidArgumentException::class, fn () => $c->sessions->verify(self::SESSION_ID, 'ABC123', 'paypal'));
            self::assertStringContainsString('bkash, nagad, rocket, upay, cellfin', $e->getMessage());
            self::thrown(\InvalidArgumentException::class, fn () => $c->sessions->verify('', 'ABC123', 'bkash'));
            self::assertCount(2, $stub->seen());
        });
    }

    public function testVerifyCanWaitForALateSmsAndSmsNotArrivedIsANonFinalResult(): void
    {
        $late = '{"success":false,"error":"SMS_NOT_ARRIVED","message":"The wallet\'s SMS for this TrxID has not reached the merchant yet; try again shortly."}';
        $this->stubbed([[202, $late, 300]], function (Stub $stub, Client $c): void {
            $claim = $c->sessions->verify(self::SESSION_ID, 'ABC123', 'bkash', wait: 1);
            self::assertSame([false, true, true, Claim::SMS_NOT_ARRIVED], [$claim->isCompleted(), $claim->isPending(), $claim->isSmsNotArrived(), $claim->status]);
            self::assertStringContainsString('try again shortly', (string) $claim->message);
            self::assertSame(1, self::json($stub->seen()[0]['body'])['wait']);
            self::assertCount(1, $stub->seen(), 'answered after the 100 ms time-out: raised to wait + 10 s');
            foreach ([-1, 26] as $wait) {
                self::thrown(\InvalidArgumentException::class, fn () => $c->sessions->verify(self::SESSION_ID, 'ABC123', 'bkash', wait: $wait));
            }
            self::assertCount(1, $stub->seen());
        }, ['timeoutMs' => 100, 'maxRetries' => 0]);
    }

    public function testPendingVerificationIsANonFinalResultNotAnException(): void
    {
        $pending = ['success' => false, 'error' => 'PENDING_VERIFICATION', 'message' => 'Payment found; the merchant is confirming it.'];
        $this->stubbed([[202, $pending]], function (Stub $stub, Client $c): void {
            $claim = $c->sessions->verify(self::SESSION_ID, 'ABC123', 'bkash');
            self::assertSame([true, false, false, 'PENDING_VERIFICATION'], [$claim->isPending(), $claim->isCompleted(), $claim->isSmsNotArrived(), $claim->status]);
            self::assertArrayNotHasKey('wait', self::json($stub->seen()[0]['body']), 'no wait: the body as before');
        });
    }

    public function testTransactionsAreListedWithFiltersAndReadTypedAndExact(): void
    {
        $page1 = '{"items":[' . self::TRX . '],"next_cursor":"c2"}';
        $page2 = '{"items":[],"next_cursor":null}';
        $this->stubbed([[200, $page1], [200, $page2], [200, self::TRX]], function (Stub $stub, Client $c): void {
            $ids = [];
            foreach ($c->transactions()->iterate(status: 'confirmed', provider: Provider::Nagad, trxId: '9dv4insp7k', pageSize: 1) as $t) {
                $ids[] = $t->id;
            }
            self::assertSame(['trx_1'], $ids);
            $t = $c->transactions()->retrieve('trx_1');
            self::assertInstanceOf(Transaction::class, $t);
            self::assertSame(['19.99', 1999, null, null, '10250.50', 1_025_050, '017*****678', null, true, Provider::Nagad], [$t->amount, $t->amountPoisha, $t->fee, $t->feePoisha, $t->balance, $t->balancePoisha, $t->counterparty, $t->sessionId, $t->isTest(), $t->provider()]);
            self::assertSame([
                'GET /api/v1/transactions?status=confirmed&provider=nagad&trx_id=9dv4insp7k&limit=1',
                'GET /api/v1/transactions?status=confirmed&provider=nagad&trx_id=9dv4insp7k&limit=1&cursor=c2',
                'GET /api/v1/transactions/trx_1',
            ], array_map(fn ($s) => "{$s['method']} {$s['uri']}", $stub->seen()));
            self::thrown(\InvalidArgumentException::class, fn () => $c->transactions()->list(limit: 101));
            self::assertCount(3, $stub->seen());
        });
    }

    public function testAnUnknownTransactionOrEventIsItsOwnNotFound(): void
    {
        $this->stubbed([[404, ['error' => 'Transaction not found']], [404, ['error' => 'Event not found']]], function (Stub $stub, Client $c): void {
            self::assertSame('TRANSACTION_NOT_FOUND', self::thrown(Exception\TransactionNotFoundException::class, fn () => $c->transactions()->retrieve('trx_x'))->getErrorCode());
            self::assertSame('EVENT_NOT_FOUND', self::thrown(Exception\EventNotFoundException::class, fn () => $c->webhookEvents()->retrieve('9'))->getErrorCode());
            self::assertCount(2, $stub->seen(), 'a 404 is not retried');
        });
    }

    public function testWebhookEventsAreListedReadAndRedelivered(): void
    {
        $queued = [409, ['error' => 'Event is already queued for delivery']];
        $this->stubbed([[200, '{"items":[' . self::EVENT . '],"next_cursor":null}'], [202, self::EVENT], $queued], function (Stub $stub, Client $c): void {
            $page = $c->webhookEvents()->list(status: 'dead', orderId: 'o-1', limit: 5);
            self::assertSame([1, null], [count($page), $page->nextCursor]);
            $again = $c->webhookEvents()->redeliver('42');
            self::assertInstanceOf(WebhookEventRecord::class, $again);
            self::assertSame(['42', 'queued', 3, 500, null, 'COMPLETED'], [$again->id, $again->status, $again->attempts, $again->lastStatusCode, $again->deliveredAt, $again->paymentStatus]);
            self::thrown(Exception\EventAlreadyQueuedException::class, fn () => $c->webhookEvents()->redeliver('42'));
            self::assertSame([
                'GET /api/v1/webhook-events?status=dead&order_id=o-1&limit=5',
                'POST /api/v1/webhook-events/42/redeliver',
                'POST /api/v1/webhook-events/42/redeliver',
            ], array_map(fn ($s) => "{$s['method']} {$s['uri']}", $stub->seen()));
        });
    }

    public function testATestPaymentSendsItsOutcomeAndReadsTyped(): void
    {
        $made = '{"session_id":"6041e40e-4623-483e-9968-efa1a8589709","outcome":"late_sms","provider":"bkash","trx_id":"TLATE12345","amount":99.99,"sms":"not_sent"}';
        $this->stubbed([[202, $made]], function (Stub $stub, Client $c): void {
            $p = $c->testPayments()->create(self::SESSION_ID, TestOutcome::LateSms, provider: Provider::Bkash, wait: false);
            self::assertSame(['late_sms', 'TLATE12345', '99.99', 9999, 'not_sent'], [$p->outcome, $p->trxId, $p->amount, $p->amountPoisha, $p->sms]);
            self::assertSame(['session_id' => self::SESSION_ID, 'outcome' => 'late_sms', 'provider' => 'bkash', 'wait' => false], self::json($stub->seen()[0]['body']));
            self::thrown(\InvalidArgumentException::class, fn () => $c->testPayments()->create(self::SESSION_ID, 'refunded'));
            self::assertCount(1, $stub->seen());
        });
    }

    public function testTestPaymentRefusalsAreTheirOwnExceptions(): void
    {
        $live = [403, ['error' => 'Test payments need a test key (sk_test_...); a live key cannot make one']];
        $closed = [409, ['error' => 'This test session is not open; a test payment needs an open session']];
        $this->stubbed([$live, $closed], function (Stub $stub, Client $c): void {
            self::thrown(Exception\TestKeyRequiredException::class, fn () => $c->testPayments()->create(self::SESSION_ID));
            self::thrown(Exception\TestSessionNotOpenException::class, fn () => $c->testPayments()->create(self::SESSION_ID, 'paid'));
        });
    }

    public function testCreatingALinkSendsOneIdempotencyKeyReusedOnTheLibrarysOwnRetries(): void
    {
        $this->stubbed([[500, ['error' => 'Internal server error']], [201, self::LINK, 0, ['Idempotent-Replayed' => 'true']], [201, self::LINK]], function (Stub $stub, Client $c): void {
            $link = $c->links->create('Kurta', '750.50');
            self::assertSame(['lnk_1', 75050, '750.50', true], [$link->id, $link->amountPoisha, $link->amount, $link->replayed]);
            $c->links->create('Kurta', '750.50');
            $keys = array_map(fn ($s) => $s['headers']['idempotency-key'] ?? null, $stub->seen());
            self::assertCount(3, $keys);
            self::assertSame($keys[0], $keys[1], 'the retry reuses the key');
            self::assertNotSame($keys[1], $keys[2], 'another call gets another key');
            self::assertMatchesRegularExpression('/^[0-9a-f]{32}$/', (string) $keys[0]);
        });
    }

    public function testALinksIdempotencyKeyIsTheCallersAndCheckedBeforeSending(): void
    {
        $reused = [409, ['error' => 'Idempotency-Key was already used with a different request body']];
        $this->stubbed([[201, self::LINK], $reused], function (Stub $stub, Client $c): void {
            self::assertFalse($c->links->create('Kurta', '750.50', idempotencyKey: 'order-1001-link')->replayed);
            self::thrown(Exception\IdempotencyKeyReusedException::class, fn () => $c->links->create('Shirt', '750.50', idempotencyKey: 'order-1001-link'));
            self::assertSame(['order-1001-link', 'order-1001-link'], array_map(fn ($s) => $s['headers']['idempotency-key'], $stub->seen()));
            foreach (['', str_repeat('k', 256), "caf\u{e9}", "a\nb"] as $bad) {
                self::thrown(\InvalidArgumentException::class, fn () => $c->links->create('Kurta', '750.50', idempotencyKey: $bad));
            }
            self::assertCount(2, $stub->seen());
        });
    }

    public function testAPageReadsLikeThe01ArrayAndTheOldNamesStillWork(): void
    {
        $details = '{"session_id":"6041e40e-4623-483e-9968-efa1a8589709","payment_id":"pay_1","order_id":"o-1","mode":"live",'
            . '"status":"OPEN","pending":true,"amount":5,"paid_amount":null,"provider":null,"trx_id":null,"settled":false,'
            . '"checkout_url":"https://x","created_at":"t","expires_at":"t","completed_at":null,"metadata":{}}';
        $cancelled = '{"success":true,"status":"CANCELLED","redirect_url":"https://shop.example.com/c"}';
        $this->stubbed([[200, '{"items":[' . self::LINK . '],"next_cursor":null}'], [200, $details], [200, self::LINK], [200, $cancelled]], function (Stub $stub, Client $c): void {
            $page = $c->links->list(50);
            self::assertSame(['lnk_1', null], [$page['items'][0]->id, $page['nextCursor']]);
            $session = @$c->sessions->get(self::SESSION_ID);
            self::assertSame(['OPEN', 'OPEN', '5.00'], [$session->status, $session['status'], $session->amount]);
            self::assertSame('lnk_1', @$c->links->get('lnk_1')->id);
            $cancel = $c->sessions->cancel(self::SESSION_ID);
            self::assertSame(['CANCELLED', 'https://shop.example.com/c', 'CANCELLED'], [$cancel->status, $cancel->redirectUrl, $cancel['status']]);
            self::assertSame('GET /api/v1/checkout/sessions/' . self::SESSION_ID, $stub->seen()[1]['method'] . ' ' . $stub->seen()[1]['uri']);
        });
    }

    public function testTheDeprecatedNamesSayWhatReplacesThem(): void
    {
        $this->stubbed([[200, self::LINK]], function (Stub $stub, Client $c): void {
            $said = [];
            set_error_handler(static function (int $no, string $message) use (&$said): bool {
                $said[] = [$no, $message];
                return true;
            });
            try {
                $c->links->get('lnk_1');
            } finally {
                restore_error_handler();
            }
            self::assertSame([[E_USER_DEPRECATED, 'Claimsvc\PaymentLinks::get() is deprecated; use retrieve()']], $said);
        });
    }
}
