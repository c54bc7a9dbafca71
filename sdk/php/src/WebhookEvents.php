<?php

declare(strict_types=1);

namespace Claimsvc;

/** Your webhook events, in the key's mode: list with filters, one by id, send one again. */
final class WebhookEvents
{
    public function __construct(private readonly Client $client)
    {
    }

    /** @return Page<WebhookEventRecord> one page, newest first */
    public function list(
        ?string $status = null,
        ?string $sessionId = null,
        ?string $orderId = null,
        ?int $limit = null,
        ?string $cursor = null,
    ): Page {
        $query = [
            'status' => $status,
            'session_id' => $sessionId,
            'order_id' => $orderId,
            'limit' => Check::limit($limit),
            'cursor' => $cursor,
        ];
        [, $doc] = $this->client->request('GET', Client::path('/api/v1/webhook-events', $query), null, true);
        return new Page(...Page::read($doc, [WebhookEventRecord::class, 'fromArray']));
    }

    /** @return \Generator<int, WebhookEventRecord> every event matching the filters, page after page */
    public function iterate(?string $status = null, ?string $sessionId = null, ?string $orderId = null, int $pageSize = 100): \Generator
    {
        return Page::each(fn (?string $cursor) => $this->list($status, $sessionId, $orderId, $pageSize, $cursor));
    }

    /** One event; EventNotFoundException for another account's, mode's or an unknown id. */
    public function retrieve(string $eventId): WebhookEventRecord
    {
        [, $doc] = $this->client->request('GET', self::path($eventId), null, true);
        return WebhookEventRecord::fromArray($doc);
    }

    /**
     * Send a delivered or dead event again: the same id and body, now queued, its attempt
     * counter continuing (your endpoint deduplicates on the id). An event still queued throws
     * EventAlreadyQueuedException. Never makes a second event, so it is safe to retry.
     */
    public function redeliver(string $eventId): WebhookEventRecord
    {
        [, $doc] = $this->client->request('POST', self::path($eventId) . '/redeliver', null, true);
        return WebhookEventRecord::fromArray($doc);
    }

    private static function path(string $eventId): string
    {
        return '/api/v1/webhook-events/' . rawurlencode(Check::required('eventId', $eventId));
    }
}
