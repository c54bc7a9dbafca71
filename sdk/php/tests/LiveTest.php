<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

use Claimsvc\Claim;
use Claimsvc\Client;
use Claimsvc\Exception;
use Claimsvc\InitializeResult;
use Claimsvc\Provider;
use Claimsvc\TestOutcome;
use Claimsvc\Webhook;
use Claimsvc\WebhookEvent;
use PHPUnit\Framework\TestCase;

/**
 * Against the real service (CLAIMSVC_SDK_LIVE, set by the repository's tests/sdk): open, pay
 * through the SMS intake or a test payment, verify, receive and verify the webhook, cancel,
 * links, the merchant's reads, every error the service can be made to give. Skipped without
 * CLAIMSVC_SDK_LIVE; a failure when CLAIMSVC_SDK_LIVE_REQUIRED=1 and it is missing.
 *
 * Group `issue-31-service`: the calls issue 31's contract adds to the service (transactions,
 * webhook events, verify's wait, payment links' Idempotency-Key).
 */
final class LiveTest extends TestCase
{
    private array $live;

    protected function setUp(): void
    {
        $live = Support::live();
        if ($live === null) {
            if (getenv('CLAIMSVC_SDK_LIVE_REQUIRED') === '1') {
                self::fail('CLAIMSVC_SDK_LIVE is not set');
            }
            self::markTestSkipped('no live service: set CLAIMSVC_SDK_LIVE');
        }
        $this->live = $live;
    }

    private function client(string $account = 'main', int $maxRetries = 2, bool $test = false): Client
    {
        $acc = $this->live['accounts'][$account];
        return new Client($test ? $acc['test_key'] : $acc['key'], $this->live['api_url'], maxRetries: $maxRetries, backoffMs: 10);
    }

    /** @param array<string, mixed> $more named arguments of initialize */
    private static function open(Client $c, string $hook = Support::SHOP . '/webhook', array $more = []): InitializeResult
    {
        $shop = Support::SHOP;
        return $c->sessions->initialize(Support::orderId(), ...($more + ['amount' => '437.25', 'successUrl' => "$shop/success", 'cancelUrl' => "$shop/cancel", 'webhookUrl' => $hook]));
    }

    /** The next webhook to $receiver for $order: [verified event, headers]. */
    private function eventFor(Receiver $receiver, string $order, string $secret): array
    {
        while (true) {
            [$body, $headers] = $receiver->next();
            $event = Webhook::verify($body, $headers, $secret);
            if ($event->orderId === $order) {
                return [$event, $headers, $body];
            }
        }
    }

    private static function uuid(): string
    {
        $b = random_bytes(16);
        $b[6] = chr(ord($b[6]) & 0x0f | 0x40);
        $b[8] = chr(ord($b[8]) & 0x3f | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($b), 4));
    }

    private static function thrown(string $class, callable $fn): \Throwable
    {
        return StubbedTestCase::thrown($class, $fn);
    }

    public function testOpenPayVerifyAndReceiveTheSignedWebhook(): void
    {
        $shop = Support::SHOP;
        $receiver = new Receiver($this->live);
        $secret = $this->live['accounts']['main']['secret'];
        $c = $this->client();
        $opened = self::open($c, $receiver->url);
        $session = $opened->session;
        self::assertSame([false, 'OPEN', 43725], [$opened->replayed, $session->status, $session->amountPoisha]);
        $again = $c->sessions->initialize($session->orderId, amountPoisha: 43725, successUrl: "$shop/success", cancelUrl: "$shop/cancel", webhookUrl: $receiver->url);
        self::assertSame([true, $session->sessionId], [$again->replayed, $again->session->sessionId]);
        $conflict = self::thrown(Exception\OrderIdConflictException::class, fn () => $c->sessions->initialize($session->orderId, '437.26', successUrl: "$shop/success", cancelUrl: "$shop/cancel", webhookUrl: $receiver->url));
        self::assertSame(['amount differs from the existing session'], $conflict->getDetails());

        $trx = Support::trxId();
        Support::pay($this->live, 'main', '437.25', $trx);
        $claim = $c->sessions->verify($session->sessionId, strtolower($trx), Provider::Bkash);
        self::assertSame([true, 43725, '437.25', "$shop/success"], [$claim->isCompleted(), $claim->amountPoisha, $claim->amount(), $claim->redirectUrl]);
        self::assertTrue($c->sessions->verify($session->sessionId, $trx, 'bkash')->isCompleted(), 'the same claim again');

        [$event] = $this->eventFor($receiver, $session->orderId, $secret);
        self::assertSame(['COMPLETED', $session->paymentId, 43725, '437.25', false], [$event->paymentStatus, $event->trid, $event->amountPoisha, $event->amount, $event->test]);
        self::assertTrue(ctype_digit($event->id), 'a numeric event id');

        self::thrown(Exception\AlreadyCompletedException::class, fn () => $c->sessions->verify($session->sessionId, Support::trxId(), 'bkash'));
        self::thrown(Exception\AlreadyCompletedException::class, fn () => $c->sessions->cancel($session->sessionId));
        self::assertSame('COMPLETED', $c->sessions->retrieve($session->sessionId)->status);

        // Cancel: the CANCELLED webhook, and the session closed to claims.
        $other = self::open($c, $receiver->url)->session;
        $cancelled = $c->sessions->cancel($other->sessionId);
        self::assertSame(['CANCELLED', "$shop/cancel"], [$cancelled->status, $cancelled->redirectUrl]);
        self::assertSame('CANCELLED', $c->sessions->cancel($other->sessionId)->status);
        $gone = self::thrown(Exception\SessionUnavailableException::class, fn () => $c->sessions->verify($other->sessionId, Support::trxId(), 'bkash'));
        self::assertSame([410, 'This checkout session is no longer available.'], [$gone->getStatus(), $gone->getMessage()]);
        self::assertSame('CANCELLED', $this->eventFor($receiver, $other->orderId, $secret)[0]->paymentStatus);
    }

    public function testFailedClaimsLockTheSession(): void
    {
        $c = $this->client();
        $session = self::open($c)->session;
        $failed = self::thrown(Exception\VerificationFailedException::class, fn () => $c->sessions->verify($session->sessionId, Support::trxId(), 'bkash'));
        self::assertSame(1, $failed->getAttempts());
        self::thrown(Exception\TooManyAttemptsException::class, fn () => $c->sessions->verify($session->sessionId, Support::trxId(), 'bkash'));
    }

    public function testPaymentLinksCreateListRetrieveDisable(): void
    {
        $c = $this->client();
        $link = $c->links->create('Blue kurta, size M', '750.50', orderRef: Support::orderId('INV'), singleUse: true);
        self::assertSame(['active', 75050, '750.50'], [$link->status, $link->amountPoisha, $link->amount]);
        self::assertSame($link->id, $c->links->retrieve($link->id)->id);
        self::assertContains($link->id, array_map(fn ($l) => $l->id, $c->links->list(50)->items));
        $all = [];
        foreach ($c->links->iterate(1) as $item) {
            $all[] = $item->id;
        }
        self::assertContains($link->id, $all);
        self::assertSame('disabled', $c->links->disable($link->id)->status);
        self::assertSame('disabled', $c->links->retrieve($link->id)->status);
        $missing = self::thrown(Exception\NotFoundException::class, fn () => $c->links->retrieve('lnk_' . bin2hex(random_bytes(8))));
        self::assertSame('NOT_FOUND', $missing->getErrorCode());
        $testKey = self::thrown(Exception\LiveKeyRequiredException::class, fn () => $this->client(test: true)->links->create('Kurta', '10'));
        self::assertSame(['LIVE_KEY_REQUIRED', 403], [$testKey->getErrorCode(), $testKey->getStatus()]);
    }

    public function testClaimValidationErrors(): void
    {
        $c = $this->client();
        $session = self::open($c)->session;
        self::assertSame('NOT_FOUND', self::thrown(Exception\SessionNotFoundException::class, fn () => $c->sessions->verify(self::uuid(), Support::trxId(), 'bkash'))->getErrorCode());
        self::assertSame('INVALID_SESSION_ID', self::thrown(Exception\SessionNotFoundException::class, fn () => $c->sessions->verify('not-a-uuid', Support::trxId(), 'bkash'))->getErrorCode());
        self::thrown(Exception\InvalidTrxIdException::class, fn () => $c->sessions->verify($session->sessionId, 'ab', 'bkash'));
        $body = ['sessionId' => $session->sessionId, 'trxId' => Support::trxId(), 'provider' => 'paypal'];
        self::thrown(Exception\InvalidProviderException::class, fn () => $c->request('POST', '/api/v1/checkout/verify', $body, false));
    }

    public function testInitializeErrors(): void
    {
        $c = $this->client();
        self::assertSame('webhook_url must use https', self::thrown(Exception\UrlRejectedException::class, fn () => self::open($c, 'http://localhost/hook'))->getMessage());
        $invalid = self::thrown(Exception\ValidationException::class, fn () => self::open($c, Support::SHOP . '/webhook', ['expiresIn' => 5]));
        self::assertStringStartsWith('expires_in', $invalid->getDetails()[0] ?? '');
        self::thrown(Exception\RequestTooLargeException::class, fn () => self::open($c, Support::SHOP . '/webhook', ['metadata' => ['note' => str_repeat('x', 70_000)]]));
        self::thrown(Exception\MissingApiKeyException::class, fn () => self::open(new Client(null, $this->live['api_url'])));
        $bad = self::thrown(Exception\InvalidApiKeyException::class, fn () => self::open(new Client('sk_not-a-key', $this->live['api_url'])));
        self::assertSame([401, 1], [$bad->getStatus(), $bad->getAttempts()]);
    }

    public function testAccountStateErrors(): void
    {
        self::thrown(Exception\AccountInactiveException::class, fn () => self::open($this->client('suspended')));
        self::thrown(Exception\VendorInactiveException::class, fn () => $this->client('suspended')->sessions->verify(self::uuid(), Support::trxId(), 'bkash'));
        self::thrown(Exception\BrandArchivedException::class, fn () => self::open($this->client('archived')));
        self::assertSame(402, self::thrown(Exception\PlatformFeeDueException::class, fn () => self::open($this->client('fee_due')))->getStatus());
    }

    public function testADailyLimitIsRaisedOnTheFirstAttempt(): void
    {
        $c = $this->client('daily', 2);
        self::open($c);
        $e = self::thrown(Exception\DailyLimitException::class, fn () => self::open($c));
        self::assertSame(['VENDOR_DAILY_LIMIT', 1], [$e->getErrorCode(), $e->getAttempts()]);
        self::assertStringContainsString('try again tomorrow', $e->getMessage());
    }

    public function testTheRateLimitCarriesRetryAfter(): void
    {
        $c = $this->client('limited', 0); // with retries the client would wait Retry-After (RetriesTest)
        $c->links->list();
        $c->links->list();
        $e = self::thrown(Exception\RateLimitedException::class, fn () => $c->links->list());
        self::assertTrue($e->getRetryAfter() > 0 && $e->getAttempts() === 1, 'Retry-After, one attempt');
    }

    public function testMaintenanceIsRetriedThenRaised(): void
    {
        Support::admin($this->live, 'PUT', '/admin/v1/platform', ['maintenance' => true]);
        try {
            $e = self::thrown(Exception\MaintenanceException::class, fn () => self::open($this->client('main', 2)));
            self::assertSame([503, 3], [$e->getStatus(), $e->getAttempts()]);
        } finally {
            Support::admin($this->live, 'PUT', '/admin/v1/platform', ['maintenance' => false]);
        }
    }

    public function testThePlatformDailyLimitIsRaisedOnTheFirstAttempt(): void
    {
        Support::admin($this->live, 'PUT', '/admin/v1/platform', ['daily_limit' => 1]);
        try {
            try { // the platform's day is counted while a limit is set: the first may still fit
                self::open($this->client());
            } catch (Exception\DailyLimitException) {
            }
            $e = self::thrown(Exception\DailyLimitException::class, fn () => self::open($this->client('main', 2)));
            self::assertSame(['PLATFORM_DAILY_LIMIT', 1], [$e->getErrorCode(), $e->getAttempts()]);
        } finally {
            Support::admin($this->live, 'PUT', '/admin/v1/platform', ['daily_limit' => null]);
        }
    }

    public function testTheMerchantReadsItsSessionsInItsKeysModeOnlyAmountsExact(): void
    {
        $c = $this->client();
        $t = $this->client(test: true);
        $session = self::open($c, Support::SHOP . '/webhook', ['amount' => '19.99'])->session;
        $read = $c->sessions()->retrieve($session->sessionId);
        self::assertSame(['OPEN', 'live', false, '19.99', 1999, null, null], [$read->status, $read->mode, $read->isTest(), $read->amount, $read->amountPoisha, $read->paidAmount, $read->paidAmountPoisha]);
        self::assertSame($session->sessionId, $c->sessions()->findByOrder($session->orderId)?->sessionId);
        self::thrown(Exception\SessionNotFoundException::class, fn () => $t->sessions()->retrieve($session->sessionId));
        self::assertNull($t->sessions()->findByOrder($session->orderId));
        $page = $c->sessions()->list(status: 'OPEN', limit: 1);
        self::assertCount(1, $page->items);
        self::assertNotNull($page->nextCursor);
        $bad = self::thrown(Exception\ValidationException::class, fn () => $c->sessions()->list(status: 'open'));
        self::assertSame('INVALID_REQUEST', $bad->getErrorCode());
        self::assertStringStartsWith('status:', $bad->getDetails()[0] ?? '');
    }

    public function testATestPaymentCompletesATestSessionWhoseWebhookVerifiesWithTheTestSecretOnly(): void
    {
        $account = $this->live['accounts']['main'];
        $receiver = new Receiver($this->live);
        $t = $this->client(test: true);
        $session = self::open($t, $receiver->url, ['amount' => '99.99'])->session;
        $paid = $t->testPayments()->create($session->sessionId, TestOutcome::Paid);
        self::assertSame(['paid', '99.99', 9999, 'processed'], [$paid->outcome, $paid->amount, $paid->amountPoisha, $paid->sms]);
        self::assertTrue($t->sessions()->verify($session->sessionId, $paid->trxId, $paid->provider)->isCompleted());
        [$event, $headers, $body] = $this->eventFor($receiver, $session->orderId, $account['test_secret']);
        self::assertSame([true, '99.99', 9999], [$event->test, $event->amount, $event->amountPoisha]);
        $stripped = array_filter($headers, fn ($name) => strtolower((string) $name) !== 'x-svc-test', ARRAY_FILTER_USE_KEY);
        foreach ([$headers, $stripped] as $h) {
            $e = self::thrown(Exception\WebhookVerificationException::class, fn () => Webhook::verify($body, $h, $account['secret']));
            self::assertSame('signature_mismatch', $e->getReason());
        }
        $read = $t->sessions()->retrieve($session->sessionId);
        self::assertSame(['COMPLETED', 'test', '99.99', 9999, $paid->trxId], [$read->status, $read->mode, $read->paidAmount, $read->paidAmountPoisha, $read->trxId]);
        self::thrown(Exception\TestSessionNotOpenException::class, fn () => $t->testPayments()->create($session->sessionId, 'paid'));
        self::thrown(Exception\TestKeyRequiredException::class, fn () => $this->client()->testPayments()->create($session->sessionId));
    }

    /** @group issue-31-service */
    public function testVerifyWaitsForALateSmsWithoutCountingAnAttempt(): void
    {
        $t = $this->client(test: true);
        $session = self::open($t, Support::SHOP . '/webhook', ['amount' => '19.99'])->session;
        $late = $t->testPayments()->create($session->sessionId, TestOutcome::LateSms);
        self::assertSame('not_sent', $late->sms);
        foreach ([1, 2, 3] as $_) { // more than the account's 2 failed attempts: none is counted
            $claim = $t->sessions()->verify($session->sessionId, $late->trxId, $late->provider, wait: 1);
            self::assertSame([Claim::SMS_NOT_ARRIVED, true], [$claim->status, $claim->isPending()]);
        }
        $t->testPayments()->create($session->sessionId, 'paid', trxId: $late->trxId);
        self::assertTrue($t->sessions()->verify($session->sessionId, $late->trxId, $late->provider, wait: 5)->isCompleted());
        $body = ['sessionId' => $session->sessionId, 'trxId' => $late->trxId, 'provider' => 'bkash', 'wait' => 26];
        self::thrown(Exception\InvalidWaitException::class, fn () => $t->request('POST', '/api/v1/checkout/verify', $body, false));
    }

    /** @group issue-31-service */
    public function testTheMerchantsTransactionsAreListedAndReadInItsKeysMode(): void
    {
        $t = $this->client(test: true);
        $session = self::open($t, Support::SHOP . '/webhook', ['amount' => '19.99'])->session;
        $paid = $t->testPayments()->create($session->sessionId, 'paid');
        $t->sessions()->verify($session->sessionId, $paid->trxId, $paid->provider);
        $found = $t->transactions()->list(trxId: strtolower($paid->trxId), limit: 5)->items;
        self::assertCount(1, $found);
        $trx = $t->transactions()->retrieve($found[0]->id);
        self::assertSame(['test', 'credit', $paid->trxId, '19.99', 1999, $session->sessionId, $paid->provider], [$trx->mode, $trx->direction, $trx->trxId, $trx->amount, $trx->amountPoisha, $trx->sessionId, $trx->provider]);
        self::assertTrue($trx->counterparty === null || !preg_match('/\d{11}/', $trx->counterparty), 'never a full phone number');
        self::assertSame([$trx->id], array_map(fn ($x) => $x->id, $t->transactions()->list(sessionId: $session->sessionId)->items));
        self::thrown(Exception\TransactionNotFoundException::class, fn () => $this->client()->transactions()->retrieve($trx->id));
        self::assertSame([], $this->client()->transactions()->list(trxId: $paid->trxId)->items);
        $all = 0;
        foreach ($t->transactions()->iterate(provider: Provider::from($paid->provider), pageSize: 1) as $_) {
            if (++$all >= 2) {
                break;
            }
        }
        self::assertGreaterThanOrEqual(1, $all);
    }

    /** @group issue-31-service */
    public function testTheMerchantsWebhookEventsAreListedReadAndRedelivered(): void
    {
        $account = $this->live['accounts']['main'];
        $receiver = new Receiver($this->live);
        $t = $this->client(test: true);
        $session = self::open($t, $receiver->url, ['amount' => '19.99'])->session;
        $paid = $t->testPayments()->create($session->sessionId, 'paid');
        $t->sessions()->verify($session->sessionId, $paid->trxId, $paid->provider);
        [$first] = $this->eventFor($receiver, $session->orderId, $account['test_secret']);
        $deadline = microtime(true) + 10;
        do { // the service records the delivery just after the receiver's 200
            $record = $t->webhookEvents()->retrieve($first->id);
        } while ($record->status !== 'delivered' && microtime(true) < $deadline && usleep(50_000) === null);
        self::assertSame([$first->id, 'delivered', $session->sessionId, 'COMPLETED', 'test'], [$record->id, $record->status, $record->sessionId, $record->paymentStatus, $record->mode]);
        self::assertSame([$first->id], array_map(fn ($e) => $e->id, $t->webhookEvents()->list(orderId: $session->orderId)->items));
        $again = $t->webhookEvents()->redeliver($first->id);
        self::assertSame([$first->id, 'queued'], [$again->id, $again->status]);
        [$second, $headers] = $this->eventFor($receiver, $session->orderId, $account['test_secret']);
        self::assertSame([$first->id, '2'], [$second->id, $headers['x-svc-attempt'] ?? null]);
        self::thrown(Exception\EventNotFoundException::class, fn () => $this->client()->webhookEvents()->retrieve($first->id));

        $unreachable = self::open($t, Support::SHOP . '/webhook', ['amount' => '5'])->session; // no shop answers there
        $paid = $t->testPayments()->create($unreachable->sessionId, 'paid');
        $t->sessions()->verify($unreachable->sessionId, $paid->trxId, $paid->provider);
        $waiting = $t->webhookEvents()->list(orderId: $unreachable->orderId, status: 'queued')->items;
        self::assertCount(1, $waiting);
        self::thrown(Exception\EventAlreadyQueuedException::class, fn () => $t->webhookEvents()->redeliver($waiting[0]->id));
    }

    /** @group issue-31-service */
    public function testALinkCreatedTwiceWithOneIdempotencyKeyIsOneLink(): void
    {
        $c = $this->client();
        $key = 'php-' . bin2hex(random_bytes(8));
        $first = $c->links->create('Kurta', '750.50', idempotencyKey: $key);
        $again = $c->links->create('Kurta', '750.50', idempotencyKey: $key);
        self::assertSame([$first->id, false, true], [$again->id, $first->replayed, $again->replayed]);
        self::thrown(Exception\IdempotencyKeyReusedException::class, fn () => $c->links->create('Shirt', '750.50', idempotencyKey: $key));
        $body = ['amount' => 10, 'description' => 'Kurta'];
        self::thrown(Exception\InvalidIdempotencyKeyException::class, fn () => $c->request('POST', '/api/v1/payment-links', $body, false, ['idempotency-key' => str_repeat('k', 256)]));
    }
}
