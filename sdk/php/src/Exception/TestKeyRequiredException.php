<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** TEST_KEY_REQUIRED: test payments need a test key (sk_test_...); a live key cannot make one. */
class TestKeyRequiredException extends PermissionDeniedException
{
}
