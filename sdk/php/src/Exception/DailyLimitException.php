<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** VENDOR_DAILY_LIMIT or PLATFORM_DAILY_LIMIT: the day's transactions are used up. */
class DailyLimitException extends RateLimitException
{
}
