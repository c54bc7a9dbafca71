<?php

declare(strict_types=1);

// Retries and time-outs, against a local stub (the real service is never made to fail).
use Claimsvc\Client;
use Claimsvc\Exception;
use Claimsvc\Tests\Stub;
use Claimsvc\Tests\Support;

use function Claimsvc\Tests\ok;
use function Claimsvc\Tests\same;
use function Claimsvc\Tests\throws;

$session = [
    'session_id' => '6041e40e-4623-483e-9968-efa1a8589709', 'payment_id' => 'pay_1', 'order_id' => 'o-1',
    'amount' => 10.5, 'status' => 'OPEN', 'checkout_url' => 'http://x/checkout/1', 'expires_at' => '2026-11-21T11:43:29Z',
];
$maintenance = ['error' => 'Checkout is temporarily unavailable for maintenance. Please try again shortly.'];

/** Runs $fn(stub, client, sleeps) against a stub answering $replies. */
$stubbed = static function (array $replies, callable $fn, array $options = []): void {
    $stub = new Stub($replies);
    $sleeps = new ArrayObject();
    try {
        $client = new Client('sk_test', $stub->url, $options['timeoutMs'] ?? 10_000, $options['maxRetries'] ?? 2, 500, 8000, fn (int $ms) => $sleeps->append($ms));
        $fn($stub, $client, $sleeps);
    } finally {
        $stub->close();
    }
};
$initialize = static fn (Client $c) => $c->sessions->initialize('o-1', Support::SHOP . '/s', Support::SHOP . '/c', Support::SHOP . '/w', '10.50');

$tests = [];
$tests['a 503 is retried with the same body and request id, then succeeds'] = static function () use ($stubbed, $initialize, $session, $maintenance): void {
    $stubbed([[503, $maintenance], [503, $maintenance], [201, $session]], static function (Stub $stub, Client $c, ArrayObject $sleeps) use ($initialize): void {
        $result = $initialize($c);
        same('6041e40e-4623-483e-9968-efa1a8589709', $result->session->sessionId);
        same(false, $result->replayed);
        same(1050, $result->session->amountPoisha);
        $seen = $stub->seen();
        same(3, count($seen));
        same(1, count(array_unique(array_column($seen, 'body'))));
        same(1, count(array_unique(array_map(fn ($s) => $s['headers']['x-request-id'], $seen))));
        ok(str_contains($seen[0]['body'], '"amount":10.50'), 'the exact amount text');
        same(2, count($sleeps));
        ok($sleeps[0] >= 250 && $sleeps[0] <= 500 && $sleeps[1] >= 500 && $sleeps[1] <= 1000, 'backoff with jitter');
    });
};
$tests['retries stop after maxRetries and the exception counts the attempts'] = static function () use ($stubbed, $initialize, $maintenance): void {
    $stubbed([[503, $maintenance]], static function (Stub $stub, Client $c) use ($initialize): void {
        $e = throws(Exception\MaintenanceException::class, fn () => $initialize($c));
        same(2, $e->getAttempts());
        same(2, count($stub->seen()));
    }, ['maxRetries' => 1]);
};
$notWorth = [
    [400, ['success' => false, 'error' => 'Invalid trxId format', 'message' => 'Invalid trxId format'], Exception\InvalidTrxIdException::class],
    [401, ['error' => 'Unauthorized API Key'], Exception\InvalidApiKeyException::class],
    [403, ['error' => 'Vendor account is not active to process payments'], Exception\AccountInactiveException::class],
    [404, ['success' => false, 'error' => 'NOT_FOUND', 'message' => 'Invalid checkout session.'], Exception\SessionNotFoundException::class],
    [429, ['error' => ['code' => 'RATE_LIMITED', 'message' => 'slow down']], Exception\RateLimitedException::class],
    [429, ['success' => false, 'error' => 'TOO_MANY_ATTEMPTS', 'message' => 'locked'], Exception\TooManyAttemptsException::class],
];
foreach ($notWorth as [$status, $body, $class]) {
    $tests["a $status " . basename(str_replace('\\', '/', $class)) . ' is sent once'] = static function () use ($stubbed, $status, $body, $class): void {
        $stubbed([[$status, $body], [200, []]], static function (Stub $stub, Client $c, ArrayObject $sleeps) use ($class): void {
            $e = throws($class, fn () => $c->sessions->verify('6041e40e-4623-483e-9968-efa1a8589709', 'ab', 'bkash'));
            same(1, $e->getAttempts());
            same(1, count($stub->seen()));
            same(0, count($sleeps));
        });
    };
}
$tests['a 500 on verify is retried'] = static function () use ($stubbed): void {
    $internal = ['success' => false, 'error' => 'Internal system error', 'message' => 'Internal system error'];
    $done = ['success' => true, 'status' => 'COMPLETED', 'amount' => 10.5, 'redirect_url' => 'https://s'];
    $stubbed([[500, $internal], [200, $done]], static function (Stub $stub, Client $c): void {
        ok($c->sessions->verify('6041e40e-4623-483e-9968-efa1a8589709', 'ABC123', 'bkash')->isCompleted(), 'completed');
        same(2, count($stub->seen()));
    });
};
$tests['creating a link is not retried on a 500'] = static function () use ($stubbed): void {
    $stubbed([[500, ['error' => 'Internal server error']], [201, []]], static function (Stub $stub, Client $c): void {
        throws(Exception\ServerException::class, fn () => $c->links->create('Kurta', '750'));
        same(1, count($stub->seen()));
    });
};
$tests['a daily-limit 429 is retried'] = static function () use ($stubbed, $initialize, $session): void {
    $daily = ['error' => 'The vendor daily transaction limit has been reached. Please try again tomorrow.'];
    $stubbed([[429, $daily], [201, $session]], static function (Stub $stub, Client $c) use ($initialize): void {
        $initialize($c);
        same(2, count($stub->seen()));
    });
};
$tests['a time-out raises after the configured time and is retried'] = static function () use ($stubbed, $initialize, $session): void {
    $stubbed([[201, $session, 400]], static function (Stub $stub, Client $c) use ($initialize): void {
        throws(Exception\ApiTimeoutException::class, fn () => $initialize($c));
        usleep(450_000); // the single-threaded stub finishes its slow answers
        same(2, count($stub->seen()));
    }, ['timeoutMs' => 100, 'maxRetries' => 1]);
};
$tests['a refused connection is a connection error; the default time-out is set'] = static function (): void {
    $probe = stream_socket_server('tcp://127.0.0.1:0');
    $port = (int) substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
    fclose($probe);
    throws(Exception\ApiConnectionException::class, fn () => (new Client('sk', "http://127.0.0.1:$port", maxRetries: 0))->links->get('lnk_1'));
    same(10_000, (new Client('sk'))->timeoutMs);
};
$tests['PENDING_VERIFICATION is a result, not an exception'] = static function () use ($stubbed): void {
    $pending = ['success' => false, 'error' => 'PENDING_VERIFICATION', 'message' => 'Payment found; the merchant is confirming it.'];
    $stubbed([[202, $pending]], static function (Stub $stub, Client $c): void {
        $claim = $c->sessions->verify('6041e40e-4623-483e-9968-efa1a8589709', 'ABC123', 'bkash');
        same([true, false, 'PENDING_VERIFICATION'], [$claim->isPending(), $claim->isCompleted(), $claim->status]);
        same(1, count($stub->seen()));
    });
};
return $tests;
