<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/**
 * VENDOR_DAILY_LIMIT or PLATFORM_DAILY_LIMIT: the day's transactions are used up; try again
 * tomorrow. Raised on the first answer, never retried (a retry cannot help today).
 */
class DailyLimitException extends RateLimitException
{
}
