<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** MISSING_API_KEY: no x-api-key header was sent. */
class MissingApiKeyException extends AuthenticationException
{
}
