<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** RATE_LIMITED: too many requests on this endpoint; wait getRetryAfter() seconds. */
class RateLimitedException extends RateLimitException
{
}
