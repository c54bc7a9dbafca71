<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** PLATFORM_FEE_DUE (402): unpaid platform fees block new sessions. */
class PlatformFeeDueException extends ApiException
{
}
