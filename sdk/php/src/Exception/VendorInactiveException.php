<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** VENDOR_INACTIVE: a claim on a session of an account that is not active. */
class VendorInactiveException extends PermissionDeniedException
{
}
