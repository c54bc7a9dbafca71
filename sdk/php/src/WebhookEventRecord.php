<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * One of your webhook events as the service queues and delivers it ($client->webhookEvents()):
 * $id is the `x-svc-event-id` your endpoint received (WebhookEvent::$id); $status is queued,
 * delivered, dead or stopped; $attempts how many deliveries were tried. Not to be confused with
 * WebhookEvent, the verified body your endpoint receives. $raw keeps every field.
 */
final class WebhookEventRecord
{
    public const STATUSES = ['queued', 'delivered', 'dead', 'stopped'];

    /** @param array<string, mixed> $raw */
    public function __construct(
        public readonly string $id,
        public readonly string $mode,
        public readonly ?string $sessionId,
        public readonly ?string $orderId,
        public readonly ?string $paymentStatus,
        public readonly string $status,
        public readonly int $attempts,
        public readonly ?string $nextAttemptAt,
        public readonly ?int $lastStatusCode,
        public readonly ?string $lastError,
        public readonly ?string $stoppedReason,
        public readonly string $createdAt,
        public readonly ?string $deliveredAt,
        public readonly array $raw,
    ) {
    }

    /** @param array<string, mixed> $doc */
    public static function fromArray(array $doc): self
    {
        $text = static fn (string $field): ?string => isset($doc[$field]) ? (string) $doc[$field] : null;
        return new self(
            (string) $doc['id'],
            (string) $doc['mode'],
            $text('session_id'),
            $text('order_id'),
            $text('payment_status'),
            (string) $doc['status'],
            (int) ($doc['attempts'] ?? 0),
            $text('next_attempt_at'),
            isset($doc['last_status_code']) ? (int) $doc['last_status_code'] : null,
            $text('last_error'),
            $text('stopped_reason'),
            (string) $doc['created_at'],
            $text('delivered_at'),
            $doc,
        );
    }
}
