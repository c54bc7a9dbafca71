<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** No answer within the client's time-out. */
class ApiTimeoutException extends ApiConnectionException
{
}
