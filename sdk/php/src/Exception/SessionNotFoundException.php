<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** NOT_FOUND or INVALID_SESSION_ID on a claim or cancel. */
class SessionNotFoundException extends NotFoundException
{
}
