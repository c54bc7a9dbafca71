<?php
/**
 * The Checkout block's side of the gateway: without it the block checkout does not offer the
 * gateway at all. Its script (assets/js/checkout-block.js) uses the wp and wc globals only.
 *
 * @package ClaimsvcWalletPayments
 */

defined('ABSPATH') || exit;

use Automattic\WooCommerce\Blocks\Payments\Integrations\AbstractPaymentMethodType;

final class Claimsvc_WP_Blocks extends AbstractPaymentMethodType
{
    protected $name = Claimsvc_WP_Gateway::ID;
    private ?Claimsvc_WP_Gateway $gateway = null;

    public function initialize(): void
    {
        $this->settings = (array) get_option('woocommerce_' . Claimsvc_WP_Gateway::ID . '_settings', []);
    }

    private function gateway(): Claimsvc_WP_Gateway
    {
        $gateways = WC()->payment_gateways() ? WC()->payment_gateways()->payment_gateways() : [];
        return $this->gateway ??= ($gateways[Claimsvc_WP_Gateway::ID] ?? new Claimsvc_WP_Gateway());
    }

    public function is_active(): bool
    {
        return $this->gateway()->is_available();
    }

    /** @return list<string> */
    public function get_payment_method_script_handles(): array
    {
        wp_register_script(
            'claimsvc-wp-checkout-block',
            plugins_url('assets/js/checkout-block.js', CLAIMSVC_WP_FILE),
            ['wc-blocks-registry', 'wc-settings', 'wp-element', 'wp-html-entities'],
            CLAIMSVC_WP_VERSION,
            true
        );
        return ['claimsvc-wp-checkout-block'];
    }

    /** @return array<string, mixed> */
    public function get_payment_method_data(): array
    {
        $gateway = $this->gateway();
        return [
            'title' => $gateway->title,
            'description' => $gateway->checkout_text(),
            'testMode' => $gateway->key_mode() === Claimsvc_WP_Rules::TEST ? Claimsvc_WP_Gateway::test_mode_text() : '',
            'supports' => array_values(array_filter($gateway->supports, [$gateway, 'supports'])),
        ];
    }
}
