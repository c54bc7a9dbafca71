<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** 401: the API key is missing, unknown or revoked. */
class AuthenticationException extends ApiException
{
}
