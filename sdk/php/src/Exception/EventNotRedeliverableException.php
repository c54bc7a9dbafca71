<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** EVENT_NOT_REDELIVERABLE: only a dead or delivered event can be redelivered (a stopped one waits for its check). */
class EventNotRedeliverableException extends ConflictException
{
}
