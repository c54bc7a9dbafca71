<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** 404: no such resource in this key's account (NOT_FOUND). */
class NotFoundException extends ApiException
{
}
