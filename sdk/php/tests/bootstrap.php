<?php

declare(strict_types=1);

// PHPUnit's bootstrap (phpunit.xml.dist). The library comes from CLAIMSVC_SDK_AUTOLOAD when set
// (tests/sdk/test_php_package.py points it at a shop that installed the Composer archive), else
// from Composer's vendor/autoload.php, else from the library's own autoload.php. The tests'
// helpers (Claimsvc\Tests\) load from this folder.
$library = getenv('CLAIMSVC_SDK_AUTOLOAD') ?: (is_file(dirname(__DIR__) . '/vendor/autoload.php')
    ? dirname(__DIR__) . '/vendor/autoload.php'
    : dirname(__DIR__) . '/autoload.php');
require $library;
spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Claimsvc\\Tests\\')) {
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen('Claimsvc\\Tests\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
// The folder of the library under test (its README.md, composer.json), wherever it was loaded from.
define('CLAIMSVC_SDK_ROOT', dirname((string) (new ReflectionClass(Claimsvc\Client::class))->getFileName(), 2));
