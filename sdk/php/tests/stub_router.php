<?php

declare(strict_types=1);

// The offline tests' stand-in API, served by `php -S`: answers from the script in
// STUB_DIR/replies.json, [status, body, delay ms, headers] each (the last reply repeats; a string
// body is sent as it is, raw JSON text), and appends each request to STUB_DIR/seen.jsonl.
$dir = getenv('STUB_DIR');
$replies = json_decode(file_get_contents("$dir/replies.json"), true);
$seen = is_file("$dir/seen.jsonl") ? count(file("$dir/seen.jsonl")) : 0;
$headers = array_change_key_case(getallheaders(), CASE_LOWER);
$body = file_get_contents('php://input');
file_put_contents("$dir/seen.jsonl", json_encode(['method' => $_SERVER['REQUEST_METHOD'], 'uri' => $_SERVER['REQUEST_URI'], 'body' => $body, 'headers' => $headers]) . "\n", FILE_APPEND);
[$status, $doc, $delayMs, $extra] = $replies[min($seen, count($replies) - 1)] + [2 => 0, 3 => []];
usleep($delayMs * 1000);
http_response_code($status);
header('content-type: application/json');
foreach ($extra as $name => $value) {
    header("$name: $value");
}
echo is_string($doc) ? $doc : json_encode($doc);
