<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** INVALID_PROVIDER: not one of bkash, nagad, rocket, upay, cellfin. */
class InvalidProviderException extends InvalidRequestException
{
}
