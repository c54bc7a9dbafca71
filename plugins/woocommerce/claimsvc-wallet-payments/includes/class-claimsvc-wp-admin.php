<?php
/**
 * wp-admin: the test-mode and currency notices, and the "Check connection" button's answer.
 *
 * @package ClaimsvcWalletPayments
 */

defined('ABSPATH') || exit;

final class Claimsvc_WP_Admin
{
    public const CHECK_ACTION = 'claimsvc_wallet_check';

    public static function hook(): void
    {
        add_action('admin_notices', [self::class, 'notices']);
        add_action('wp_ajax_' . self::CHECK_ACTION, [self::class, 'check']);
    }

    public static function notices(): void
    {
        if (!current_user_can('manage_woocommerce')) {
            return;
        }
        $gateway = new Claimsvc_WP_Gateway();
        if ($gateway->get_option('enabled') !== 'yes') {
            return;
        }
        if ($gateway->key_mode() === Claimsvc_WP_Rules::TEST) {
            self::notice('warning', 'claimsvc-test-mode', __('Wallet payments are in test mode: buyers\' payments are test payments and no real money moves. Enter a live key (sk_...) and the live callback secret to take real payments.', 'claimsvc-wallet-payments'));
        }
        if (get_woocommerce_currency() !== Claimsvc_WP_Gateway::CURRENCY) {
            /* translators: %s: the store's currency code */
            self::notice('error', 'claimsvc-currency', sprintf(__('Wallet payments take Bangladeshi taka (BDT) only, and your store\'s currency is %s: buyers are not offered wallet payments. Amounts are never converted.', 'claimsvc-wallet-payments'), get_woocommerce_currency()));
        }
    }

    private static function notice(string $kind, string $id, string $text): void
    {
        printf('<div class="notice notice-%s" id="%s"><p>%s</p></div>', esc_attr($kind), esc_attr($id), esc_html($text));
    }

    /** The answer to "Check connection": one sentence saying what is wrong, or that all is well. */
    public static function check(): void
    {
        check_ajax_referer(self::CHECK_ACTION, 'nonce');
        if (!current_user_can('manage_woocommerce')) {
            wp_send_json_error(['message' => __('You are not allowed to do this.', 'claimsvc-wallet-payments')], 403);
        }
        $gateway = new Claimsvc_WP_Gateway();
        if ((string) $gateway->get_option('service_url') === '' || $gateway->key_mode() === null) {
            wp_send_json_error(['message' => __('Enter the service URL and an API key, save, then check again.', 'claimsvc-wallet-payments')]);
        }
        $problem = $gateway->service()->check();
        $words = [
            'ok' => $gateway->key_mode() === Claimsvc_WP_Rules::TEST
                ? __('Connected. The service accepted the test key: payments are test payments.', 'claimsvc-wallet-payments')
                : __('Connected. The service accepted the live key.', 'claimsvc-wallet-payments'),
            'unreachable' => __('The service did not answer. Check the service URL, and that this server can reach it.', 'claimsvc-wallet-payments'),
            'key_refused' => __('The service refused the API key: it is wrong or was revoked. Copy a key from the portal\'s Keys page.', 'claimsvc-wallet-payments'),
            'inactive' => __('The key is right, but your claimsvc account is not active (not approved yet, suspended, or fees due). See the portal.', 'claimsvc-wallet-payments'),
            'limited' => __('The service is limiting requests from this key just now. Try again in a minute.', 'claimsvc-wallet-payments'),
            'service_error' => __('The service answered with an error. Check the service URL; if it is right, try again later.', 'claimsvc-wallet-payments'),
        ];
        $send = $problem === 'ok' ? 'wp_send_json_success' : 'wp_send_json_error';
        $send(['problem' => $problem, 'message' => $words[$problem]]);
    }
}
