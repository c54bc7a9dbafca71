<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** INVALID_WAIT: verify's wait must be an integer from 0 to 25 seconds. */
class InvalidWaitException extends ValidationException
{
}
