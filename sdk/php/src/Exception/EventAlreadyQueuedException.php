<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** EVENT_ALREADY_QUEUED: the event is still queued for delivery; redeliver it once it is delivered or dead. */
class EventAlreadyQueuedException extends ConflictException
{
}
