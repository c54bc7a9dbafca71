<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** 409. */
class ConflictException extends ApiException
{
}
