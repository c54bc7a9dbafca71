<?php

declare(strict_types=1);

namespace Claimsvc;

/** Your wallet transactions read from SMS, in the key's mode: list with filters, one by id. */
final class Transactions
{
    public function __construct(private readonly Client $client)
    {
    }

    /**
     * One page, newest first. $trxId is matched as verify matches it (trimmed, upper-cased).
     *
     * @return Page<Transaction>
     */
    public function list(
        ?string $status = null,
        Provider|string|null $provider = null,
        ?string $direction = null,
        ?string $trxId = null,
        ?string $sessionId = null,
        ?int $limit = null,
        ?string $cursor = null,
    ): Page {
        $query = [
            'status' => $status,
            'provider' => $provider === null ? null : Provider::of($provider),
            'direction' => $direction,
            'trx_id' => $trxId,
            'session_id' => $sessionId,
            'limit' => Check::limit($limit),
            'cursor' => $cursor,
        ];
        [, $doc] = $this->client->request('GET', Client::path('/api/v1/transactions', $query), null, true);
        return new Page(...Page::read($doc, [Transaction::class, 'fromArray']));
    }

    /** @return \Generator<int, Transaction> every transaction matching the filters, page after page */
    public function iterate(
        ?string $status = null,
        Provider|string|null $provider = null,
        ?string $direction = null,
        ?string $trxId = null,
        ?string $sessionId = null,
        int $pageSize = 100,
    ): \Generator {
        return Page::each(fn (?string $cursor) => $this->list($status, $provider, $direction, $trxId, $sessionId, $pageSize, $cursor));
    }

    /** One transaction; TransactionNotFoundException for another account's, mode's or an unknown id. */
    public function retrieve(string $transactionId): Transaction
    {
        $path = '/api/v1/transactions/' . rawurlencode(Check::required('transactionId', $transactionId));
        [, $doc] = $this->client->request('GET', $path, null, true);
        return Transaction::fromArray($doc);
    }
}
