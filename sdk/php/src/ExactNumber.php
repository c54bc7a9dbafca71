<?php

declare(strict_types=1);

namespace Claimsvc;

/** @internal a JSON number written from exact text */
final class ExactNumber
{
    public function __construct(public readonly string $text)
    {
    }
}
