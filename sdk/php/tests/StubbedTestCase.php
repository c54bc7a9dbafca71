<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

use Claimsvc\Client;
use PHPUnit\Framework\TestCase;

/** Tests against a local stub API (the real service is never made to fail). */
abstract class StubbedTestCase extends TestCase
{
    public const SESSION_ID = '6041e40e-4623-483e-9968-efa1a8589709';

    /**
     * Runs $fn(stub, client, sleeps) against a stub answering $replies ([status, body, delay ms,
     * headers] each); the client's sleeps are recorded, not slept.
     *
     * @param array{timeoutMs?: int, maxRetries?: int, key?: ?string} $options
     */
    protected function stubbed(array $replies, callable $fn, array $options = []): void
    {
        $stub = new Stub($replies);
        $sleeps = new \ArrayObject();
        try {
            $client = new Client(
                array_key_exists('key', $options) ? $options['key'] : 'sk_test_stub',
                $stub->url,
                $options['timeoutMs'] ?? 10_000,
                $options['maxRetries'] ?? 2,
                500,
                8000,
                static fn (int $ms) => $sleeps->append($ms),
            );
            $fn($stub, $client, $sleeps);
        } finally {
            $stub->close();
        }
    }

    /** @return array<string, mixed> */
    protected static function json(string $text): array
    {
        return json_decode($text, true, 64, JSON_THROW_ON_ERROR);
    }

    /**
     * $fn must throw an instance of $class; returns it for further checks.
     *
     * @template T of \Throwable
     * @param class-string<T> $class
     * @return T
     */
    public static function thrown(string $class, callable $fn): \Throwable
    {
        try {
            $fn();
        } catch (\Throwable $e) {
            self::assertInstanceOf($class, $e, get_class($e) . ': ' . $e->getMessage());
            return $e;
        }
        self::fail("expected $class, nothing was thrown");
    }
}
