<?php
/**
 * The webhook endpoint (/wc-api/claimsvc_wallet_payments/): verifies the signature over the raw
 * body with the library's Webhook::verify, checks the event against what the plugin stored when
 * it opened the session, reads the session back from the service, and marks the order paid
 * exactly once.
 *
 * Exactly once: the order is changed only inside a MariaDB/MySQL named lock on the order
 * (GET_LOCK, held across php -S or PHP-FPM workers alike), re-read inside it, and the paid
 * marker (order meta) and status are checked there before payment_complete(). Concurrent or
 * repeated deliveries of the same event, and events of an earlier attempt, find the marker
 * and change nothing.
 *
 * @package ClaimsvcWalletPayments
 */

defined('ABSPATH') || exit;

use Claimsvc\Exception\ApiConnectionException;
use Claimsvc\Exception\ApiException;
use Claimsvc\Exception\WebhookVerificationException;
use Claimsvc\Webhook;
use Claimsvc\WebhookEvent;

final class Claimsvc_WP_Webhook
{
    private const LOCK_WAIT_S = 15;

    public static function handle(): void
    {
        $gateway = new Claimsvc_WP_Gateway();
        $secret = (string) $gateway->get_option('callback_secret');
        $mode = $gateway->key_mode();
        if ($secret === '' || $mode === null) {
            self::answer(503, 'the gateway is not configured');
        }
        $raw = (string) file_get_contents('php://input');
        try {
            $event = Webhook::verify($raw, $_SERVER, $secret);
        } catch (WebhookVerificationException $e) {
            self::log('warning', 'Refused a webhook: ' . $e->getMessage());
            self::answer(401, 'signature refused');
        }
        $order_id = self::find_order($event->orderId);
        if ($order_id === null) {
            self::log('warning', 'A webhook for an unknown order was ignored: ' . $event->orderId);
            self::answer(200, 'ignored: unknown order');
        }
        // Everything from here reads and changes the order inside its lock, loaded fresh there.
        [$status, $result] = self::locked($order_id, static fn (WC_Order $order): array => self::apply($gateway, $order, $event, $mode));
        self::answer($status, $result);
    }

    /** @return array{int, string} the answer's status and result */
    private static function apply(Claimsvc_WP_Gateway $gateway, WC_Order $order, WebhookEvent $event, string $mode): array
    {
        $stored = Claimsvc_WP_Gateway::sessions($order)[$event->orderId] ?? null;
        if (!is_array($stored)) {
            return [200, 'ignored: unknown session'];
        }
        $fields = ['payment_status' => $event->paymentStatus, 'trid' => $event->trid, 'amount' => $event->amount, 'test' => $event->test];
        $decision = Claimsvc_WP_Rules::check_event($fields, $stored, $mode);
        if ($decision === Claimsvc_WP_Rules::COMPLETE) {
            return self::complete($gateway, $order, $event->orderId, $stored);
        }
        if ($decision === Claimsvc_WP_Rules::CLOSED) {
            return self::closed($order, $event->orderId, $event->paymentStatus);
        }
        self::log('warning', "A webhook for {$event->orderId} was ignored: $decision");
        return [200, 'ignored: ' . $decision];
    }

    /** The order that opened the session `$ref` (its number, or number-attempt), by its stored ids. */
    private static function find_order(string $ref): ?int
    {
        $ids = wc_get_orders([
            'type' => 'shop_order',
            'status' => array_keys(wc_get_order_statuses()),
            'limit' => 2,
            'return' => 'ids',
            'meta_query' => [['key' => Claimsvc_WP_Gateway::META_REFS, 'value' => $ref]],
        ]);
        return count($ids) === 1 ? (int) $ids[0] : null;
    }

    /**
     * @param array{session_id: string, payment_id: string, amount: string, mode: string} $stored
     * @return array{int, string}
     */
    private static function complete(Claimsvc_WP_Gateway $gateway, WC_Order $order, string $ref, array $stored): array
    {
        if ($order->get_meta(Claimsvc_WP_Gateway::META_PAID) !== '' || $order->is_paid()) {
            return [200, 'already paid'];
        }
        try {
            $read = $gateway->service()->read($stored['session_id']);
        } catch (ApiException | ApiConnectionException | \UnexpectedValueException $e) {
            self::log('error', 'Could not read the session back: ' . get_class($e));
            return [503, 'the session could not be read back; retry later'];
        }
        if (!Claimsvc_WP_Rules::confirms_payment($read, $stored)) {
            return [200, 'ignored: the service does not confirm it'];
        }
        $order->update_meta_data(Claimsvc_WP_Gateway::META_PAID, $ref);
        $order->add_order_note(self::paid_note($read, $ref));
        if ($read['paid_amount'] !== null && $read['paid_amount'] !== $stored['amount']) {
            $order->add_order_note(sprintf(
                /* translators: 1: amount paid, 2: order amount */
                __('The buyer paid %1$s BDT for this order of %2$s BDT, and the payment was accepted in claimsvc. The order total is unchanged: settle the difference with the buyer.', 'claimsvc-wallet-payments'),
                $read['paid_amount'],
                $stored['amount'],
            ));
        }
        $order->save();
        $order->payment_complete((string) $read['trx_id']);
        return [200, 'paid'];
    }

    private static function paid_note(array $read, string $ref): string
    {
        $names = Claimsvc_WP_Gateway::wallet_names();
        $wallet = $names[$read['provider'] ?? ''] ?? (string) $read['provider'];
        $text = sprintf(
            /* translators: 1: amount, 2: wallet name, 3: the wallet's TrxID, 4: the service order id */
            __('Paid %1$s BDT by %2$s, TrxID %3$s (claimsvc session %4$s).', 'claimsvc-wallet-payments'),
            $read['paid_amount'] ?? $read['amount'],
            $wallet,
            (string) $read['trx_id'],
            $ref,
        );
        return $read['mode'] === Claimsvc_WP_Rules::TEST ? Claimsvc_WP_Gateway::test_mode_text() . ' ' . $text : $text;
    }

    /**
     * A cancelled, expired or failed session: a note once; the order stays as it is (pending
     * payment, or cancelled by WooCommerce's hold-stock clean-up).
     *
     * @return array{int, string}
     */
    private static function closed(WC_Order $order, string $ref, string $status): array
    {
        $key = '_claimsvc_closed_' . md5($ref);
        if ($order->get_meta($key) !== '') {
            return [200, 'already noted'];
        }
        $order->update_meta_data($key, $status);
        $order->add_order_note(sprintf(
            /* translators: 1: the service order id, 2: CANCELLED, EXPIRED or FAILED */
            __('Wallet payment session %1$s ended without a payment (%2$s). The buyer can pay again from their account.', 'claimsvc-wallet-payments'),
            $ref,
            $status,
        ));
        $order->save();
        return [200, 'noted'];
    }

    /**
     * Runs `$change` on the order, loaded inside the order's named lock.
     *
     * @return array{int, string}
     */
    private static function locked(int $order_id, callable $change): array
    {
        global $wpdb;
        $lock = 'claimsvc_order_' . $order_id;
        if ((int) $wpdb->get_var($wpdb->prepare('SELECT GET_LOCK(%s, %d)', $lock, self::LOCK_WAIT_S)) !== 1) {
            return [503, 'busy; retry later'];
        }
        try {
            return $change(wc_get_order($order_id));
        } finally {
            $wpdb->query($wpdb->prepare('SELECT RELEASE_LOCK(%s)', $lock));
        }
    }

    private static function log(string $level, string $message): void
    {
        wc_get_logger()->log($level, $message, ['source' => Claimsvc_WP_Gateway::ID]);
    }

    /** @return never */
    private static function answer(int $status, string $result): void
    {
        wp_send_json(['result' => $result], $status);
    }
}
