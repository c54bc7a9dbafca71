<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** INTERNAL_ERROR (500): safe to retry with the same body. */
class ServerException extends ApiException
{
}
