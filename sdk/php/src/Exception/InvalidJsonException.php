<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** INVALID_JSON: the body was not JSON. */
class InvalidJsonException extends InvalidRequestException
{
}
