<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** SESSION_UNAVAILABLE: the session was cancelled. */
class SessionUnavailableException extends SessionClosedException
{
}
