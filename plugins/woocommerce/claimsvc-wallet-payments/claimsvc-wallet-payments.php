<?php
/**
 * Plugin Name:       Claimsvc Wallet Payments
 * Description:       Take bKash, Nagad, Rocket, upay and CellFin payments in BDT through claimsvc's hosted checkout page, confirmed by signed webhooks.
 * Version:           0.1.0
 * Requires at least: 6.7
 * Requires PHP:      8.1
 * Requires Plugins:  woocommerce
 * Author:            claimsvc
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       claimsvc-wallet-payments
 * Domain Path:       /languages
 * WC requires at least: 9.0
 * WC tested up to:   10.0
 *
 * @package ClaimsvcWalletPayments
 */

defined('ABSPATH') || exit;

define('CLAIMSVC_WP_FILE', __FILE__);
define('CLAIMSVC_WP_VERSION', '0.1.0');

// The claimsvc PHP library (sdk/php/src), copied into lib/ when the zip is built.
spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Claimsvc\\')) {
        $file = __DIR__ . '/lib/claimsvc-sdk/' . str_replace('\\', '/', substr($class, 9)) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});

require_once __DIR__ . '/includes/class-claimsvc-wp-rules.php';

// HPOS (the order tables) and the Checkout block: both declared compatible, both tested.
add_action('before_woocommerce_init', static function (): void {
    if (class_exists(\Automattic\WooCommerce\Utilities\FeaturesUtil::class)) {
        \Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility('custom_order_tables', CLAIMSVC_WP_FILE, true);
        \Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility('cart_checkout_blocks', CLAIMSVC_WP_FILE, true);
    }
});

add_action('init', static function (): void {
    load_plugin_textdomain('claimsvc-wallet-payments', false, dirname(plugin_basename(CLAIMSVC_WP_FILE)) . '/languages');
});

add_action('plugins_loaded', static function (): void {
    if (!class_exists('WC_Payment_Gateway')) {
        return;
    }
    require_once __DIR__ . '/includes/class-claimsvc-wp-service.php';
    require_once __DIR__ . '/includes/class-claimsvc-wp-gateway.php';
    require_once __DIR__ . '/includes/class-claimsvc-wp-webhook.php';
    require_once __DIR__ . '/includes/class-claimsvc-wp-admin.php';
    add_filter('woocommerce_payment_gateways', static function (array $gateways): array {
        $gateways[] = Claimsvc_WP_Gateway::class;
        return $gateways;
    });
    add_action('woocommerce_api_' . Claimsvc_WP_Gateway::ID, [Claimsvc_WP_Webhook::class, 'handle']);
    add_filter('woocommerce_payment_complete_order_status', [Claimsvc_WP_Gateway::class, 'paid_status'], 10, 3);
    Claimsvc_WP_Admin::hook();
});

add_action('woocommerce_blocks_loaded', static function (): void {
    if (!class_exists(\Automattic\WooCommerce\Blocks\Payments\Integrations\AbstractPaymentMethodType::class)) {
        return;
    }
    require_once __DIR__ . '/includes/class-claimsvc-wp-blocks.php';
    add_action(
        'woocommerce_blocks_payment_method_type_registration',
        static function (\Automattic\WooCommerce\Blocks\Payments\PaymentMethodRegistry $registry): void {
            $registry->register(new Claimsvc_WP_Blocks());
        }
    );
});
