<?php

declare(strict_types=1);

namespace Claimsvc;

/**
 * One page of $client->sessions()->list(), newest first; $nextCursor is null on the last.
 *
 * @extends Page<SessionDetails>
 */
final class SessionList extends Page
{
}
