<?php

declare(strict_types=1);

namespace Claimsvc;

/** Payment links: an address to share in a chat; every buyer opening it gets a session. */
final class PaymentLinks
{
    public function __construct(private readonly Client $client)
    {
    }

    /** A new link. Not retried on a 5xx or a time-out: creating twice makes two links. */
    public function create(
        string $description,
        string|int|float|null $amount = null,
        ?int $amountPoisha = null,
        ?string $orderRef = null,
        bool $singleUse = false,
        ?string $expiresAt = null,
        ?string $webhookUrl = null,
    ): PaymentLink {
        $body = ['amount' => Json::amount($amount, $amountPoisha), 'description' => $description, 'single_use' => $singleUse];
        foreach (['order_ref' => $orderRef, 'expires_at' => $expiresAt, 'webhook_url' => $webhookUrl] as $key => $value) {
            if ($value !== null) {
                $body[$key] = $value;
            }
        }
        [, $doc] = $this->client->request('POST', '/api/v1/payment-links', $body, false);
        return PaymentLink::fromArray($doc);
    }

    /** @return array{items: list<PaymentLink>, nextCursor: ?string} one page, newest first */
    public function list(?int $limit = null, ?string $cursor = null): array
    {
        $query = http_build_query(array_filter(['limit' => $limit, 'cursor' => $cursor], fn ($v) => $v !== null));
        [, $doc] = $this->client->request('GET', '/api/v1/payment-links' . ($query !== '' ? "?$query" : ''), null, true);
        return [
            'items' => array_map([PaymentLink::class, 'fromArray'], $doc['items']),
            'nextCursor' => $doc['next_cursor'] ?? null,
        ];
    }

    /** @return \Generator<PaymentLink> every link, page after page */
    public function iterate(int $pageSize = 100): \Generator
    {
        $cursor = null;
        do {
            $page = $this->list($pageSize, $cursor);
            yield from $page['items'];
            $cursor = $page['nextCursor'];
        } while ($cursor !== null);
    }

    public function get(string $linkId): PaymentLink
    {
        [, $doc] = $this->client->request('GET', '/api/v1/payment-links/' . rawurlencode($linkId), null, true);
        return PaymentLink::fromArray($doc);
    }

    /** Turn the link off (again: unchanged). Sessions already opened can still be paid. */
    public function disable(string $linkId): PaymentLink
    {
        [, $doc] = $this->client->request('POST', '/api/v1/payment-links/' . rawurlencode($linkId) . '/disable', null, true);
        return PaymentLink::fromArray($doc);
    }
}
