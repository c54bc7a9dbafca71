<?php

declare(strict_types=1);

namespace Claimsvc;

/** Checkout sessions: open one per order, claim its payment, cancel it. */
final class Sessions
{
    public function __construct(private readonly Client $client)
    {
    }

    /**
     * Open the session of $orderId, or get the one already open for it ($result->replayed).
     * $amount is taka ("1250.50"); or give $amountPoisha instead.
     *
     * @param array{name?: string, email?: string, phone?: string}|null $customer
     * @param array<string, string>|null $metadata
     */
    public function initialize(
        string $orderId,
        string $successUrl,
        string $cancelUrl,
        string $webhookUrl,
        string|int|float|null $amount = null,
        ?int $amountPoisha = null,
        ?int $expiresIn = null,
        ?array $customer = null,
        ?array $metadata = null,
    ): InitializeResult {
        $body = [
            'order_id' => $orderId,
            'amount' => Json::amount($amount, $amountPoisha),
            'success_url' => $successUrl,
            'cancel_url' => $cancelUrl,
            'webhook_url' => $webhookUrl,
        ];
        foreach (['expires_in' => $expiresIn, 'customer' => $customer, 'metadata' => $metadata] as $key => $value) {
            if ($value !== null) {
                $body[$key] = $value;
            }
        }
        [$status, $doc] = $this->client->request('POST', '/api/v1/checkout/initialize', $body, true);
        return new InitializeResult(Session::fromArray($doc), $status === 200);
    }

    /** Claim the buyer's payment by its TrxID: COMPLETED or PENDING_VERIFICATION; throws otherwise. */
    public function verify(string $sessionId, string $trxId, string $provider): Claim
    {
        $body = ['sessionId' => $sessionId, 'trxId' => $trxId, 'provider' => $provider];
        [, $doc] = $this->client->request('POST', '/api/v1/checkout/verify', $body, true);
        return Claim::fromArray($doc);
    }

    /** @return array{success: bool, status: string, redirect_url: string} cancel again: the same */
    public function cancel(string $sessionId): array
    {
        [, $doc] = $this->client->request('POST', '/api/v1/checkout/cancel', ['sessionId' => $sessionId], true);
        return $doc;
    }

    /**
     * One of your sessions with its state, mode, paid amount, wallet and TrxID. Another
     * account's session, or one of the other mode than the key's, throws
     * SessionNotFoundException as an unknown one does.
     */
    public function retrieve(string $sessionId): SessionDetails
    {
        [, $doc] = $this->client->request('GET', '/api/v1/checkout/sessions/' . rawurlencode($sessionId), null, true);
        return SessionDetails::fromArray($doc);
    }

    /** One page of your sessions of the key's mode, newest first; pass $nextCursor on for the next. */
    public function list(?string $orderId = null, ?string $status = null, ?int $limit = null, ?string $cursor = null): SessionList
    {
        $given = ['order_id' => $orderId, 'status' => $status, 'limit' => $limit, 'cursor' => $cursor];
        $query = http_build_query(array_filter($given, fn ($v) => $v !== null), '', '&', PHP_QUERY_RFC3986);
        [, $doc] = $this->client->request('GET', '/api/v1/checkout/sessions' . ($query !== '' ? "?$query" : ''), null, true);
        return new SessionList(
            array_values(array_map([SessionDetails::class, 'fromArray'], $doc['items'])),
            $doc['next_cursor'] ?? null,
        );
    }

    /** The session of $orderId (initialize keeps one per order and mode), or null. */
    public function findByOrder(string $orderId): ?SessionDetails
    {
        return $this->list(orderId: $orderId, limit: 1)->items[0] ?? null;
    }

    /** @return array<string, mixed> the session as its buyer sees it (public read) */
    public function get(string $sessionId): array
    {
        [, $doc] = $this->client->request('GET', '/api/v1/checkout/session/' . rawurlencode($sessionId), null, true);
        return $doc;
    }
}
