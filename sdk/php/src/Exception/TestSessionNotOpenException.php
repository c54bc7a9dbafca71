<?php

declare(strict_types=1);

namespace Claimsvc\Exception;

/** TEST_SESSION_NOT_OPEN: a test payment needs an open test session. */
class TestSessionNotOpenException extends ConflictException
{
}
