<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * The wallets a claim, a test payment or a transaction names. Every call that takes a provider
 * takes this enum or its string value ('bkash'); another string is \InvalidArgumentException
 * before anything is sent.
 */
enum Provider: string
{
    case Bkash = 'bkash';
    case Nagad = 'nagad';
    case Rocket = 'rocket';
    case Upay = 'upay';
    case Cellfin = 'cellfin';

    /** The enum of $provider, or \InvalidArgumentException naming the accepted values. */
    public static function of(self|string $provider): self
    {
        if ($provider instanceof self) {
            return $provider;
        }
        return self::tryFrom($provider) ?? throw new \InvalidArgumentException(
            "provider must be one of " . implode(', ', array_column(self::cases(), 'value')) . ", got '$provider'",
        );
    }
}
