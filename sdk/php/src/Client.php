<?php

declare(strict_types=1);

namespace Claimsvc;

use Claimsvc\Exception\ApiConnectionException;
use Claimsvc\Exception\ApiException;
use Claimsvc\Exception\ApiTimeoutException;

/**
 * The API client: `new Client('sk_...', 'https://pay.example.com')`, then $client->sessions and
 * $client->links. Only calls safe to repeat are retried, on 500, 503, a daily-limit 429 or no
 * answer at all, with the same body; backoff doubles from $backoffMs with jitter.
 */
final class Client
{
    public const VERSION = '0.1.0';

    public readonly Sessions $sessions;
    public readonly PaymentLinks $links;
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

    /**
     * [status, decoded body] of a 2xx answer; the named ApiException otherwise.
     *
     * @param array<string, mixed>|null $body
     * @return array{int, mixed}
     */
    public function request(string $method, string $path, ?array $body, bool $idempotent): array
    {
        $data = $body === null ? null : Json::encode($body);
        $requestId = bin2hex(random_bytes(8));
        for ($attempt = 1; ; $attempt++) {
            try {
                return $this->send($method, $path, $data, $requestId);
            } catch (ApiException | ApiConnectionException $e) {
                if ($e instanceof ApiException) {
                    $e->setAttempts($attempt);
                }
                $worth = $e instanceof ApiException ? $e->isRetryable() : true;
                if (!($idempotent && $worth && $attempt <= $this->maxRetries)) {
                    throw $e;
                }
                ($this->sleep)($this->delayMs($attempt, $e));
            }
        }
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
    private function send(string $method, string $path, ?string $data, string $requestId): array
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
        $received = [];
        $curl = curl_init($this->baseUrl . $path);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_TIMEOUT_MS => $this->timeoutMs,
            CURLOPT_CONNECTTIMEOUT_MS => min($this->timeoutMs, 5_000),
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
            throw new ApiTimeoutException("no answer within {$this->timeoutMs} ms: $method $path");
        }
        if ($errno !== 0 || !is_string($raw)) {
            throw new ApiConnectionException("$method $path: $error");
        }
        if ($status < 200 || $status > 299) {
            throw ErrorMapper::fromResponse($status, $raw, $received, $requestId);
        }
        return [$status, $raw === '' ? null : json_decode($raw, true, 64, JSON_THROW_ON_ERROR)];
    }
}
