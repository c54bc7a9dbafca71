<?php
/**
 * The plugin's own decisions as pure functions (no WordPress, no network): amounts, the
 * service order id of each payment attempt, and what a verified webhook may do to an order.
 *
 * @package ClaimsvcWalletPayments
 */

defined('ABSPATH') || defined('CLAIMSVC_WP_PURE_TEST') || exit;

final class Claimsvc_WP_Rules
{
    public const LIVE = 'live';
    public const TEST = 'test';
    public const PROVIDERS = ['bkash', 'nagad', 'rocket', 'upay', 'cellfin'];

    /** What a webhook comes to (Claimsvc_WP_Webhook acts on it). */
    public const COMPLETE = 'complete';
    public const CLOSED = 'closed';
    public const WRONG_MODE = 'wrong_mode';
    public const OTHER_SESSION = 'other_session';
    public const WRONG_AMOUNT = 'wrong_amount';

    /**
     * An order total as WooCommerce stores it ("1310.5", "1310.50", "1310.500") to the exact
     * taka string the service takes ("1310.50"); null when it is not a positive amount with at
     * most two decimals (a third non-zero decimal is refused, never rounded).
     */
    public static function amount(string $total): ?string
    {
        if (!preg_match('/^([0-9]+)(?:\.([0-9]+))?$/', trim($total), $m)) {
            return null;
        }
        $whole = ltrim($m[1], '0');
        $fraction = rtrim($m[2] ?? '', '0');
        if (strlen($fraction) > 2 || strlen($whole) > 8) {
            return null;
        }
        $text = ($whole === '' ? '0' : $whole) . '.' . str_pad($fraction, 2, '0');
        return $text === '0.00' ? null : $text;
    }

    /** 'test' for sk_test_..., 'live' for another sk_..., null for anything else. */
    public static function key_mode(string $key): ?string
    {
        if (!preg_match('/^sk_[A-Za-z0-9_\-]{8,}$/', $key)) {
            return null;
        }
        return str_starts_with($key, 'sk_test_') ? self::TEST : self::LIVE;
    }

    /**
     * The service order id of an order's payment attempt: its number, then "<number>-2",
     * "<number>-3", ... The service keeps one session per order id and answers every later
     * initialize with it whatever its state, so paying again after a cancelled or expired
     * session needs the next attempt's id.
     */
    public static function service_order_id(string $number, int $attempt): string
    {
        return $attempt <= 1 ? $number : $number . '-' . $attempt;
    }

    /**
     * Whether the session the service answered for an attempt can take the buyer's payment,
     * or the next attempt must open a new one (closed, or opened for another amount after the
     * order was edited).
     */
    public static function needs_new_session(string $status, string $session_amount, string $order_amount): bool
    {
        return $status !== 'OPEN' || $session_amount !== $order_amount;
    }

    /**
     * What a verified webhook may do: `$event` its body fields (order_id, payment_status, trid,
     * amount as a taka string, test), `$stored` what the plugin stored when it opened that
     * session (payment_id, amount, mode), `$key_mode` the shop's key's mode.
     *
     * @param array{payment_status: string, trid: string, amount: string, test: bool} $event
     * @param array{payment_id: string, amount: string, mode: string} $stored
     */
    public static function check_event(array $event, array $stored, string $key_mode): string
    {
        $event_mode = $event['test'] ? self::TEST : self::LIVE;
        if ($event_mode !== $key_mode || $stored['mode'] !== $key_mode) {
            return self::WRONG_MODE;
        }
        if (!hash_equals($stored['payment_id'], $event['trid'])) {
            return self::OTHER_SESSION;
        }
        if ($event['amount'] !== $stored['amount']) {
            return self::WRONG_AMOUNT;
        }
        return $event['payment_status'] === 'COMPLETED' ? self::COMPLETE : self::CLOSED;
    }

    /**
     * The session as the service reads it back must say the same before an order is paid:
     * completed, in the key's mode, the stored session.
     *
     * @param array{status: string, mode: string, payment_id: string} $read
     * @param array{payment_id: string, mode: string} $stored
     */
    public static function confirms_payment(array $read, array $stored): bool
    {
        return $read['status'] === 'COMPLETED'
            && $read['mode'] === $stored['mode']
            && hash_equals($stored['payment_id'], $read['payment_id']);
    }

    /**
     * What "Check connection" says: 'ok', 'unreachable' (no answer), 'key_refused' (401),
     * 'inactive' (403: the account is not active), 'limited' (429), 'service_error' (other).
     */
    public static function connection_problem(?int $status): string
    {
        if ($status === null) {
            return 'unreachable';
        }
        if ($status >= 200 && $status < 300) {
            return 'ok';
        }
        return match ($status) {
            401 => 'key_refused',
            402, 403 => 'inactive',
            429 => 'limited',
            default => 'service_error',
        };
    }

    /** The wallets to name at checkout: the chosen ones, in the service's order, known only. */
    public static function wallets(array $chosen): array
    {
        return array_values(array_intersect(self::PROVIDERS, $chosen));
    }

    /** The service URL as typed, without a trailing slash; null unless http(s) with a host. */
    public static function service_url(string $url): ?string
    {
        $url = rtrim(trim($url), '/');
        $parts = parse_url($url);
        if (!is_array($parts) || !in_array($parts['scheme'] ?? '', ['http', 'https'], true) || empty($parts['host'])) {
            return null;
        }
        return isset($parts['user']) || isset($parts['query']) || isset($parts['fragment']) ? null : $url;
    }
}
