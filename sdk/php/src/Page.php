<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * One page of a list, newest first: $items (typed records) and $nextCursor, null on the last
 * page (pass it as `cursor:` for the next one; iterate() does that for you). foreach over a page
 * goes through its items. $page['items'] and $page['nextCursor'] still read as in 0.1 (the
 * links list answered an array then); use the properties.
 *
 * @template T
 * @implements \IteratorAggregate<int, T>
 * @implements \ArrayAccess<string, mixed>
 */
class Page implements \IteratorAggregate, \Countable, \ArrayAccess
{
    /** @param list<T> $items */
    public function __construct(
        public readonly array $items,
        public readonly ?string $nextCursor,
    ) {
    }

    /**
     * @internal the items and cursor of an answer's {items, next_cursor}
     *
     * @template R
     * @param array<string, mixed> $doc
     * @param callable(array<string, mixed>): R $read
     * @return array{list<R>, ?string}
     */
    public static function read(array $doc, callable $read): array
    {
        $cursor = $doc['next_cursor'] ?? null;
        return [array_values(array_map($read, $doc['items'] ?? [])), $cursor === null ? null : (string) $cursor];
    }

    /**
     * Every item of every page from $fetch(cursor), page after page, fetched as you go.
     *
     * @template R
     * @param callable(?string): Page<R> $fetch
     * @return \Generator<int, R>
     */
    public static function each(callable $fetch): \Generator
    {
        $cursor = null;
        do {
            $page = $fetch($cursor);
            yield from $page->items;
            $cursor = $page->nextCursor;
        } while ($cursor !== null);
    }

    public function getIterator(): \ArrayIterator
    {
        return new \ArrayIterator($this->items);
    }

    public function count(): int
    {
        return count($this->items);
    }

    public function offsetExists(mixed $offset): bool
    {
        return $offset === 'items' || $offset === 'nextCursor';
    }

    public function offsetGet(mixed $offset): mixed
    {
        return match ($offset) {
            'items' => $this->items,
            'nextCursor' => $this->nextCursor,
            default => throw new \OutOfRangeException("a page has items and nextCursor, not '$offset'"),
        };
    }

    public function offsetSet(mixed $offset, mixed $value): void
    {
        throw new \LogicException('a page is read-only');
    }

    public function offsetUnset(mixed $offset): void
    {
        throw new \LogicException('a page is read-only');
    }
}
