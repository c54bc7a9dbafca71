<?php
// php -S router for WordPress's pretty permalinks: a real file (PHP or static) is served as
// php -S serves it; every other address goes to WordPress's index.php, as Apache's rewrite does.
$path = urldecode((string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
$file = $_SERVER['DOCUMENT_ROOT'] . $path;
if (is_file($file) || (is_dir($file) && is_file(rtrim($file, '/') . '/index.php'))) {
    return false;
}
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
require $_SERVER['SCRIPT_FILENAME'];
