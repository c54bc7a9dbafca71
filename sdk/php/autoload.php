<?php

declare(strict_types=1);

// Without Composer: `require 'path/to/claimsvc-sdk/autoload.php';` loads Claimsvc\ from src/
// (PSR-4), as Composer's vendor/autoload.php does from composer.json.
spl_autoload_register(static function (string $class): void {
    if (str_starts_with($class, 'Claimsvc\\')) {
        $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen('Claimsvc\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
