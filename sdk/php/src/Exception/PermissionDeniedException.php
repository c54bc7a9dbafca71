<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** 403: the account may not take payments now. */
class PermissionDeniedException extends ApiException
{
}
