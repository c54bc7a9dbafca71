<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** MISSING_FIELDS: a claim lacked sessionId, trxId or provider. */
class MissingFieldsException extends InvalidRequestException
{
}
