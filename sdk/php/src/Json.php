<?php

declare(strict_types=1);

namespace Claimsvc;

/** JSON bodies whose amounts are written from exact digits, never through a float. */
final class Json
{
    /** @param array<string, mixed> $body */
    public static function encode(array $body): string
    {
        $numbers = [];
        array_walk_recursive($body, static function (&$value) use (&$numbers): void {
            if ($value instanceof ExactNumber) {
                $mark = '@@number-' . bin2hex(random_bytes(8)) . '@@'; // no caller's text holds it
                $numbers['"' . $mark . '"'] = $value->text;
                $value = $mark;
            }
        });
        $text = json_encode($body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
        return strtr($text, $numbers);
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
