<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** UNAUTHORIZED_API_KEY: the key is unknown or revoked. */
class InvalidApiKeyException extends AuthenticationException
{
}
