"""Taught wordings in the SMS worker: loaded once per stream batch, and only for a batch with a
message that no rule read from a provider's real sender id (a batch the rules read whole costs
no command more).

Each read is linear in the text (claimsvc/domain/wordings.py, a few ms at worst); the worker
hands the event loop back whenever PAUSE_EVERY_S of matching has run, between two wordings'
reads, so the intake and other accounts' messages are served however many wordings and long
texts an account has (issue 33).
"""

from __future__ import annotations

import asyncio
import time

from claimsvc.domain.messages import SmsMessage
from claimsvc.domain.sms.routing import ParseOutcome
from claimsvc.domain.sms.taught_reading import of_provider, taught_outcome, wants_wording
from claimsvc.domain.wordings import each_reading
from claimsvc.store.wordings import WordingStore

PAUSE_EVERY_S = 0.005
"""Matching run before the event loop is handed back (one wording's read is far less)."""


class TaughtWordings:
    """Re-reads a batch's unparsed messages with their accounts' wordings and the global ones."""

    def __init__(self, store: WordingStore) -> None:
        self._store = store
        self._since = time.monotonic()

    async def reread(
        self, msgs: list[SmsMessage], outcomes: list[ParseOutcome]
    ) -> list[ParseOutcome]:
        """The batch's outcomes, those a taught wording reads replaced (one read, when any
        message wants a wording). No cache: a wording saved a moment ago must read the
        messages its save re-queued."""
        wanting = [m for m, o in zip(msgs, outcomes, strict=True) if wants_wording(m.sender, o)]
        if not wanting:
            return outcomes
        found = await self._store.applying_to(sorted({m.account_id for m in wanting}))
        if not found:
            return outcomes
        read = []
        for m, o in zip(msgs, outcomes, strict=True):
            if not wants_wording(m.sender, o):
                read.append(o)
                continue
            mine = [t.wording for t in found if t.everywhere or t.account_id == m.account_id]
            readings = []
            for reading in each_reading(of_provider(mine, o), m.text):
                readings.append(reading)
                await self._pause()
            read.append(taught_outcome(o, readings))
        return read

    async def _pause(self) -> None:
        """Hand the event loop back once PAUSE_EVERY_S of matching has run since the last time
        (the intake and other accounts' messages are served between two wordings' reads)."""
        if time.monotonic() - self._since >= PAUSE_EVERY_S:
            await asyncio.sleep(0)
            self._since = time.monotonic()
