<?php

declare(strict_types=1);

namespace Claimsvc;

/** Checkout sessions: open one per order, claim its payment, cancel it, read yours. */
final class Sessions
{
    /** The statuses list() filters on. */
    public const STATUSES = ['OPEN', 'CANCELLED', 'COMPLETED', 'EXPIRED', 'FAILED'];
    /** verify()'s longest wait for a late SMS, in seconds. */
    public const MAX_WAIT_SECONDS = 25;

    public function __construct(private readonly Client $client)
    {
    }

    /**
     * Open the session of $orderId, or get the one already open for it ($result->replayed).
     * $amount is taka ("1250.50"); or give $amountPoisha instead. The three URLs are named
     * arguments (successUrl:, cancelUrl:, webhookUrl:) and all three are required: given by
     * position a URL lands on a parameter of another type and PHP refuses it, so two of them
     * can never be swapped silently.
     *
     * @param array{name?: string, email?: string, phone?: string}|null $customer
     * @param array<string, string>|null $metadata
     */
    public function initialize(
        string $orderId,
        string|int|float|null $amount = null,
        ?int $amountPoisha = null,
        ?int $expiresIn = null,
        ?array $customer = null,
        ?array $metadata = null,
        ?string $successUrl = null,
        ?string $cancelUrl = null,
        ?string $webhookUrl = null,
    ): InitializeResult {
        $body = [
            'order_id' => Check::required('orderId', $orderId),
            'amount' => Json::amount($amount, $amountPoisha),
            'success_url' => Check::required('successUrl', $successUrl),
            'cancel_url' => Check::required('cancelUrl', $cancelUrl),
            'webhook_url' => Check::required('webhookUrl', $webhookUrl),
        ];
        foreach (['expires_in' => $expiresIn, 'customer' => $customer, 'metadata' => $metadata] as $key => $value) {
            if ($value !== null) {
                $body[$key] = $value;
            }
        }
        [$status, $doc] = $this->client->request('POST', '/api/v1/checkout/initialize', $body, true);
        return new InitializeResult(Session::fromArray($doc), $status === 200);
    }

    /**
     * Claim the buyer's payment by its TrxID. COMPLETED, or a non-final Claim (isPending()):
     * PENDING_VERIFICATION while your balance verification confirms it, or SMS_NOT_ARRIVED when
     * `wait:` seconds (0..25) passed without the wallet's SMS (that attempt is not counted
     * toward TOO_MANY_ATTEMPTS: ask again shortly). Every other outcome throws. With a wait the
     * time-out is raised to wait + 10 s.
     */
    public function verify(string $sessionId, string $trxId, Provider|string $provider, int $wait = 0): Claim
    {
        if ($wait < 0 || $wait > self::MAX_WAIT_SECONDS) {
            throw new \InvalidArgumentException('wait must be an integer from 0 to ' . self::MAX_WAIT_SECONDS . " seconds, got $wait");
        }
        $body = [
            'sessionId' => Check::required('sessionId', $sessionId),
            'trxId' => Check::required('trxId', $trxId),
            'provider' => Provider::of($provider),
        ];
        if ($wait > 0) {
            $body['wait'] = $wait;
        }
        $timeout = $wait > 0 ? max($this->client->timeoutMs, ($wait + 10) * 1000) : null;
        [, $doc] = $this->client->request('POST', '/api/v1/checkout/verify', $body, true, [], $timeout);
        return Claim::fromArray($doc);
    }

    /** Cancel an open session (again: the same answer); the buyer goes back to your cancel_url. */
    public function cancel(string $sessionId): Cancellation
    {
        $body = ['sessionId' => Check::required('sessionId', $sessionId)];
        [, $doc] = $this->client->request('POST', '/api/v1/checkout/cancel', $body, true);
        return Cancellation::fromArray($doc);
    }

    /**
     * One of your sessions with its state, mode, paid amount, wallet and TrxID. Another
     * account's session, or one of the other mode than the key's, throws
     * SessionNotFoundException as an unknown one does.
     */
    public function retrieve(string $sessionId): SessionDetails
    {
        $path = '/api/v1/checkout/sessions/' . rawurlencode(Check::required('sessionId', $sessionId));
        [, $doc] = $this->client->request('GET', $path, null, true);
        return SessionDetails::fromArray($doc);
    }

    /** One page of your sessions of the key's mode, newest first; pass $nextCursor on for the next. */
    public function list(?string $orderId = null, ?string $status = null, ?int $limit = null, ?string $cursor = null): SessionList
    {
        $query = [
            'order_id' => $orderId,
            'status' => $status,
            'limit' => Check::limit($limit),
            'cursor' => $cursor,
        ];
        [, $doc] = $this->client->request('GET', Client::path('/api/v1/checkout/sessions', $query), null, true);
        return new SessionList(...Page::read($doc, [SessionDetails::class, 'fromArray']));
    }

    /** @return \Generator<int, SessionDetails> every session matching the filters, page after page */
    public function iterate(?string $orderId = null, ?string $status = null, int $pageSize = 100): \Generator
    {
        return Page::each(fn (?string $cursor) => $this->list($orderId, $status, $pageSize, $cursor));
    }

    /** The session of $orderId (initialize keeps one per order and mode), or null. */
    public function findByOrder(string $orderId): ?SessionDetails
    {
        return $this->list(orderId: Check::required('orderId', $orderId), limit: 1)->items[0] ?? null;
    }

    /**
     * @deprecated 0.2.0 use retrieve(): the typed merchant read. This alias answers the same
     * SessionDetails, which still reads as an array ($s['status']) like 0.1's answer did.
     */
    public function get(string $sessionId): SessionDetails
    {
        @trigger_error('Claimsvc\Sessions::get() is deprecated; use retrieve()', E_USER_DEPRECATED);
        return $this->retrieve($sessionId);
    }
}
