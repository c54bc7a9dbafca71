<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

final class Skipped extends \RuntimeException
{
}

final class AssertionFailed extends \RuntimeException
{
}

function same(mixed $expected, mixed $actual, string $what = ''): void
{
    if ($expected !== $actual) {
        throw new AssertionFailed(sprintf('%s expected %s, got %s', $what, var_export($expected, true), var_export($actual, true)));
    }
}

function ok(bool $condition, string $what): void
{
    if (!$condition) {
        throw new AssertionFailed($what);
    }
}

/**
 * Runs $fn, which must throw an instance of $class; returns it for further checks.
 *
 * @template T of \Throwable
 * @param class-string<T> $class
 * @return T
 */
function throws(string $class, callable $fn): \Throwable
{
    try {
        $fn();
    } catch (Skipped $e) {
        throw $e;
    } catch (\Throwable $e) {
        if (get_class($e) !== $class && !is_subclass_of($e, $class)) {
            throw new AssertionFailed("expected $class, got " . get_class($e) . ': ' . $e->getMessage());
        }
        return $e;
    }
    throw new AssertionFailed("expected $class, nothing was thrown");
}

function sdkFile(string $name): array
{
    return json_decode(file_get_contents(dirname(__DIR__, 2) . '/' . $name), true, 64, JSON_THROW_ON_ERROR);
}
