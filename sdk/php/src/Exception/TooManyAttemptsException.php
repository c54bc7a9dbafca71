<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** TOO_MANY_ATTEMPTS: the session is locked; open a new session. */
class TooManyAttemptsException extends RateLimitException
{
}
