<?php

declare(strict_types=1);

// Without Composer: a PSR-4 autoloader for Claimsvc\ (src/) and Claimsvc\Tests\ (tests/).
// With Composer, `require 'vendor/autoload.php'` does the same from composer.json.
spl_autoload_register(static function (string $class): void {
    $roots = ['Claimsvc\\Tests\\' => __DIR__ . '/', 'Claimsvc\\' => dirname(__DIR__) . '/src/'];
    foreach ($roots as $prefix => $dir) {
        if (str_starts_with($class, $prefix)) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require $file;
            }
            return;
        }
    }
});
