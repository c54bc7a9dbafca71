"""Re-parsing: stored SMS that no parser could read are handed to the SMS worker again.

The API process never parses (the parsers belong to `sms-ingest`): it reopens each unparsed
message with a conditional update and puts its id back on the SMS stream, in the order the phone
received them. The worker then runs the current parsers, and its idempotent pipeline records
each transaction once, chains it and completes the claim waiting on it once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from claimsvc.clock import Clock
from claimsvc.store.messages import MessageStore
from claimsvc.store.sms_queue import SmsQueue

MAX_BATCH = 1000
"""Messages one call reopens at most; `more` in the answer says to call again."""


@dataclass(frozen=True)
class ReparseFilter:
    """Which unparsed messages to reopen; None matches any."""

    account_id: str | None = None
    provider: str | None = None
    since: datetime | None = None
    """Messages stored at or after this time."""
    limit: int = MAX_BATCH


@dataclass(frozen=True)
class Reparsed:
    """How many messages were queued again, and whether more may match (call again)."""

    requeued: int
    more: bool


class ReparseService:
    """`POST /admin/v1/messages/reparse` and `claimsvc admin messages reparse`."""

    def __init__(self, messages: MessageStore, stream: SmsQueue, clock: Clock) -> None:
        self._messages = messages
        self._stream = stream
        self._clock = clock

    async def reread(self, message_ids: list[str]) -> int:
        """Reopen and re-queue these messages if still unparsed, in the order given (also the
        SMS worker's, when a wallet's chain reaches a balance that reads one by its
        arithmetic); how many."""
        now = self._clock()
        requeued = 0
        for message_id in message_ids:
            # Lost to a concurrent re-parse (or already processed again): nothing to queue.
            if not await self._messages.reopen(message_id, now):
                continue
            # A crash here leaves it unprocessed and queued_at set: the worker's re-queue sweep
            # puts it on the stream after CLAIMSVC_SMS_REQUEUE_AFTER_SECONDS.
            await self._stream.add(message_id)
            requeued += 1
        return requeued

    async def reparse(self, which: ReparseFilter) -> Reparsed:
        """Reopen and re-queue matching unparsed messages; how many, and whether more match."""
        found = await self._messages.unparsed(
            which.account_id, which.provider, which.since, which.limit
        )
        return Reparsed(await self.reread(found), more=len(found) == which.limit)
