<?php
// The plugin's pure rules (includes/class-claimsvc-wp-rules.php), no WordPress needed:
// php rules-test.php <plugin dir>; prints "ok <count>" or the first failure and exits 1.
declare(strict_types=1);

define('CLAIMSVC_WP_PURE_TEST', true);
require $argv[1] . '/includes/class-claimsvc-wp-rules.php';

$count = 0;
function same(mixed $expected, mixed $actual, string $what): void
{
    global $count;
    $count++;
    if ($expected !== $actual) {
        fwrite(STDERR, "$what: expected " . var_export($expected, true) . ', got ' . var_export($actual, true) . "\n");
        exit(1);
    }
}

$R = Claimsvc_WP_Rules::class;
// Order totals as WooCommerce stores them: exact taka strings, never through a float.
foreach ([
    '1310.5' => '1310.50', '1310.50' => '1310.50', '1310.500' => '1310.50', '99.99' => '99.99',
    '0.01' => '0.01', '640' => '640.00', '007.10' => '7.10', '0.1' => '0.10',
    '12.345' => null, '0' => null, '0.00' => null, '-5.00' => null, '1e3' => null, '' => null,
    '12,50' => null, ' 12.5 ' => '12.50', '100000000.00' => null, '99999999.99' => '99999999.99',
] as $total => $expected) {
    same($expected, $R::amount((string) $total), "amount($total)");
}
ini_set('precision', '17');
same('0.30', $R::amount('0.30'), 'amount is text arithmetic, whatever the float precision');

same('test', $R::key_mode('sk_test_abcdefgh123'), 'a test key');
same('live', $R::key_mode('sk_abcdefgh12345'), 'a live key');
foreach (['', 'pk_test_abcdefgh', 'sk_', 'sk_short', "sk_test_abc\nxyz12"] as $bad) {
    same(null, $R::key_mode($bad), "key_mode(" . json_encode($bad) . ")");
}

same('1042', $R::service_order_id('1042', 1), 'the first attempt is the order number');
same('1042-2', $R::service_order_id('1042', 2), 'a second attempt');
same('1042', $R::service_order_id('1042', 0), 'no attempt yet counts as the first');

same(false, $R::needs_new_session('OPEN', '10.00', '10.00'), 'an open session of the same amount is reused');
foreach (['CANCELLED', 'EXPIRED', 'FAILED', 'COMPLETED'] as $closed) {
    same(true, $R::needs_new_session($closed, '10.00', '10.00'), "a $closed session needs a new one");
}
same(true, $R::needs_new_session('OPEN', '10.00', '12.00'), 'an edited total needs a new session');

$stored = ['payment_id' => 'pay_1', 'amount' => '10.00', 'mode' => 'live'];
$event = ['payment_status' => 'COMPLETED', 'trid' => 'pay_1', 'amount' => '10.00', 'test' => false];
same('complete', $R::check_event($event, $stored, 'live'), 'the stored session completed');
same('wrong_mode', $R::check_event(['test' => true] + $event, $stored, 'live'), 'a test event on a live shop');
same('wrong_mode', $R::check_event($event, $stored, 'test'), 'a live event on a test shop');
same('wrong_mode', $R::check_event($event, ['mode' => 'test'] + $stored, 'live'), 'a session opened in test mode, key now live');
same('other_session', $R::check_event(['trid' => 'pay_2'] + $event, $stored, 'live'), 'another session');
same('wrong_amount', $R::check_event(['amount' => '9.00'] + $event, $stored, 'live'), 'another amount');
foreach (['CANCELLED', 'EXPIRED', 'FAILED'] as $closed) {
    same('closed', $R::check_event(['payment_status' => $closed] + $event, $stored, 'live'), "a $closed event");
}

$read = ['status' => 'COMPLETED', 'mode' => 'live', 'payment_id' => 'pay_1'];
same(true, $R::confirms_payment($read, $stored), 'the service confirms');
same(false, $R::confirms_payment(['status' => 'OPEN'] + $read, $stored), 'still open');
same(false, $R::confirms_payment(['mode' => 'test'] + $read, $stored), 'another mode');
same(false, $R::confirms_payment(['payment_id' => 'pay_9'] + $read, $stored), 'another session');

foreach ([null => 'unreachable', 200 => 'ok', 401 => 'key_refused', 403 => 'inactive', 402 => 'inactive', 429 => 'limited', 404 => 'service_error', 500 => 'service_error'] as $status => $problem) {
    same($problem, $R::connection_problem($status === '' ? null : $status), "connection_problem($status)");
}

same(['bkash', 'rocket'], $R::wallets(['rocket', 'paypal', 'bkash']), 'known wallets, in order');
same('https://pay.example.com', $R::service_url(' https://pay.example.com/ '), 'a service URL');
same('http://127.0.0.1:8080', $R::service_url('http://127.0.0.1:8080'), 'a local service URL');
foreach (['ftp://x', 'pay.example.com', 'https://user:pw@pay.example.com', 'https://pay.example.com/?a=1', ''] as $bad) {
    same(null, $R::service_url($bad), "service_url($bad)");
}
echo "ok $count\n";
