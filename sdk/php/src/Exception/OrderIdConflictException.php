<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** ORDER_ID_CONFLICT: this order_id was used with another amount or URL; nothing changed. */
class OrderIdConflictException extends ConflictException
{
}
