<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** INVALID_REQUEST: a field was refused; getDetails() names each. */
class ValidationException extends InvalidRequestException
{
}
