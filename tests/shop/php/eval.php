<?php
// Runs PHP code from stdin inside the shop (wp-load.php loaded) and prints what it returns as
// JSON: php eval.php <wordpress dir> < code. For tests that read or set the shop's state.
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
$result = (static fn () => eval(stream_get_contents(STDIN)))();
echo "\n--result--\n", wp_json_encode($result), "\n";
