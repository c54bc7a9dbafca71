<?php

declare(strict_types=1);

namespace Claimsvc\Tests;

/** Test helpers: the live service, the shared files, a webhook receiver and a stub API. */
final class Support
{
    public const SHOP = 'https://shop.example.com';

    /** CLAIMSVC_SDK_LIVE (set by the repository's tests/sdk) as an array, or null without it. */
    public static function live(): ?array
    {
        $raw = getenv('CLAIMSVC_SDK_LIVE');
        return $raw === false || $raw === '' ? null : json_decode($raw, true, 64, JSON_THROW_ON_ERROR);
    }

    /**
     * A shared JSON file of the libraries (error-cases.json, webhook-vectors.json): the copy in
     * tests/data, held equal to sdk/<name> by the repository's tests/sdk/test_php_package.py;
     * CLAIMSVC_SDK_SHARED_DIR points at another folder holding them.
     */
    public static function sharedFile(string $name): array
    {
        $dir = getenv('CLAIMSVC_SDK_SHARED_DIR') ?: __DIR__ . '/data';
        $path = "$dir/$name";
        if (!is_file($path)) {
            throw new \RuntimeException("$path is missing: the tests need the libraries' shared $name (set CLAIMSVC_SDK_SHARED_DIR to its folder)");
        }
        return json_decode((string) file_get_contents($path), true, 64, JSON_THROW_ON_ERROR);
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
            throw new \RuntimeException("$method $url: $status $raw");
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
        if ($answer !== ['accepted' => 1, 'duplicates' => 0]) {
            throw new \RuntimeException('SMS intake: ' . json_encode($answer));
        }
        $deadline = microtime(true) + 30;
        while (microtime(true) < $deadline) {
            $items = self::admin($live, 'GET', "/admin/v1/transactions?account_id={$acc['id']}")['items'];
            if (in_array($trxId, array_column($items, 'trx_id'), true)) {
                return;
            }
            usleep(50_000);
        }
        throw new \RuntimeException("the SMS of $trxId was not parsed within 30 s");
    }
}
