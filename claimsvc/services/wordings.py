"""Teaching, listing, removing and sharing SMS wordings (the portal's and the operator's).

A wording is taught from one of the account's messages that no rule read (`unparsed`, from a
provider's real sender id: the worker sets the provider only for those). Saving it marks the
wording as owing a re-read; the SMS worker's sweep then re-queues the account's unparsed
messages of that provider in batches (`reread_due`, the re-parse path of `claimsvc admin
messages reparse`), never the request that saved it (issue 33: some 210 waiting messages took
35 s inside the POST), and the wordings page shows the progress. The SMS worker tries the
wording on them, and on later messages, only where no built-in rule reads them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from datetime import timedelta

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.messages import SmsMessage
from claimsvc.domain.statuses import UNPARSED
from claimsvc.domain.wordings import (
    Marks,
    Reading,
    TaughtWording,
    Wording,
    WordingProblem,
    read,
    teach,
)
from claimsvc.services.reparse import MAX_BATCH, ReparseFilter, ReparseService
from claimsvc.store.messages import MessageStore
from claimsvc.store.mongo import new_id
from claimsvc.store.wordings import MAX_PER_ACCOUNT, WordingExists, WordingStore

PREVIEW_LIMIT = MAX_BATCH
"""Stored unparsed messages a preview reads at most (oldest first)."""
REREAD_BATCH = 100
"""Stored messages one sweep of the SMS worker re-queues for a wording (the rest next sweep)."""
REREAD_LEASE = timedelta(minutes=5)
"""How long a worker holds a wording's re-read before another may take it over."""


@dataclass(frozen=True)
class Preview:
    """The wording the marks make, and what it reads among the account's stored messages."""

    wording: Wording
    source: SmsMessage
    matches: list[tuple[SmsMessage, Reading]]
    more: bool
    """More unparsed messages exist than the preview read."""


def invalid(problem: WordingProblem) -> errors.InvalidBody:
    """The marks' problems as the documented 400 (`details`: "field: code")."""
    return errors.InvalidBody(details=[f"{field}: {code}" for field, code in problem.problems])


class WordingService:
    """Wordings of an account, and the operator's view of every account's."""

    def __init__(
        self,
        store: WordingStore,
        messages: MessageStore,
        reparse: ReparseService,
        clock: Clock,
    ) -> None:
        self._store = store
        self._messages = messages
        self._reparse = reparse
        self._clock = clock

    async def source(self, account_id: str, message_id: str) -> SmsMessage:
        """The account's message a wording may be taught from; NotFound for another account's,
        one a rule read, or one not from a provider's real sender id."""
        msg = await self._messages.get(message_id)
        if msg is None or msg.account_id != account_id:
            raise errors.NotFound()
        if msg.result != UNPARSED or not msg.provider:
            raise errors.NotFound("This message cannot be taught: it was read or not trusted")
        return msg

    async def preview(self, account_id: str, message_id: str, marks: Marks) -> Preview:
        """The wording and the account's stored unparsed messages it reads (400 for bad marks)."""
        msg = await self.source(account_id, message_id)
        wording = self._wording(msg, marks)
        found = await self._messages.unparsed(account_id, msg.provider, None, PREVIEW_LIMIT)
        stored = await self._messages.get_many(found) if found else {}
        matches = []
        for message_id_ in found:
            other = stored.get(message_id_)
            reading = read(wording, other.text) if other is not None else None
            if other is not None and reading is not None:
                matches.append((other, reading))
            await asyncio.sleep(0)  # each read is bounded; other requests run between them
        return Preview(wording, msg, matches, more=len(found) == PREVIEW_LIMIT)

    async def teach(self, account_id: str, message_id: str, marks: Marks, by: str) -> TaughtWording:
        """Store the wording, owing a re-read of the account's unparsed messages of its
        provider (`reread_due`). 400 for bad marks or too many wordings; 409 when the account
        already has it."""
        msg = await self.source(account_id, message_id)
        wording = self._wording(msg, marks)
        # A soft bound (not an invariant): each wording costs the worker a match per message.
        if await self._store.count(account_id) >= MAX_PER_ACCOUNT:
            raise errors.InvalidBody(details=[f"wordings: at most {MAX_PER_ACCOUNT}"])
        taught = TaughtWording(
            id=new_id("wrd"),
            account_id=account_id,
            wording=wording,
            created_by=by,
            created_at=self._clock(),
            source_message_id=msg.id,
        )
        try:
            await self._store.insert(taught)
        except WordingExists as exc:
            raise errors.WordingTaught() from exc
        return replace(taught, rereading=True)

    async def reread_due(self, batch: int = REREAD_BATCH) -> int:
        """The SMS worker's share of a save: re-queue one batch of the stored unparsed
        messages of the wording owing a re-read longest (its account's, or every account's
        once global); how many. The wording stays owed while more may match."""
        now = self._clock()
        leased_until = now + REREAD_LEASE
        taught = await self._store.take_reread(now, leased_until)
        if taught is None:
            return 0
        which = ReparseFilter(
            account_id=None if taught.everywhere else taught.account_id,
            provider=taught.wording.provider,
            limit=batch,
        )
        done = await self._reparse.reparse(which)
        more_at = self._clock() if done.more else None
        await self._store.reread_progress(taught.id, leased_until, done.requeued, more_at)
        return done.requeued

    @staticmethod
    def _wording(msg: SmsMessage, marks: Marks) -> Wording:
        try:
            return teach(msg.text, msg.provider or "", marks)
        except WordingProblem as problem:
            raise invalid(problem) from problem

    async def of_account(
        self, account_id: str | None, provider: str | None = None
    ) -> list[TaughtWording]:
        """An account's own wordings (every account's for None), oldest first."""
        return await self._store.of_account(account_id, provider)

    async def visible(self, account_id: str) -> tuple[list[TaughtWording], list[TaughtWording]]:
        """The wordings that read an account's messages: its own, and the other accounts'
        that the operator made global."""
        found = await self._store.applying_to([account_id])
        own = [t for t in found if t.account_id == account_id]
        return own, [t for t in found if t.account_id != account_id]

    async def get(self, wording_id: str) -> TaughtWording:
        found = await self._store.get(wording_id)
        if found is None:
            raise errors.NotFound()
        return found

    async def remove(self, wording_id: str, account_id: str | None = None) -> TaughtWording:
        """Delete a wording (the account's own when given); NotFound otherwise. Messages it
        read keep their transactions: a removed wording only stops reading new ones."""
        removed = await self._store.remove(wording_id, account_id)
        if removed is None:
            raise errors.NotFound()
        return removed

    async def make_global(self, wording_id: str) -> TaughtWording:
        """Make a wording read every account's messages, owing a re-read of every account's
        unparsed messages of its provider (the SMS worker's); NotFound for an unknown id."""
        taught = await self._store.make_global(wording_id, self._clock())
        if taught is None:
            raise errors.NotFound()
        return taught
