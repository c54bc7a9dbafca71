<?php

declare(strict_types=1);

// Against the real service (CLAIMSVC_SDK_LIVE, set by the repository's tests/sdk): open, pay
// through the SMS intake, verify, receive and verify the webhook, cancel, links, every error.
use Claimsvc\Client;
use Claimsvc\Exception;
use Claimsvc\Tests\Receiver;
use Claimsvc\Tests\Support;
use Claimsvc\Webhook;
use Claimsvc\WebhookEvent;

use function Claimsvc\Tests\ok;
use function Claimsvc\Tests\same;
use function Claimsvc\Tests\throws;

$shop = Support::SHOP;
$client = static function (string $account = 'main', int $maxRetries = 2): Client {
    $live = Support::live();
    return new Client($live['accounts'][$account]['key'], $live['api_url'], maxRetries: $maxRetries, backoffMs: 10);
};
$open = static function (Client $c, string $hook = Support::SHOP . '/webhook', array $more = []) {
    return $c->sessions->initialize(Support::orderId(), Support::SHOP . '/success', Support::SHOP . '/cancel', $hook, ...($more + ['amount' => '437.25']));
};
/** The next webhook to $receiver for $order, verified with the account's secret. */
$eventFor = static function (Receiver $receiver, string $order, string $account = 'main'): WebhookEvent {
    $secret = Support::live()['accounts'][$account]['secret'];
    while (true) {
        [$body, $headers] = $receiver->next();
        $event = Webhook::verify($body, $headers, $secret);
        if ($event->orderId === $order) {
            return $event;
        }
    }
};
$uuid = static function (): string {
    $b = random_bytes(16);
    $b[6] = chr(ord($b[6]) & 0x0f | 0x40);
    $b[8] = chr(ord($b[8]) & 0x3f | 0x80);
    return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($b), 4));
};

return [
    'open, pay, verify and receive the signed webhook' => static function () use ($client, $open, $eventFor, $shop): void {
        $live = Support::live();
        $receiver = new Receiver($live);
        $c = $client();
        $opened = $open($c, $receiver->url);
        $session = $opened->session;
        same(false, $opened->replayed);
        same('OPEN', $session->status);
        same(43725, $session->amountPoisha);
        $again = $c->sessions->initialize($session->orderId, "$shop/success", "$shop/cancel", $receiver->url, amountPoisha: 43725);
        same(true, $again->replayed);
        same($session->sessionId, $again->session->sessionId);
        $conflict = throws(Exception\OrderIdConflictException::class, fn () => $c->sessions->initialize($session->orderId, "$shop/success", "$shop/cancel", $receiver->url, '437.26'));
        same(['amount differs from the existing session'], $conflict->getDetails());

        $trx = Support::trxId();
        Support::pay($live, 'main', '437.25', $trx);
        $claim = $c->sessions->verify($session->sessionId, strtolower($trx), 'bkash');
        ok($claim->isCompleted(), 'completed');
        same(43725, $claim->amountPoisha);
        same("$shop/success", $claim->redirectUrl);
        ok($c->sessions->verify($session->sessionId, $trx, 'bkash')->isCompleted(), 'the same claim again');

        $event = $eventFor($receiver, $session->orderId);
        same(['COMPLETED', $session->paymentId, 43725, '437.25', false], [$event->paymentStatus, $event->trid, $event->amountPoisha, $event->amount, $event->test]);
        ok(ctype_digit($event->id), 'a numeric event id');

        throws(Exception\AlreadyCompletedException::class, fn () => $c->sessions->verify($session->sessionId, Support::trxId(), 'bkash'));
        throws(Exception\AlreadyCompletedException::class, fn () => $c->sessions->cancel($session->sessionId));
        same('COMPLETED', $c->sessions->get($session->sessionId)['status']);

        // Cancel: the CANCELLED webhook, and the session closed to claims.
        $other = $open($c, $receiver->url)->session;
        $cancelled = $c->sessions->cancel($other->sessionId);
        same(['CANCELLED', "$shop/cancel"], [$cancelled['status'], $cancelled['redirect_url']]);
        same('CANCELLED', $c->sessions->cancel($other->sessionId)['status']);
        $gone = throws(Exception\SessionUnavailableException::class, fn () => $c->sessions->verify($other->sessionId, Support::trxId(), 'bkash'));
        same([410, 'This checkout session is no longer available.'], [$gone->getStatus(), $gone->getMessage()]);
        same('CANCELLED', $eventFor($receiver, $other->orderId)->paymentStatus);
    },
    'failed claims lock the session' => static function () use ($client, $open): void {
        $c = $client();
        $session = $open($c)->session;
        $failed = throws(Exception\VerificationFailedException::class, fn () => $c->sessions->verify($session->sessionId, Support::trxId(), 'bkash'));
        same(1, $failed->getAttempts());
        throws(Exception\TooManyAttemptsException::class, fn () => $c->sessions->verify($session->sessionId, Support::trxId(), 'bkash'));
    },
    'payment links: create, list, get, disable' => static function () use ($client): void {
        $c = $client();
        $link = $c->links->create('Blue kurta, size M', '750.50', orderRef: Support::orderId('INV'), singleUse: true);
        same(['active', 75050, '750.50'], [$link->status, $link->amountPoisha, $link->amount]);
        same($link->id, $c->links->get($link->id)->id);
        ok(in_array($link->id, array_map(fn ($l) => $l->id, $c->links->list(50)['items']), true), 'listed');
        $all = [];
        foreach ($c->links->iterate(1) as $item) {
            $all[] = $item->id;
        }
        ok(in_array($link->id, $all, true), 'iterated');
        same('disabled', $c->links->disable($link->id)->status);
        same('disabled', $c->links->get($link->id)->status);
        $missing = throws(Exception\NotFoundException::class, fn () => $c->links->get('lnk_' . bin2hex(random_bytes(8))));
        same('NOT_FOUND', $missing->getErrorCode());
    },
    'claim validation errors' => static function () use ($client, $open, $uuid): void {
        $c = $client();
        $session = $open($c)->session;
        same('NOT_FOUND', throws(Exception\SessionNotFoundException::class, fn () => $c->sessions->verify($uuid(), Support::trxId(), 'bkash'))->getErrorCode());
        same('INVALID_SESSION_ID', throws(Exception\SessionNotFoundException::class, fn () => $c->sessions->verify('not-a-uuid', Support::trxId(), 'bkash'))->getErrorCode());
        throws(Exception\InvalidTrxIdException::class, fn () => $c->sessions->verify($session->sessionId, 'ab', 'bkash'));
        throws(Exception\InvalidProviderException::class, fn () => $c->sessions->verify($session->sessionId, Support::trxId(), 'paypal'));
    },
    'initialize errors' => static function () use ($client, $open): void {
        $live = Support::live();
        $c = $client();
        same('webhook_url must use https', throws(Exception\UrlRejectedException::class, fn () => $open($c, 'http://localhost/hook'))->getMessage());
        $invalid = throws(Exception\ValidationException::class, fn () => $open($c, Support::SHOP . '/webhook', ['expiresIn' => 5]));
        ok(str_starts_with($invalid->getDetails()[0] ?? '', 'expires_in'), 'details name the field');
        throws(Exception\RequestTooLargeException::class, fn () => $open($c, Support::SHOP . '/webhook', ['metadata' => ['note' => str_repeat('x', 70_000)]]));
        throws(Exception\MissingApiKeyException::class, fn () => $open(new Client(null, $live['api_url'])));
        $bad = throws(Exception\InvalidApiKeyException::class, fn () => $open(new Client('sk_not-a-key', $live['api_url'])));
        same([401, 1], [$bad->getStatus(), $bad->getAttempts()]);
    },
    'account state errors' => static function () use ($client, $open, $uuid): void {
        throws(Exception\AccountInactiveException::class, fn () => $open($client('suspended')));
        throws(Exception\VendorInactiveException::class, fn () => $client('suspended')->sessions->verify($uuid(), Support::trxId(), 'bkash'));
        throws(Exception\BrandArchivedException::class, fn () => $open($client('archived')));
        same(402, throws(Exception\PlatformFeeDueException::class, fn () => $open($client('fee_due')))->getStatus());
    },
    'a daily limit is retried, then raised' => static function () use ($client, $open): void {
        $c = $client('daily', 1);
        $open($c);
        $e = throws(Exception\DailyLimitException::class, fn () => $open($c));
        same(['VENDOR_DAILY_LIMIT', 2], [$e->getErrorCode(), $e->getAttempts()]);
    },
    'the rate limit carries Retry-After and is not retried' => static function () use ($client): void {
        $c = $client('limited');
        $c->links->list();
        $c->links->list();
        $e = throws(Exception\RateLimitedException::class, fn () => $c->links->list());
        ok($e->getRetryAfter() > 0 && $e->getAttempts() === 1, 'Retry-After, one attempt');
    },
    'maintenance is retried, then raised' => static function () use ($client, $open): void {
        $live = Support::live();
        Support::admin($live, 'PUT', '/admin/v1/platform', ['maintenance' => true]);
        try {
            $e = throws(Exception\MaintenanceException::class, fn () => $open($client('main', 2)));
            same([503, 3], [$e->getStatus(), $e->getAttempts()]);
        } finally {
            Support::admin($live, 'PUT', '/admin/v1/platform', ['maintenance' => false]);
        }
    },
    'the platform daily limit is retried, then raised' => static function () use ($client, $open): void {
        $live = Support::live();
        Support::admin($live, 'PUT', '/admin/v1/platform', ['daily_limit' => 1]);
        try {
            try { // the platform's day is counted while a limit is set: the first may still fit
                $open($client());
            } catch (Exception\DailyLimitException) {
            }
            $e = throws(Exception\DailyLimitException::class, fn () => $open($client('main', 1)));
            same(['PLATFORM_DAILY_LIMIT', 2], [$e->getErrorCode(), $e->getAttempts()]);
        } finally {
            Support::admin($live, 'PUT', '/admin/v1/platform', ['daily_limit' => null]);
        }
    },
    'the merchant reads its sessions in its key\'s mode only, amounts exact' => static function () use ($client, $open): void {
        $live = Support::live();
        $c = $client();
        $t = new Client($live['accounts']['main']['test_key'], $live['api_url'], backoffMs: 10);
        $session = $open($c, Support::SHOP . '/webhook', ['amount' => '19.99'])->session;
        $read = $c->sessions()->retrieve($session->sessionId);
        same(['OPEN', 'live', false, '19.99', 1999, null, null], [$read->status, $read->mode, $read->isTest(), $read->amount, $read->amountPoisha, $read->paidAmount, $read->paidAmountPoisha]);
        same($session->sessionId, $c->sessions()->findByOrder($session->orderId)?->sessionId);
        throws(Exception\SessionNotFoundException::class, fn () => $t->sessions()->retrieve($session->sessionId));
        same(null, $t->sessions()->findByOrder($session->orderId));
        $page = $c->sessions()->list(status: 'OPEN', limit: 1);
        same(1, count($page->items));
        ok($page->nextCursor !== null, 'a next page');
        $bad = throws(Exception\ValidationException::class, fn () => $c->sessions()->list(status: 'open'));
        same('INVALID_REQUEST', $bad->getErrorCode());
    },
    'a test session\'s webhook verifies with the test secret, never with the live one' => static function () use ($open): void {
        $live = Support::live();
        $account = $live['accounts']['main'];
        $receiver = new Receiver($live);
        $t = new Client($account['test_key'], $live['api_url'], backoffMs: 10);
        $session = $open($t, $receiver->url, ['amount' => '99.99'])->session;
        $paid = Support::call('POST', $live['api_url'] . '/api/v1/test/payments', ['session_id' => $session->sessionId, 'outcome' => 'paid'], ['x-api-key: ' . $account['test_key']]);
        ok($t->sessions()->verify($session->sessionId, $paid['trx_id'], $paid['provider'])->isCompleted(), 'paid');
        do {
            [$body, $headers] = $receiver->next();
        } while ((json_decode($body, true)['order_id'] ?? null) !== $session->orderId);
        $event = Webhook::verify($body, $headers, $account['test_secret']);
        same([true, '99.99', 9999], [$event->test, $event->amount, $event->amountPoisha]);
        $stripped = array_filter($headers, fn ($name) => strtolower((string) $name) !== 'x-svc-test', ARRAY_FILTER_USE_KEY);
        foreach ([$headers, $stripped] as $h) {
            $e = throws(Exception\WebhookVerificationException::class, fn () => Webhook::verify($body, $h, $account['secret']));
            same('signature_mismatch', $e->getReason());
        }
        $read = $t->sessions()->retrieve($session->sessionId);
        same(['COMPLETED', 'test', '99.99', 9999, $paid['trx_id']], [$read->status, $read->mode, $read->paidAmount, $read->paidAmountPoisha, $read->trxId]);
    },
];
