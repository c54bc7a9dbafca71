<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** ACCOUNT_INACTIVE: the account is not active (KYC pending or suspended). */
class AccountInactiveException extends PermissionDeniedException
{
}
