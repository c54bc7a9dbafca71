<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

/** Test helpers: the live service, a webhook receiver and a stub API. */
final class Support
{
    public const SHOP = 'https://shop.example.com';

    /** CLAIMSVC_SDK_LIVE as an array; skips without it (fails when CLAIMSVC_SDK_LIVE_REQUIRED=1). */
    public static function live(): array
    {
        $raw = getenv('CLAIMSVC_SDK_LIVE');
        if ($raw === false || $raw === '') {
            if (getenv('CLAIMSVC_SDK_LIVE_REQUIRED') === '1') {
                throw new AssertionFailed('CLAIMSVC_SDK_LIVE is not set');
            }
            throw new Skipped('no live service: set CLAIMSVC_SDK_LIVE');
        }
        return json_decode($raw, true, 64, JSON_THROW_ON_ERROR);
    }

    public static function orderId(string $prefix = 'php'): string
    {
        return $prefix . '-' . bin2hex(random_bytes(6));
    }

    public static function trxId(): string
    {
        return 'T' . strtoupper(bin2hex(random_bytes(5)));
    }

    /** A plain JSON call for the tests' own needs (admin, SMS intake); the decoded answer. */
    public static function call(string $method, string $url, ?array $body, array $headers): array
    {
        $curl = curl_init($url);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT => 10,
            CURLOPT_HTTPHEADER => array_merge(['content-type: application/json'], $headers),
        ]);
        if ($body !== null) {
            curl_setopt($curl, CURLOPT_POSTFIELDS, json_encode($body));
        }
        $raw = curl_exec($curl);
        $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        curl_close($curl);
        if ($status < 200 || $status > 299) {
            throw new AssertionFailed("$method $url: $status $raw");
        }
        return json_decode($raw, true, 64, JSON_THROW_ON_ERROR);
    }

    public static function admin(array $live, string $method, string $path, ?array $body = null): array
    {
        return self::call($method, $live['api_url'] . $path, $body, ['authorization: Bearer ' . $live['admin_token']]);
    }

    /** The bKash SMS the merchant's phone forwards with its device token; waits until parsed. */
    public static function pay(array $live, string $account, string $amount, string $trxId): void
    {
        $acc = $live['accounts'][$account];
        $message = "You have received Tk $amount from 01712345678. Fee Tk 0.00. Balance Tk 9,$amount. TrxID $trxId at 25/11/2026 10:30";
        $answer = self::call('POST', $live['sms_url'], ['sender' => 'bKash', 'message' => $message], ['authorization: Bearer ' . $acc['device_token']]);
        same(['accepted' => 1, 'duplicates' => 0], $answer, 'SMS intake');
        $deadline = microtime(true) + 30;
        while (microtime(true) < $deadline) {
            $items = self::admin($live, 'GET', "/admin/v1/transactions?account_id={$acc['id']}")['items'];
            if (in_array($trxId, array_column($items, 'trx_id'), true)) {
                return;
            }
            usleep(50_000);
        }
        throw new AssertionFailed("the SMS of $trxId was not parsed within 30 s");
    }
}

/** An HTTPS webhook endpoint on localhost with the certificate the service trusts. */
final class Receiver
{
    public readonly string $url;
    /** @var resource */
    private $server;

    public function __construct(array $live)
    {
        $context = stream_context_create(['ssl' => ['local_cert' => $live['tls_cert'], 'local_pk' => $live['tls_key']]]);
        $this->server = stream_socket_server('tls://127.0.0.1:0', $errno, $error, STREAM_SERVER_BIND | STREAM_SERVER_LISTEN, $context);
        if ($this->server === false) {
            throw new \RuntimeException("cannot listen: $error");
        }
        $port = (int) substr(strrchr(stream_socket_get_name($this->server, false), ':'), 1);
        $this->url = "https://{$live['receiver_host']}:$port/hook";
    }

    /** The next request: [raw body, headers]; answers it 200. */
    public function next(int $timeoutS = 30): array
    {
        $conn = @stream_socket_accept($this->server, $timeoutS);
        if ($conn === false) {
            throw new AssertionFailed('no webhook arrived');
        }
        stream_set_timeout($conn, 10);
        $headers = [];
        fgets($conn); // the request line
        while (($line = fgets($conn)) !== false && trim($line) !== '') {
            [$name, $value] = explode(':', $line, 2);
            $headers[strtolower(trim($name))] = trim($value);
        }
        $length = (int) ($headers['content-length'] ?? 0);
        $body = '';
        while (strlen($body) < $length && !feof($conn)) {
            $body .= fread($conn, $length - strlen($body));
        }
        fwrite($conn, "HTTP/1.1 200 OK\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
        fclose($conn);
        return [$body, $headers];
    }
}

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

    public function close(): void
    {
        proc_terminate($this->process);
        proc_close($this->process);
        array_map('unlink', glob("$this->dir/*"));
        rmdir($this->dir);
    }
}
