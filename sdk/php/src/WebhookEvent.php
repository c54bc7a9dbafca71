<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * One verified webhook. Deduplicate on $id: the same event may arrive more than once. $amount is
 * exact text ("1250.50") and $amountPoisha an int, whatever serialize_precision is.
 */
final class WebhookEvent
{
    /** @param array<string, mixed> $data the whole body */
    public function __construct(
        public readonly string $id,
        public readonly int $attempt,
        public readonly int $timestamp,
        public readonly string $orderId,
        public readonly string $paymentStatus,
        public readonly string $trid,
        public readonly string $amount,
        public readonly int $amountPoisha,
        public readonly bool $test,
        public readonly array $data,
    ) {
    }
}
