<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * @internal Read-only $record['field'] over the answer's own fields ($raw), for code written
 * against 0.1, where these calls answered arrays. New code reads the typed properties.
 */
trait ReadsAsArray
{
    public function offsetExists(mixed $offset): bool
    {
        return is_string($offset) && array_key_exists($offset, $this->raw);
    }

    public function offsetGet(mixed $offset): mixed
    {
        return $this->raw[$offset] ?? null;
    }

    public function offsetSet(mixed $offset, mixed $value): void
    {
        throw new \LogicException(static::class . ' is read-only');
    }

    public function offsetUnset(mixed $offset): void
    {
        throw new \LogicException(static::class . ' is read-only');
    }
}
