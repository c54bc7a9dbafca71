<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** LIVE_KEY_REQUIRED: payment links are live only; a test key cannot make or read them. */
class LiveKeyRequiredException extends PermissionDeniedException
{
}
