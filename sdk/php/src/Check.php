<?php

declare(strict_types=1);

namespace Claimsvc;

/** @internal Arguments checked before anything is sent: a clear \InvalidArgumentException, no request. */
final class Check
{
    /** $value, unless it is empty or only spaces. */
    public static function required(string $name, ?string $value): string
    {
        if ($value === null || trim($value) === '') {
            throw new \InvalidArgumentException("$name is required");
        }
        return $value;
    }

    /** A page size the lists take (1..100), or null for the service's default (20). */
    public static function limit(?int $limit): ?int
    {
        if ($limit !== null && ($limit < 1 || $limit > 100)) {
            throw new \InvalidArgumentException("limit must be from 1 to 100, got $limit");
        }
        return $limit;
    }
}
