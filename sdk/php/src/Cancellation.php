<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * A cancel answer: the session's $status (CANCELLED) and the $redirectUrl to send the buyer to
 * (your cancel_url). Reads as an array too ($c['status']), as 0.1's answer did.
 *
 * @implements \ArrayAccess<string, mixed>
 */
final class Cancellation implements \ArrayAccess
{
    use ReadsAsArray;

    /** @param array<string, mixed> $raw */
    public function __construct(
        public readonly string $status,
        public readonly ?string $redirectUrl,
        public readonly array $raw,
    ) {
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc): self
    {
        return new self((string) ($doc['status'] ?? ''), isset($doc['redirect_url']) ? (string) $doc['redirect_url'] : null, $doc);
    }
}
