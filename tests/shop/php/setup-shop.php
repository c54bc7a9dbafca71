<?php
// A new shop as an owner sets it up: WooCommerce's new-install defaults (its first wp-admin
// visit), a store in Dhaka selling in BDT, shipping, one physical and one virtual product,
// coming-soon mode and onboarding off. php setup-shop.php <wordpress dir> <customer password>;
// prints the ids made (products, the classic checkout page, the customer).
require $argv[1] . '/wp-load.php';
WC_Install::newly_installed();
$options = [
    'woocommerce_currency' => 'BDT',
    'woocommerce_default_country' => 'BD:BD-13',
    'woocommerce_store_address' => 'House 1, Road 2',
    'woocommerce_store_city' => 'Dhaka',
    'woocommerce_store_postcode' => '1207',
    'woocommerce_price_num_decimals' => '2',
    'woocommerce_coming_soon' => 'no',
    'woocommerce_store_pages_only' => 'no',
    'woocommerce_onboarding_profile' => ['skipped' => true],
    'woocommerce_task_list_hidden' => 'yes',
    'woocommerce_show_marketplace_suggestions' => 'no',
    'woocommerce_allow_tracking' => 'no',
    'woocommerce_enable_guest_checkout' => 'yes',
    'woocommerce_enable_signup_and_login_from_checkout' => 'yes',
    'woocommerce_hold_stock_minutes' => '60',
];
foreach ($options as $name => $value) {
    update_option($name, $value);
}
// Cash on delivery too, as most shops here offer it: buyers choose between two methods.
update_option('woocommerce_cod_settings', ['enabled' => 'yes', 'title' => 'Cash on delivery']);
$zone = new WC_Shipping_Zone(0);
$rate = $zone->add_shipping_method('flat_rate');
update_option("woocommerce_flat_rate_{$rate}_settings", ['title' => 'Courier', 'cost' => '60', 'tax_status' => 'none']);
$make = static function (string $name, string $price, bool $virtual): int {
    $product = new WC_Product_Simple();
    $product->set_name($name);
    $product->set_status('publish');
    $product->set_regular_price($price);
    $product->set_virtual($virtual);
    return $product->save();
};
$ids = [
    'physical' => $make('Nakshi kantha', '1250.50', false),
    'virtual' => $make('Bangla e-book', '99.99', true),
];
$classic = wp_insert_post([
    'post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Classic checkout',
    'post_name' => 'classic-checkout', 'post_content' => '[woocommerce_checkout]',
]);
$ids['classic_checkout_page'] = $classic;
$customer = wc_create_new_customer('karim@example.com', 'karim', $argv[2], ['first_name' => 'Karim']);
if (is_wp_error($customer)) {
    fwrite(STDERR, $customer->get_error_message() . "\n");
    exit(1);
}
$ids['customer'] = $customer;
flush_rewrite_rules();
echo wp_json_encode($ids), "\n";
