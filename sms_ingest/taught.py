"""Taught wordings in the SMS worker: loaded once per stream batch, and only for a batch with a
message that no rule read from a provider's real sender id (a batch the rules read whole costs
no command more).

Each read is linear in the text (claimsvc/domain/wordings.py), so one message costs at most its
wordings' bounded work; the worker hands the event loop back after each message, so the intake
and other accounts' messages are served between an account's many (issue 33).
"""

from __future__ import annotations

import asyncio

from claimsvc.domain.messages import SmsMessage
from claimsvc.store.wordings import WordingStore
from sms_ingest.parsers import ParseOutcome
from sms_ingest.parsers.taught import read_taught, wants_wording


class TaughtWordings:
    """Re-reads a batch's unparsed messages with their accounts' wordings and the global ones."""

    def __init__(self, store: WordingStore) -> None:
        self._store = store

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
            mine = [t.wording for t in found if t.everywhere or t.account_id == m.account_id]
            read.append(read_taught(m.sender, m.text, o, mine))
            await asyncio.sleep(0)  # the loop serves the intake between messages
        return read
