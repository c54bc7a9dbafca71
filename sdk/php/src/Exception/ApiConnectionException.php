<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** No answer: connection refused or reset, DNS, TLS. */
class ApiConnectionException extends ClaimsvcException
{
}
