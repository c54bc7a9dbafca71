<?php

declare(strict_types=1);

namespace Claimsvc;

use Claimsvc\Exception\WebhookVerificationException;

/** Verifying a webhook from its raw body and headers: both signatures, the timestamp, the id. */
final class Webhook
{
    /** Seconds webhook-timestamp may be from this machine's clock, either way. */
    public const DEFAULT_TOLERANCE_SECONDS = 300;
    private const REQUIRED = ['x-svc-signature', 'x-svc-event-id', 'webhook-id', 'webhook-timestamp', 'webhook-signature'];

    /**
     * The verified event, or WebhookVerificationException.
     *
     * @param string $rawBody exactly as received: file_get_contents('php://input')
     * @param array<string, string|list<string>> $headers any case, or $_SERVER (HTTP_X_SVC_SIGNATURE)
     * @param string|list<string> $secret your callback secret; during a rotation's grace [new, old]
     */
    public static function verify(
        string $rawBody,
        array $headers,
        string|array $secret,
        int $tolerance = self::DEFAULT_TOLERANCE_SECONDS,
        ?int $now = null,
    ): WebhookEvent {
        $secrets = is_array($secret) ? array_values($secret) : [$secret];
        if ($secrets === [] || array_filter($secrets, fn ($s) => !is_string($s) || $s === '') !== []) {
            throw new \InvalidArgumentException('secret must be a non-empty string or a list of them');
        }
        $h = self::normalise($headers);
        foreach (self::REQUIRED as $name) {
            if (($h[$name] ?? '') === '') {
                throw new WebhookVerificationException('missing_header', "$name header is missing");
            }
        }
        $id = $h['webhook-id'];
        $stamp = $h['webhook-timestamp'];
        if ($h['x-svc-event-id'] !== $id) {
            throw new WebhookVerificationException('malformed_header', 'x-svc-event-id differs from webhook-id');
        }
        if (!ctype_digit($stamp)) {
            throw new WebhookVerificationException('malformed_header', 'webhook-timestamp is not a number');
        }
        $svcOk = false;
        foreach ($secrets as $key) { // every key is tried: the time taken does not say which matched
            $svcOk = hash_equals(hash_hmac('sha256', $rawBody, $key), $h['x-svc-signature']) || $svcOk;
        }
        if (!$svcOk) {
            throw new WebhookVerificationException('signature_mismatch', 'x-svc-signature does not match');
        }
        $offered = [];
        foreach (explode(' ', $h['webhook-signature']) as $part) {
            [$version, $sig] = array_pad(explode(',', $part, 2), 2, '');
            if ($version === 'v1' && $sig !== '') {
                $offered[] = $sig;
            }
        }
        $standardOk = false;
        foreach ($secrets as $key) {
            $expected = base64_encode(hash_hmac('sha256', "$id.$stamp.$rawBody", $key, true));
            foreach ($offered as $sig) {
                $standardOk = hash_equals($expected, $sig) || $standardOk;
            }
        }
        if (!$standardOk) {
            throw new WebhookVerificationException('signature_mismatch', 'webhook-signature does not match');
        }
        if (abs(($now ?? time()) - (int) $stamp) > $tolerance) {
            throw new WebhookVerificationException('timestamp_out_of_tolerance', 'webhook-timestamp is too far from now');
        }
        return self::event($rawBody, $id, $h, (int) $stamp);
    }

    /** @return array<string, string> lower-case header names; $_SERVER's HTTP_* keys too */
    private static function normalise(array $headers): array
    {
        $out = [];
        foreach ($headers as $name => $value) {
            $name = strtolower((string) $name);
            if (str_starts_with($name, 'http_')) {
                $name = str_replace('_', '-', substr($name, 5));
            }
            $out[$name] = is_array($value) ? implode(', ', $value) : (string) $value;
        }
        return $out;
    }

    /** @param array<string, string> $h */
    private static function event(string $rawBody, string $id, array $h, int $stamp): WebhookEvent
    {
        try {
            $data = Json::decode($rawBody);
            if (!is_array($data) || array_is_list($data)) {
                throw new \UnexpectedValueException('not an object');
            }
            foreach (['order_id', 'payment_status', 'trid', 'amount'] as $field) {
                if (!array_key_exists($field, $data)) {
                    throw new \UnexpectedValueException("$field is missing");
                }
            }
            $poisha = Money::poishaFromJson($data['amount']);
        } catch (\JsonException | \UnexpectedValueException $e) {
            throw new WebhookVerificationException('invalid_payload', 'the body is not an event: ' . $e->getMessage());
        }
        return new WebhookEvent(
            $id,
            (int) ($h['x-svc-attempt'] ?? '1'),
            $stamp,
            (string) $data['order_id'],
            (string) $data['payment_status'],
            (string) $data['trid'],
            Money::takaText($poisha),
            $poisha,
            ($h['x-svc-test'] ?? '') === 'true' || ($data['test'] ?? false) === true,
            $data,
        );
    }
}
