<?php
/**
 * Deleting the plugin removes its settings; orders, their notes and their payment records stay
 * (they are the shop's books).
 *
 * @package ClaimsvcWalletPayments
 */

defined('WP_UNINSTALL_PLUGIN') || exit;

delete_option('woocommerce_claimsvc_wallet_payments_settings');
