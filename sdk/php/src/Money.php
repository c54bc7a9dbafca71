<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * Exact taka amounts: decimal strings ("1250.50"), ints (taka) or floats read by their shortest
 * form, or integer poisha; never a float rounded into a different amount (0.1 + 0.2 is refused).
 */
final class Money
{
    public const MAX_POISHA = 10_000_000 * 100;
    private const TAKA = '/^[0-9]+(\.[0-9]{1,2})?$/';
    /** A number as an answer writes it: sign, whole taka, then at most 2 decimals (trailing zeros allowed). */
    private const ANSWERED = '/^(-?)([0-9]+)(?:\.([0-9]{1,2})0*)?$/';

    /** Taka to integer poisha; \InvalidArgumentException unless exact, positive and in range. */
    public static function toPoisha(string|int|float $amount): int
    {
        if (is_int($amount)) {
            return self::checkPoisha(abs($amount) > self::MAX_POISHA ? -1 : $amount * 100);
        }
        $text = is_float($amount) ? self::floatText($amount) : trim($amount);
        if (!preg_match(self::TAKA, $text)) {
            throw new \InvalidArgumentException("amount must be taka with at most 2 decimal places, got '$text'");
        }
        return self::checkPoisha(self::parse($text));
    }

    public static function checkPoisha(int $poisha): int
    {
        if ($poisha <= 0 || $poisha > self::MAX_POISHA) {
            throw new \InvalidArgumentException('amount must be greater than 0 and at most 10,000,000 taka');
        }
        return $poisha;
    }

    /** 12505 -> "125.05", from integers only. */
    public static function takaText(int $poisha): string
    {
        $sign = $poisha < 0 ? '-' : '';
        $abs = abs($poisha);
        return sprintf('%s%d.%02d', $sign, intdiv($abs, 100), $abs % 100);
    }

    /**
     * An amount the API answered to poisha, exactly: an int (whole taka), the exact decimal text
     * Json::decode() keeps ("19.99", "1250.5", "100.0"), or a float from a caller's own
     * json_decode (read by its two-decimal text, whatever serialize_precision is). A value that
     * is not a whole number of poisha (1.001) is UnexpectedValueException, never rounded.
     */
    public static function poishaFromJson(mixed $value): int
    {
        if (is_int($value)) {
            return $value * 100;
        }
        if (is_float($value)) {
            if (!is_finite($value)) {
                throw new \UnexpectedValueException('amount is not a number');
            }
            $value = self::floatText($value);
        }
        if (!is_string($value) || !preg_match(self::ANSWERED, $value, $m)) {
            throw new \UnexpectedValueException('amount is not exact taka: ' . (is_scalar($value) ? (string) $value : get_debug_type($value)));
        }
        $poisha = self::parse($m[2] . '.' . substr(str_pad($m[3] ?? '', 2, '0'), 0, 2));
        return $m[1] === '-' ? -$poisha : $poisha;
    }

    /** poishaFromJson() of a field that may be null. */
    public static function optionalPoisha(mixed $value): ?int
    {
        return $value === null ? null : self::poishaFromJson($value);
    }

    /**
     * The float's taka text with two decimals, read the same whatever serialize_precision and
     * the locale are ("%.2F"). A float that is not a whole number of poisha (0.1 + 0.2) keeps
     * more digits, so the caller refuses it: the text is kept only when it reads back as the
     * very same float. (json_encode would follow serialize_precision: at 17, 19.99 is written
     * "19.989999999999998".)
     */
    private static function floatText(float $value): string
    {
        if (!is_finite($value)) {
            throw new \InvalidArgumentException('amount must be finite');
        }
        $text = sprintf('%.2F', $value);
        return (float) $text === $value ? $text : sprintf('%.17G', $value);
    }

    private static function parse(string $text): int
    {
        [$whole, $part] = array_pad(explode('.', $text), 2, '');
        if (strlen($whole) > 9) {
            throw new \InvalidArgumentException('amount must be at most 10,000,000 taka');
        }
        return (int) $whole * 100 + (int) str_pad($part, 2, '0');
    }
}
