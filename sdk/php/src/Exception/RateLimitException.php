<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** 429. */
class RateLimitException extends ApiException
{
}
