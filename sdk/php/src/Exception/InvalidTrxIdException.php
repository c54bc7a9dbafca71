<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** INVALID_TRX_ID: the TrxID is not 6 to 20 letters and digits. */
class InvalidTrxIdException extends InvalidRequestException
{
}
