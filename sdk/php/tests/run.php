<?php

declare(strict_types=1);

// The test runner: `php tests/run.php [filter]`. Each tests/*Test.php returns a list of
// name => closure; a closure passes when it returns without throwing.
require __DIR__ . '/autoload.php';
require __DIR__ . '/Assert.php';
require __DIR__ . '/Support.php';

error_reporting(E_ALL);
set_error_handler(static function (int $no, string $message, string $file, int $line): bool {
    if (!(error_reporting() & $no)) {
        return false; // silenced with @ on purpose
    }
    throw new ErrorException($message, 0, $no, $file, $line);
});

$filter = $argv[1] ?? '';
$passed = $failed = $skipped = 0;
$started = microtime(true);
foreach (glob(__DIR__ . '/*Test.php') as $file) {
    foreach (require $file as $name => $test) {
        $label = basename($file, '.php') . ': ' . $name;
        if ($filter !== '' && !str_contains($label, $filter)) {
            continue;
        }
        try {
            $test();
            $passed++;
            echo "ok - $label\n";
        } catch (Claimsvc\Tests\Skipped $e) {
            $skipped++;
            echo "ok - $label # SKIP {$e->getMessage()}\n";
        } catch (Throwable $e) {
            $failed++;
            echo "not ok - $label\n  " . get_class($e) . ': ' . $e->getMessage() . "\n  at " . $e->getFile() . ':' . $e->getLine() . "\n";
            echo '  ' . str_replace("\n", "\n  ", $e->getTraceAsString()) . "\n";
        }
    }
}
printf("# %d passed, %d failed, %d skipped in %.2f s\n", $passed, $failed, $skipped, microtime(true) - $started);
exit($failed === 0 ? 0 : 1);
