<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** BODY_TOO_LARGE (413): the body is over 64 KiB. */
class RequestTooLargeException extends InvalidRequestException
{
}
