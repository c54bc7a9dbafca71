<?php

declare(strict_types=1);

namespace Claimsvc;

use Claimsvc\Exception\ApiConnectionException;
use Claimsvc\Exception\ApiException;
use Claimsvc\Exception\ApiTimeoutException;

/**
 * The API client: `new Client('sk_...', 'https://pay.example.com')`, then $client->sessions(),
 * links(), transactions(), webhookEvents() and testPayments(). Only calls safe to repeat (reads,
 * initialize, verify, cancel, a link create with its Idempotency-Key) are retried, with the same
 * body and request id: on RATE_LIMITED after its Retry-After, on 500, 502, 503, 504, and when
 * no answer came. Never on a daily limit. Backoff doubles from $backoffMs with jitter.
 */
final class Client
{
    public const VERSION = '0.2.0';
    /** A RATE_LIMITED answer asking for a longer wait than this is raised, not slept through. */
    public const MAX_RETRY_AFTER_SECONDS = 10;

    public readonly Sessions $sessions;
    public readonly PaymentLinks $links;
    public readonly Transactions $transactions;
    public readonly WebhookEvents $webhookEvents;
    public readonly TestPayments $testPayments;
    public readonly string $baseUrl;
    /** @var callable(int): void */
    private $sleep;

    /** @param null|callable(int): void $sleep milliseconds; for tests */
    public function __construct(
        public readonly ?string $apiKey,
        string $baseUrl = 'http://localhost:8080',
        public readonly int $timeoutMs = 10_000,
        public readonly int $maxRetries = 2,
        public readonly int $backoffMs = 500,
        public readonly int $maxBackoffMs = 8_000,
        ?callable $sleep = null,
    ) {
        if ($timeoutMs <= 0 || $maxRetries < 0) {
            throw new \InvalidArgumentException('timeoutMs must be positive and maxRetries at least 0');
        }
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->sleep = $sleep ?? static fn (int $ms) => usleep($ms * 1000);
        $this->sessions = new Sessions($this);
        $this->links = new PaymentLinks($this);
        $this->transactions = new Transactions($this);
        $this->webhookEvents = new WebhookEvents($this);
        $this->testPayments = new TestPayments($this);
    }

    /** The same as $client->sessions, as a call: $client->sessions()->retrieve($id). */
    public function sessions(): Sessions
    {
        return $this->sessions;
    }

    /** The same as $client->links, as a call. */
    public function links(): PaymentLinks
    {
        return $this->links;
    }

    /** The money that moved in your wallets, read from their SMS: $client->transactions()->list(). */
    public function transactions(): Transactions
    {
        return $this->transactions;
    }

    /** Your webhook events and their delivery: list, retrieve, redeliver. */
    public function webhookEvents(): WebhookEvents
    {
        return $this->webhookEvents;
    }

    /** Test payments for sessions opened with a test key (sk_test_...). */
    public function testPayments(): TestPayments
    {
        return $this->testPayments;
    }

    /**
     * The low-level call every typed method goes through, for an endpoint this version does not
     * wrap yet: [status, decoded body, lower-case response headers] of a 2xx answer; the named
     * ApiException otherwise. Decimal numbers in the body are their exact text (Json::decode).
     *
     * @param array<string, mixed>|null $body
     * @param array<string, string> $headers extra request headers
     * @return array{int, mixed, array<string, string>}
     */
    public function request(
        string $method,
        string $path,
        ?array $body,
        bool $idempotent,
        array $headers = [],
        ?int $timeoutMs = null,
    ): array {
        $data = $body === null ? null : Json::encode($body);
        $requestId = bin2hex(random_bytes(8));
        for ($attempt = 1; ; $attempt++) {
            try {
                return $this->send($method, $path, $data, $requestId, $headers, $timeoutMs ?? $this->timeoutMs);
            } catch (ApiException | ApiConnectionException $e) {
                if ($e instanceof ApiException) {
                    $e->setAttempts($attempt);
                }
                if (!($idempotent && $attempt <= $this->maxRetries && self::worthRetrying($e))) {
                    throw $e;
                }
                ($this->sleep)($this->delayMs($attempt, $e));
            }
        }
    }

    /** A path with its query string, the null values left out. @param array<string, mixed> $query */
    public static function path(string $path, array $query): string
    {
        $given = array_filter($query, static fn ($v) => $v !== null);
        $given = array_map(static fn ($v) => $v instanceof \BackedEnum ? $v->value : $v, $given);
        $text = http_build_query($given, '', '&', PHP_QUERY_RFC3986);
        return $text === '' ? $path : "$path?$text";
    }

    private static function worthRetrying(ApiException|ApiConnectionException $e): bool
    {
        if ($e instanceof ApiConnectionException) {
            return true; // no answer: the outcome is unknown, and the call is safe to repeat
        }
        $after = $e->getRetryAfter();
        return $e->isRetryable() && ($after === null || $after <= self::MAX_RETRY_AFTER_SECONDS);
    }

    /** Exponential backoff, half fixed and half random; a longer Retry-After wins. */
    public function delayMs(int $attempt, \Throwable $e): int
    {
        $ceiling = min($this->maxBackoffMs, $this->backoffMs * 2 ** ($attempt - 1));
        $delay = intdiv($ceiling, 2) + random_int(0, intdiv($ceiling, 2));
        $after = $e instanceof ApiException ? $e->getRetryAfter() : null;
        return $after !== null ? max($delay, $after * 1000) : $delay;
    }

    /** @return array{int, mixed} */
    /**
     * @param array<string, string> $extra
     * @return array{int, mixed, array<string, string>}
     */
    private function send(string $method, string $path, ?string $data, string $requestId, array $extra, int $timeoutMs): array
    {
        $headers = [
            'accept: application/json',
            'user-agent: claimsvc-sdk-php/' . self::VERSION,
            "x-request-id: $requestId",
        ];
        if ($data !== null) {
            $headers[] = 'content-type: application/json';
        }
        if ($this->apiKey !== null && $this->apiKey !== '') {
            $headers[] = 'x-api-key: ' . $this->apiKey;
        }
        foreach ($extra as $name => $value) {
            $headers[] = "$name: $value";
        }
        $received = [];
        $curl = curl_init($this->baseUrl . $path);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_TIMEOUT_MS => $timeoutMs,
            CURLOPT_CONNECTTIMEOUT_MS => min($timeoutMs, 5_000),
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_HEADERFUNCTION => static function ($_, string $line) use (&$received): int {
                $parts = explode(':', $line, 2);
                if (count($parts) === 2) {
                    $received[strtolower(trim($parts[0]))] = trim($parts[1]);
                }
                return strlen($line);
            },
        ]);
        if ($data !== null) {
            curl_setopt($curl, CURLOPT_POSTFIELDS, $data);
        } elseif ($method === 'POST') {
            curl_setopt($curl, CURLOPT_POSTFIELDS, '');
        }
        $raw = curl_exec($curl);
        $errno = curl_errno($curl);
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        $error = curl_error($curl);
        curl_close($curl);
        if ($errno === CURLE_OPERATION_TIMEDOUT) {
            throw new ApiTimeoutException("no answer within $timeoutMs ms: $method $path");
        }
        if ($errno !== 0 || !is_string($raw)) {
            throw new ApiConnectionException("$method $path: $error");
        }
        if ($status < 200 || $status > 299) {
            throw ErrorMapper::fromResponse($status, $raw, $received, $requestId);
        }
        try {
            return [$status, $raw === '' ? null : Json::decode($raw), $received];
        } catch (\JsonException $e) {
            throw new ApiConnectionException("$method $path: the $status answer is not JSON: {$e->getMessage()}");
        }
    }
}
