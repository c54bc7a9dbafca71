<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** EVENT_NOT_FOUND: no such webhook event in this key's account and mode. */
class EventNotFoundException extends NotFoundException
{
}
