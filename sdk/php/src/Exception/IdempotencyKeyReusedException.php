<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was already used with a different request body. */
class IdempotencyKeyReusedException extends ConflictException
{
}
