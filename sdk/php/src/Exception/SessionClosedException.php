<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** 410: the session can no longer be paid. */
class SessionClosedException extends ApiException
{
}
