<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** SESSION_EXPIRED. */
class SessionExpiredException extends SessionClosedException
{
}
