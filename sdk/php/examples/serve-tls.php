<?php

declare(strict_types=1);

// Local development only: serves public/ over https://localhost:8443 so that `claimsvc dev` can
// deliver webhooks (it sends them over HTTPS only). PHP's built-in server runs the pages on a
// loopback port; this loop ends TLS in front of it, one connection at a time. In production
// your web server (Apache, nginx) does this.
//   CLAIMSVC_API_KEY=sk_... php sdk/php/examples/serve-tls.php
$examples = dirname(__DIR__, 2) . '/examples';
$port = (int) (getenv('SHOP_PORT') ?: 8443);
$probe = stream_socket_server('tcp://127.0.0.1:0');
$inner = (int) substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
fclose($probe);
$child = proc_open([PHP_BINARY, '-S', "127.0.0.1:$inner", __DIR__ . '/public/index.php'], [1 => STDOUT, 2 => STDERR], $pipes);
register_shutdown_function(static fn () => proc_terminate($child));

$context = stream_context_create(['ssl' => [
    'local_cert' => getenv('SHOP_CERT') ?: "$examples/cert.pem",
    'local_pk' => getenv('SHOP_KEY') ?: "$examples/key.pem",
]]);
$server = stream_socket_server("tls://127.0.0.1:$port", $errno, $error, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN, $context);
if ($server === false) {
    fwrite(STDERR, "cannot listen on $port: $error\n");
    exit(1);
}
for ($i = 0; $i < 100 && !@fsockopen('127.0.0.1', $inner); $i++) {
    usleep(50_000);
}
echo 'shop on ' . (getenv('SHOP_URL') ?: "https://localhost:$port") . "\n";

while (true) {
    $client = @stream_socket_accept($server, -1);
    if ($client === false) {
        continue; // a failed TLS handshake (e.g. a browser refusing the self-signed certificate)
    }
    stream_set_timeout($client, 5);
    $head = '';
    while (!str_contains($head, "\r\n\r\n") && ($line = fgets($client)) !== false) {
        $head .= $line;
    }
    preg_match('/^content-length:\s*(\d+)/mi', $head, $m);
    $body = '';
    while (strlen($body) < (int) ($m[1] ?? 0) && !feof($client)) {
        $body .= fread($client, (int) $m[1] - strlen($body));
    }
    $head = preg_replace('/^connection:.*\r\n/mi', '', $head);
    $upstream = fsockopen('127.0.0.1', $inner);
    fwrite($upstream, substr($head, 0, -2) . "connection: close\r\n\r\n" . $body);
    fwrite($client, stream_get_contents($upstream));
    fclose($upstream);
    fclose($client);
}
