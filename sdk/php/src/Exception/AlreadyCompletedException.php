<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** ALREADY_COMPLETED: the session was completed with a different transaction. */
class AlreadyCompletedException extends ConflictException
{
}
