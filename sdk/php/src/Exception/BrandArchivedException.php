<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** BRAND_ARCHIVED: the brand is archived and accepts no new payments. */
class BrandArchivedException extends PermissionDeniedException
{
}
