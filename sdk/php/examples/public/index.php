<?php

declare(strict_types=1);

// A shop with a checkout button and a webhook endpoint, in plain PHP: one front controller that
// any web server (Apache, nginx with php-fpm) can serve. Locally: see sdk/examples/README.md.
require dirname(__DIR__, 2) . '/autoload.php'; // with Composer: require 'vendor/autoload.php';

use Claimsvc\Client;
use Claimsvc\Exception\ApiException;
use Claimsvc\Exception\WebhookVerificationException;
use Claimsvc\Webhook;

const PRICE = '1250.50';
$shopUrl = getenv('SHOP_URL') ?: 'https://localhost:8443';
// The account's callback secret (the test one for a test key): the portal's Webhooks page.
$secret = getenv('CLAIMSVC_CALLBACK_SECRET') ?: throw new RuntimeException('Set CLAIMSVC_CALLBACK_SECRET');
$ordersFile = getenv('SHOP_ORDERS_FILE') ?: sys_get_temp_dir() . '/nakshi-shop-orders.json';

/** Runs $change on the orders (a real shop uses its database), under a lock; returns them. */
function orders(string $file, ?callable $change = null): array
{
    $handle = fopen($file, 'c+');
    flock($handle, LOCK_EX);
    $orders = json_decode(stream_get_contents($handle) ?: '{}', true) ?: ['orders' => [], 'events' => []];
    if ($change !== null) {
        $orders = $change($orders);
        ftruncate($handle, 0);
        rewind($handle);
        fwrite($handle, json_encode($orders));
    }
    flock($handle, LOCK_UN);
    fclose($handle);
    return $orders;
}

function page(string $body, bool $refresh = false): void
{
    header('content-type: text/html; charset=utf-8');
    echo '<!doctype html><meta charset=utf-8><meta name=viewport content="width=device-width">',
        $refresh ? '<meta http-equiv=refresh content=2>' : '',
        '<title>Nakshi Shop</title><body style="font-family:sans-serif;max-width:30em;margin:2em auto">', $body, '</body>';
}

$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$order = (string) ($_GET['order'] ?? '');

if ($_SERVER['REQUEST_METHOD'] === 'POST' && $path === '/checkout') {
    // The button: open a session for a new order and send the buyer to the hosted page.
    $orderId = 'shop-' . bin2hex(random_bytes(6));
    orders($ordersFile, function (array $o) use ($orderId) {
        $o['orders'][$orderId] = ['status' => 'PENDING', 'amount' => PRICE];
        return $o;
    });
    $client = new Client(getenv('CLAIMSVC_API_KEY') ?: null, getenv('CLAIMSVC_BASE_URL') ?: 'http://localhost:8080');
    try {
        $opened = $client->sessions()->initialize(
            $orderId,
            PRICE,
            successUrl: "$shopUrl/thanks?order=$orderId",
            cancelUrl: "$shopUrl/cancelled?order=$orderId",
            webhookUrl: "$shopUrl/webhook",
        );
    } catch (ApiException $e) {
        http_response_code(502);
        page('<p>Checkout is not available: ' . htmlspecialchars($e->getMessage()) . '</p>');
        return;
    }
    header('location: ' . $opened->session->checkoutUrl, true, 303);
    return;
}

if ($_SERVER['REQUEST_METHOD'] === 'POST' && $path === '/webhook') {
    // The service's webhook: verify the raw body, act once per event id, answer 2xx fast.
    try {
        $event = Webhook::verify(file_get_contents('php://input'), getallheaders(), $secret);
    } catch (WebhookVerificationException $e) {
        http_response_code(401);
        return;
    }
    orders($ordersFile, function (array $o) use ($event) {
        if (!isset($o['events'][$event->id]) && !$event->test) {
            $o['events'][$event->id] = true;
            $known = $o['orders'][$event->orderId] ?? ['amount' => $event->amount];
            if ($known['amount'] === $event->amount) { // the amount you charged, exactly
                $known['status'] = $event->paymentStatus;
            }
            $o['orders'][$event->orderId] = $known;
        }
        return $o;
    });
    http_response_code(200);
    return;
}

$all = orders($ordersFile)['orders'];
if ($path === '/') {
    $rows = '';
    foreach ($all as $id => $o) {
        $rows .= '<li>' . htmlspecialchars($id) . ': ' . htmlspecialchars($o['status'] ?? '') . '</li>';
    }
    page('<h1>Nakshi kantha</h1><p>৳ ' . PRICE . '</p><form method=post action=/checkout>'
        . "<button>Pay with bKash, Nagad or Rocket</button></form><ul>$rows</ul>");
} elseif ($path === '/thanks') {
    $status = $all[$order]['status'] ?? 'unknown';
    page('<p>Order ' . htmlspecialchars($order) . ': <b>' . htmlspecialchars($status) . '</b></p><a href=/>Back</a>', $status === 'PENDING');
} elseif ($path === '/cancelled') {
    page('<p>Payment cancelled.</p><a href=/>Back</a>');
} elseif (str_starts_with($path, '/orders/')) {
    header('content-type: application/json');
    echo json_encode($all[substr($path, 8)] ?? new stdClass());
} else {
    http_response_code(404);
}
