<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** TRANSACTION_NOT_FOUND: no such wallet transaction in this key's account and mode. */
class TransactionNotFoundException extends NotFoundException
{
}
