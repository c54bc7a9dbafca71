<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** Base of every exception this library throws. */
class ClaimsvcException extends \RuntimeException
{
}
