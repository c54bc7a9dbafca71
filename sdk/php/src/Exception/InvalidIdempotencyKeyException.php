<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** INVALID_IDEMPOTENCY_KEY: the Idempotency-Key header is not 1 to 255 printable ASCII characters. */
class InvalidIdempotencyKeyException extends ValidationException
{
}
