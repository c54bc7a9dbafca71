<?php

declare(strict_types=1);

namespace Claimsvc;

/** Payment links (live keys only): an address to share in a chat; every buyer opening it gets a session. */
final class PaymentLinks
{
    public function __construct(private readonly Client $client)
    {
    }

    /**
     * A new link. It is sent with an Idempotency-Key: yours (`idempotencyKey:`, 1..255
     * printable ASCII characters; keep it with your order to retry safely across processes),
     * or a random one made for this call. The library's own retries (a 5xx, a time-out, a
     * dropped connection) reuse it, so they never make a second link: the service answers the
     * first link again ($link->replayed). The same key with another body throws
     * IdempotencyKeyReusedException.
     */
    public function create(
        string $description,
        string|int|float|null $amount = null,
        ?int $amountPoisha = null,
        ?string $orderRef = null,
        bool $singleUse = false,
        ?string $expiresAt = null,
        ?string $webhookUrl = null,
        ?string $idempotencyKey = null,
    ): PaymentLink {
        $body = [
            'amount' => Json::amount($amount, $amountPoisha),
            'description' => Check::required('description', $description),
            'single_use' => $singleUse,
        ];
        foreach (['order_ref' => $orderRef, 'expires_at' => $expiresAt, 'webhook_url' => $webhookUrl] as $key => $value) {
            if ($value !== null) {
                $body[$key] = $value;
            }
        }
        $key = self::idempotencyKey($idempotencyKey);
        [, $doc, $headers] = $this->client->request('POST', '/api/v1/payment-links', $body, true, ['idempotency-key' => $key]);
        return PaymentLink::fromArray($doc, strtolower($headers['idempotent-replayed'] ?? '') === 'true');
    }

    /** @return Page<PaymentLink> one page, newest first */
    public function list(?int $limit = null, ?string $cursor = null): Page
    {
        $path = Client::path('/api/v1/payment-links', ['limit' => Check::limit($limit), 'cursor' => $cursor]);
        [, $doc] = $this->client->request('GET', $path, null, true);
        return new Page(...Page::read($doc, [PaymentLink::class, 'fromArray']));
    }

    /** @return \Generator<int, PaymentLink> every link, page after page */
    public function iterate(int $pageSize = 100): \Generator
    {
        return Page::each(fn (?string $cursor) => $this->list($pageSize, $cursor));
    }

    public function retrieve(string $linkId): PaymentLink
    {
        $path = '/api/v1/payment-links/' . rawurlencode(Check::required('linkId', $linkId));
        [, $doc] = $this->client->request('GET', $path, null, true);
        return PaymentLink::fromArray($doc);
    }

    /** @deprecated 0.2.0 use retrieve() (one name for a read across the library) */
    public function get(string $linkId): PaymentLink
    {
        @trigger_error('Claimsvc\PaymentLinks::get() is deprecated; use retrieve()', E_USER_DEPRECATED);
        return $this->retrieve($linkId);
    }

    /** Turn the link off (again: unchanged). Sessions already opened can still be paid. */
    public function disable(string $linkId): PaymentLink
    {
        $path = '/api/v1/payment-links/' . rawurlencode(Check::required('linkId', $linkId)) . '/disable';
        [, $doc] = $this->client->request('POST', $path, null, true);
        return PaymentLink::fromArray($doc);
    }

    /** The caller's key, checked as the service checks it, or a fresh random one. */
    private static function idempotencyKey(?string $given): string
    {
        if ($given === null) {
            return bin2hex(random_bytes(16));
        }
        if (!preg_match('/^[\x20-\x7e]{1,255}$/', $given)) {
            throw new \InvalidArgumentException('idempotencyKey must be 1 to 255 printable ASCII characters');
        }
        return $given;
    }
}
