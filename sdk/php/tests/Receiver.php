<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

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
            throw new \RuntimeException('no webhook arrived');
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
