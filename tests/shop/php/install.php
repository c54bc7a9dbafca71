<?php
// Installs WordPress and activates WooCommerce (what the install screen and the Plugins page
// do), with no wp-cli: php install.php <wordpress dir> <admin password>.
define('WP_INSTALLING', true);
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
$installed = wp_install('Claimsvc test shop', 'admin', 'admin@shop.test', true, '', $argv[2]);
update_option('permalink_structure', '/%postname%/');
$activated = activate_plugin('woocommerce/woocommerce.php');
if (is_wp_error($activated)) {
    fwrite(STDERR, $activated->get_error_message() . "\n");
    exit(1);
}
echo "installed\n";
