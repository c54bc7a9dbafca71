<?php
/**
 * The plugin's calls to the service, through the claimsvc PHP library: open a session, read
 * one back (the merchant read, by the API key), check the connection.
 *
 * @package ClaimsvcWalletPayments
 */

defined('ABSPATH') || exit;

use Claimsvc\Client;
use Claimsvc\Exception\ApiConnectionException;
use Claimsvc\Exception\ApiException;

final class Claimsvc_WP_Service
{
    private Client $client;

    public function __construct(string $url, string $key)
    {
        $this->client = new Client($key, $url, timeoutMs: 10_000, maxRetries: 1);
    }

    /**
     * Opens (or gets back) the session of one payment attempt.
     *
     * @param array<string, string> $metadata
     */
    public function open(string $order_id, string $amount, string $success, string $cancel, string $webhook, array $metadata): \Claimsvc\Session
    {
        return $this->client->sessions->initialize(
            orderId: $order_id,
            successUrl: $success,
            cancelUrl: $cancel,
            webhookUrl: $webhook,
            amount: $amount,
            metadata: $metadata,
        )->session;
    }

    /**
     * The session as the merchant reads it (mode, paid amount, wallet, TrxID); amounts as exact
     * taka strings.
     *
     * @return array{status: string, mode: string, payment_id: string, pending: bool, amount: string, paid_amount: ?string, provider: ?string, trx_id: ?string, settled: bool}
     */
    public function read(string $session_id): array
    {
        $session = $this->client->sessions->retrieve($session_id);
        return [
            'status' => $session->status,
            'mode' => $session->mode,
            'payment_id' => $session->paymentId,
            'pending' => $session->pending,
            'amount' => $session->amount,
            'paid_amount' => $session->paidAmount,
            'provider' => $session->provider,
            'trx_id' => $session->trxId,
            'settled' => $session->settled,
        ];
    }

    /** One authenticated read: what "Check connection" reports (Claimsvc_WP_Rules::connection_problem). */
    public function check(): string
    {
        try {
            $this->client->request('GET', '/api/v1/checkout/sessions?limit=1', null, false);
            return Claimsvc_WP_Rules::connection_problem(200);
        } catch (ApiConnectionException) {
            return Claimsvc_WP_Rules::connection_problem(null);
        } catch (ApiException $e) {
            return Claimsvc_WP_Rules::connection_problem($e->getStatus());
        }
    }
}
