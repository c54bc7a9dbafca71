<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

use Claimsvc\Client;
use Claimsvc\Exception;

/** Retries and time-outs (issue 31's contract, section 6), against a local stub. */
final class RetriesTest extends StubbedTestCase
{
    private const SESSION = '{"session_id":"6041e40e-4623-483e-9968-efa1a8589709","payment_id":"pay_1","order_id":"o-1",'
        . '"amount":10.5,"status":"OPEN","checkout_url":"http://x/checkout/1","expires_at":"2026-11-21T11:43:29Z"}';
    private const MAINTENANCE = ['error' => 'Checkout is temporarily unavailable for maintenance. Please try again shortly.'];
    private const RATE_LIMITED = ['error' => ['code' => 'RATE_LIMITED', 'message' => 'Too many requests']];

    private static function initialize(Client $c): \Claimsvc\InitializeResult
    {
        $shop = Support::SHOP;
        return $c->sessions->initialize('o-1', '10.50', successUrl: "$shop/s", cancelUrl: "$shop/c", webhookUrl: "$shop/w");
    }

    public function testA503IsRetriedWithTheSameBodyAndRequestIdThenSucceeds(): void
    {
        $this->stubbed([[503, self::MAINTENANCE], [503, self::MAINTENANCE], [201, self::SESSION]], function (Stub $stub, Client $c, \ArrayObject $sleeps): void {
            $result = self::initialize($c);
            self::assertSame(['6041e40e-4623-483e-9968-efa1a8589709', false, 1050], [$result->session->sessionId, $result->replayed, $result->session->amountPoisha]);
            $seen = $stub->seen();
            self::assertCount(3, $seen);
            self::assertCount(1, array_unique(array_column($seen, 'body')));
            self::assertCount(1, array_unique(array_map(fn ($s) => $s['headers']['x-request-id'], $seen)));
            self::assertStringContainsString('"amount":10.50', $seen[0]['body']);
            self::assertCount(2, $sleeps);
            self::assertTrue($sleeps[0] >= 250 && $sleeps[0] <= 500 && $sleeps[1] >= 500 && $sleeps[1] <= 1000, 'backoff with jitter');
        });
    }

    public function testRetriesStopAfterMaxRetriesAndTheExceptionCountsTheAttempts(): void
    {
        $this->stubbed([[503, self::MAINTENANCE]], function (Stub $stub, Client $c): void {
            $e = self::thrown(Exception\MaintenanceException::class, fn () => self::initialize($c));
            self::assertSame([2, 2], [$e->getAttempts(), count($stub->seen())]);
        }, ['maxRetries' => 1]);
    }

    /** @return iterable<string, array{int, mixed}> */
    public static function gateways(): iterable
    {
        yield '500' => [500, ['error' => 'Internal server error']];
        yield '502' => [502, '<html>bad gateway</html>'];
        yield '504' => [504, '<html>gateway time-out</html>'];
    }

    /** @dataProvider gateways */
    public function testA5xxOfAProxyIsRetried(int $status, mixed $body): void
    {
        $this->stubbed([[$status, $body], [201, self::SESSION]], function (Stub $stub, Client $c): void {
            self::assertSame(1050, self::initialize($c)->session->amountPoisha);
            self::assertCount(2, $stub->seen());
        });
    }

    public function testRateLimitedIsRetriedAfterItsRetryAfter(): void
    {
        $this->stubbed([[429, self::RATE_LIMITED, 0, ['Retry-After' => '3']], [200, '{"items":[],"next_cursor":null}']], function (Stub $stub, Client $c, \ArrayObject $sleeps): void {
            self::assertCount(0, $c->links->list());
            self::assertSame([3000], $sleeps->getArrayCopy(), 'waited the Retry-After');
            self::assertCount(2, $stub->seen());
        });
    }

    public function testRateLimitedHonoursRateLimitResetWithoutRetryAfter(): void
    {
        $this->stubbed([[429, self::RATE_LIMITED, 0, ['RateLimit-Reset' => '2']], [200, '{"items":[],"next_cursor":null}']], function (Stub $stub, Client $c, \ArrayObject $sleeps): void {
            $c->transactions()->list();
            self::assertSame([2000], $sleeps->getArrayCopy());
        });
    }

    public function testARateLimitAskingForMoreThanAMinuteIsRaisedAtOnce(): void
    {
        $this->stubbed([[429, self::RATE_LIMITED, 0, ['Retry-After' => '3600']], [200, '{"items":[],"next_cursor":null}']], function (Stub $stub, Client $c, \ArrayObject $sleeps): void {
            $e = self::thrown(Exception\RateLimitedException::class, fn () => $c->links->list());
            self::assertSame([3600, 1, 1, 0], [$e->getRetryAfter(), $e->getAttempts(), count($stub->seen()), count($sleeps)]);
        });
    }

    /** @return iterable<string, array{string, string}> */
    public static function dailyLimits(): iterable
    {
        yield 'vendor' => ['The vendor daily transaction limit has been reached. Please try again tomorrow.', 'VENDOR_DAILY_LIMIT'];
        yield 'platform' => ['The platform daily transaction limit has been reached. Please try again tomorrow.', 'PLATFORM_DAILY_LIMIT'];
    }

    /** @dataProvider dailyLimits */
    public function testADailyLimitIsRaisedOnTheFirstAttemptOneRequestMade(string $text, string $code): void
    {
        $this->stubbed([[429, ['error' => $text]], [201, self::SESSION]], function (Stub $stub, Client $c, \ArrayObject $sleeps) use ($code): void {
            $e = self::thrown(Exception\DailyLimitException::class, fn () => self::initialize($c));
            self::assertSame([$code, 1, 1, 0], [$e->getErrorCode(), $e->getAttempts(), count($stub->seen()), count($sleeps)]);
            self::assertStringContainsString('try again tomorrow', $e->getMessage());
        });
    }

    /** @return iterable<string, array{int, array<string, mixed>, class-string}> */
    public static function notWorthRetrying(): iterable
    {
        yield '400' => [400, ['success' => false, 'error' => 'Invalid trxId format', 'message' => 'Invalid trxId format'], Exception\InvalidTrxIdException::class];
        yield '401' => [401, ['error' => 'Unauthorized API Key'], Exception\InvalidApiKeyException::class];
        yield '403' => [403, ['error' => 'Vendor account is not active to process payments'], Exception\AccountInactiveException::class];
        yield '404' => [404, ['success' => false, 'error' => 'NOT_FOUND', 'message' => 'Invalid checkout session.'], Exception\SessionNotFoundException::class];
        yield '429 TOO_MANY_ATTEMPTS' => [429, ['success' => false, 'error' => 'TOO_MANY_ATTEMPTS', 'message' => 'locked'], Exception\TooManyAttemptsException::class];
    }

    /**
     * @dataProvider notWorthRetrying
     * @param array<string, mixed> $body
     * @param class-string<\Throwable> $class
     */
    public function testAnAnswerNotWorthRetryingIsSentOnce(int $status, array $body, string $class): void
    {
        $this->stubbed([[$status, $body], [200, []]], function (Stub $stub, Client $c, \ArrayObject $sleeps) use ($class): void {
            $e = self::thrown($class, fn () => $c->sessions->verify(self::SESSION_ID, 'ABC123', 'bkash'));
            self::assertSame([1, 1, 0], [$e->getAttempts(), count($stub->seen()), count($sleeps)]);
        });
    }

    public function testA500OnVerifyIsRetried(): void
    {
        $internal = ['success' => false, 'error' => 'Internal system error', 'message' => 'Internal system error'];
        $done = '{"success":true,"status":"COMPLETED","amount":10.5,"redirect_url":"https://s"}';
        $this->stubbed([[500, $internal], [200, $done]], function (Stub $stub, Client $c): void {
            self::assertTrue($c->sessions->verify(self::SESSION_ID, 'ABC123', 'bkash')->isCompleted());
            self::assertCount(2, $stub->seen());
        });
    }

    public function testATestPaymentIsNotRetried(): void
    {
        $this->stubbed([[500, ['error' => 'Internal server error']], [202, []]], function (Stub $stub, Client $c): void {
            self::thrown(Exception\ServerException::class, fn () => $c->testPayments()->create(self::SESSION_ID));
            self::assertCount(1, $stub->seen());
        });
    }

    public function testATimeOutRaisesAfterTheConfiguredTimeAndIsRetried(): void
    {
        $this->stubbed([[201, self::SESSION, 400]], function (Stub $stub, Client $c): void {
            self::thrown(Exception\ApiTimeoutException::class, fn () => self::initialize($c));
            // The single-threaded stub reads the retry once its slow first answer is done.
            self::assertCount(2, $stub->waitSeen(2));
        }, ['timeoutMs' => 100, 'maxRetries' => 1]);
    }

    public function testARefusedConnectionIsAConnectionErrorAndTheDefaultTimeOutIsSet(): void
    {
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        $port = (int) substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
        fclose($probe);
        self::thrown(Exception\ApiConnectionException::class, fn () => (new Client('sk', "http://127.0.0.1:$port", maxRetries: 0))->links->retrieve('lnk_1'));
        self::assertSame(10_000, (new Client('sk'))->timeoutMs);
    }
}
