<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

/** `php -S` answering from a script of [status, body, delay ms] replies (retry tests only). */
final class Stub
{
    public readonly string $url;
    private string $dir;
    /** @var resource */
    private $process;

    public function __construct(array $replies)
    {
        $this->dir = sys_get_temp_dir() . '/claimsvc-stub-' . bin2hex(random_bytes(6));
        mkdir($this->dir);
        file_put_contents("$this->dir/replies.json", json_encode($replies));
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        $port = (int) substr(strrchr(stream_socket_get_name($probe, false), ':'), 1);
        fclose($probe);
        $this->url = "http://127.0.0.1:$port";
        $cmd = [PHP_BINARY, '-S', "127.0.0.1:$port", __DIR__ . '/stub_router.php'];
        $env = ['STUB_DIR' => $this->dir, 'PATH' => getenv('PATH') ?: ''];
        $this->process = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes, null, $env);
        for ($i = 0; $i < 200; $i++) {
            $socket = @stream_socket_client("tcp://127.0.0.1:$port", $errno, $error, 0.1);
            if ($socket !== false) {
                fclose($socket);
                return;
            }
            usleep(20_000);
        }
        throw new \RuntimeException('the stub did not start');
    }

    /** @return list<array{method: string, uri: string, body: string, headers: array<string, string>}> */
    public function seen(): array
    {
        $file = "$this->dir/seen.jsonl";
        return is_file($file) ? array_map(fn ($l) => json_decode($l, true), file($file)) : [];
    }

    /** The requests seen, once there are $count or $withinSeconds have passed: a client that
     *  gave up on a time-out may have sent a request the busy stub reads later. */
    public function waitSeen(int $count, float $withinSeconds = 10.0): array
    {
        $deadline = microtime(true) + $withinSeconds;
        while (count($seen = $this->seen()) < $count && microtime(true) < $deadline) {
            usleep(10_000);
        }
        return $seen;
    }

    public function close(): void
    {
        proc_terminate($this->process);
        proc_close($this->process);
        array_map('unlink', glob("$this->dir/*"));
        rmdir($this->dir);
    }
}
