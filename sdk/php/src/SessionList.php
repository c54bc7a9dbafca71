<?php

declare(strict_types=1);

namespace Claimsvc;

/** One page of $client->sessions()->list(), newest first; $nextCursor is null on the last. */
final class SessionList
{
    /** @param list<SessionDetails> $items */
    public function __construct(
        public readonly array $items,
        public readonly ?string $nextCursor,
    ) {
    }
}
