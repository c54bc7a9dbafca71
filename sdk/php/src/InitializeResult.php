<?php

declare(strict_types=1);

namespace Claimsvc;

/** The session, and whether this call replayed an earlier one with the same order_id (200). */
final class InitializeResult
{
    public function __construct(public readonly Session $session, public readonly bool $replayed)
    {
    }
}
