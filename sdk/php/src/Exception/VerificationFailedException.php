<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** VERIFICATION_FAILED: no payment with this TrxID and exactly this amount. */
class VerificationFailedException extends InvalidRequestException
{
}
