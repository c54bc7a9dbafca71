<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** 400 or 413: sending the request again unchanged gives the same answer. */
class InvalidRequestException extends ApiException
{
}
