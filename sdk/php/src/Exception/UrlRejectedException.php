<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** URL_REJECTED: success_url, cancel_url or webhook_url breaks a URL rule. */
class UrlRejectedException extends InvalidRequestException
{
}
