<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** MAINTENANCE (503): checkout is paused for maintenance; retry shortly. */
class MaintenanceException extends ApiException
{
}
