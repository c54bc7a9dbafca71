<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * JSON bodies whose decimal numbers never pass through a float, whatever serialize_precision
 * and the locale are: amounts are written from exact digits, and the numbers of an answer with
 * a fraction or an exponent are read as their own text ("19.99").
 */
final class Json
{
    /** A JSON string literal (left as it is), or a number with a fraction or an exponent. */
    private const DECIMAL = '/"(?:[^"\\\\]++|\\\\.)*+"|-?\d++(?:\.\d++)?(?:[eE][-+]?\d++)?/';

    /** @param array<string, mixed> $body */
    public static function encode(array $body): string
    {
        $numbers = [];
        array_walk_recursive($body, static function (&$value) use (&$numbers): void {
            if ($value instanceof \BackedEnum) {
                $value = $value->value;
            } elseif ($value instanceof ExactNumber) {
                $mark = '@@number-' . bin2hex(random_bytes(8)) . '@@'; // no caller's text holds it
                $numbers['"' . $mark . '"'] = $value->text;
                $value = $mark;
            }
        });
        $text = json_encode($body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        return strtr($text, $numbers);
    }

    /**
     * An answer decoded to arrays, with every number that has a fraction or an exponent as its
     * exact decimal text (a string) and whole numbers as ints: `{"amount": 19.99}` gives
     * ['amount' => '19.99'], never the float 19.989999999999998. \JsonException when not JSON.
     */
    public static function decode(string $raw): mixed
    {
        $quoted = preg_replace_callback(
            self::DECIMAL,
            static fn (array $m) => $m[0][0] === '"' || ctype_digit(ltrim($m[0], '-')) ? $m[0] : '"' . $m[0] . '"',
            $raw,
        );
        if ($quoted === null) {
            throw new \JsonException('the answer is too large to read');
        }
        return json_decode($quoted, true, 64, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
    }

    /** The `amount` field from taka or from poisha (exactly one of them). */
    public static function amount(string|int|float|null $amount, ?int $amountPoisha): ExactNumber
    {
        if (($amount === null) === ($amountPoisha === null)) {
            throw new \InvalidArgumentException('give exactly one of amount (taka) and amountPoisha');
        }
        $poisha = $amount !== null ? Money::toPoisha($amount) : Money::checkPoisha($amountPoisha);
        return new ExactNumber(Money::takaText($poisha));
    }
}
