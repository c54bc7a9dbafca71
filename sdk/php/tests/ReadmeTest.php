<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

use PHPUnit\Framework\TestCase;

/** The README as the registry shows it: code that parses, links that work off this repository. */
final class ReadmeTest extends TestCase
{
    private static function readme(): string
    {
        return (string) file_get_contents(CLAIMSVC_SDK_ROOT . '/README.md');
    }

    public function testEveryPhpExampleParses(): void
    {
        preg_match_all('/```php\n(.*?)```/s', self::readme(), $blocks);
        self::assertGreaterThanOrEqual(8, count($blocks[1]));
        foreach ($blocks[1] as $i => $code) {
            $file = tempnam(sys_get_temp_dir(), 'readme');
            file_put_contents($file, "<?php\n" . $code);
            exec(escapeshellarg(PHP_BINARY) . ' -l ' . escapeshellarg($file) . ' 2>&1', $output, $status);
            unlink($file);
            self::assertSame(0, $status, "README example #$i:\n$code\n" . implode("\n", $output));
        }
    }

    public function testEveryLinkIsAbsolute(): void
    {
        preg_match_all('/\]\(([^)]+)\)/', self::readme(), $links);
        self::assertNotEmpty($links[1]);
        foreach ($links[1] as $link) {
            self::assertStringStartsWith('https://', $link, 'a relative link breaks on Packagist');
        }
    }
}
