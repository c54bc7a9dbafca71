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

    /** An amount the API answered (json_decode gives an int or a float) to poisha, exactly. */
    public static function poishaFromJson(mixed $value): int
    {
        if (is_int($value)) {
            return $value * 100;
        }
        if (!is_float($value) || !is_finite($value)) {
            throw new \UnexpectedValueException('amount is not a number');
        }
        $text = self::floatText($value);
        if (!preg_match(self::TAKA, $text)) {
            throw new \UnexpectedValueException("amount is not exact taka: $text");
        }
        return self::parse($text);
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
