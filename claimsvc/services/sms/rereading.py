"""A batch's messages that no built-in rule reads, read again: by the wordings merchants taught,
then by their wallets' running balances (the pure rules: `claimsvc.domain.sms.rereading`).

Taught wordings are loaded once per stream batch, and only for a batch with a message that no
rule read from a provider's real sender id (a batch the rules read whole costs no command more).
Each read is linear in the text (claimsvc/domain/wordings.py, a few ms at worst); the worker hands
the event loop back whenever PAUSE_EVERY_S of matching has run, between two wordings' reads, so
the intake and other accounts' messages are served however many wordings and long texts an
account has (issue 33).

Before a batch is recorded, each message that needs it (`rereading.wants_balance`) is given the
running balance of its wallet just before it: the stored wallet (one read per such wallet, the only
round trip this adds, and only for batches holding such a message), moved in memory by the batch's
entries before it, in the order the chain will apply them (`claimsvc.domain.sms.balance_chain`). The
reading is then recorded and chained like any other: the chain's own compare-and-set, not this read,
is what confirms it, so a wallet that moved in between leaves it held, never wrongly confirmed.
Messages kept earlier are read again the same way when re-parsed.

A message not understood that some balance before it would read waits on its wallet (created for it
when not stored yet) and is read again when the chain or an anchor reaches that balance. Its wait is
stored before its result is written (a crash in between processes it again), and its wallet is read
once more after: a step or an anchor that lands before that read shows in it, one that lands after
it finds the wait stored and the message finished, ready to reopen (`WalletChain.wait`,
`WalletChain.due_now`, `Wallet.due`), so no order of the three leaves it unread (issue 34).
"""

from __future__ import annotations

import asyncio
import logging
import time

from claimsvc.domain.balances import Entry, Unread, Waits, Wallet, WalletKey
from claimsvc.domain.messages import SmsMessage
from claimsvc.domain.sms import balance_chain
from claimsvc.domain.sms.arithmetic import previous_balances
from claimsvc.domain.sms.rereading import (
    of_provider,
    reread,
    taught_outcome,
    wants_balance,
    wants_wording,
)
from claimsvc.domain.sms.routing import Kind, ParsedSms, ParseOutcome, Result
from claimsvc.domain.wordings import each_reading
from claimsvc.services.sms import metrics
from claimsvc.services.sms.wallet_chain import WalletChain
from claimsvc.store.wordings import WordingStore

log = logging.getLogger("claimsvc.services.sms.rereading")


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


def chain_entry(msg: SmsMessage, parsed: ParsedSms, transaction_id: str | None) -> Entry:
    """The balance chain's entry for a message and what it reports."""
    return Entry(
        key=msg.id,
        transaction_id=transaction_id,
        direction=parsed.direction.value,
        amount=parsed.amount_poisha,
        fee=parsed.fee_poisha,
        balance=parsed.balance_poisha,
        received_at=msg.received_at,
        commission=parsed.commission_poisha,
    )


def _moving(found: ParseOutcome) -> ParsedSms | None:
    """What a message gives the chain (a failure moves nothing; a reversal moves money back)."""
    parsed = found.parsed
    if found.result is not Result.PARSED or parsed is None:
        return None
    if parsed.failed and parsed.kind != Kind.REVERSAL:
        return None
    return parsed


def reread_in_order(
    wallet: Wallet, items: list[tuple[SmsMessage, ParseOutcome]]
) -> list[ParseOutcome]:
    """One wallet's messages of a batch, in order, each read again (`rereading.reread`) with
    the running balance the entries before it leave (pure)."""
    out: list[ParseOutcome] = []
    for msg, found in items:
        found = reread(msg.sender, msg.text, found, wallet.running)
        parsed = _moving(found)
        if parsed is not None:
            wallet = balance_chain.add(wallet, chain_entry(msg, parsed, None)).wallet
        out.append(found)
    return out


async def read_by_balance(
    msgs: list[SmsMessage], outcomes: list[ParseOutcome], wallets: WalletChain
) -> tuple[list[ParseOutcome], list[Waits]]:
    """The batch's outcomes, those no rule read given their wallets' running balances, and
    what each wallet is to wait for (applied once the messages' results are written:
    `WalletChain.wait`)."""
    keys = [
        WalletKey(m.account_id, m.device_id, o.provider, m.sim_slot) if o.provider else None
        for m, o in zip(msgs, outcomes, strict=True)
    ]
    wanted = {
        key
        for key, m, o in zip(keys, msgs, outcomes, strict=True)
        if key is not None and wants_balance(m.sender, m.text, o)
    }
    if not wanted:
        return outcomes, []
    order = list(wanted)
    stored = await asyncio.gather(*(wallets.stored(key) for key in order))
    out = list(outcomes)
    waits: list[Waits] = []
    for key, wallet in zip(order, stored, strict=True):
        mine = [i for i, k in enumerate(keys) if k == key]
        again = reread_in_order(wallet, [(msgs[i], outcomes[i]) for i in mine])
        for i, found in zip(mine, again, strict=True):
            if wallet.running is not None:
                _count(key.provider, msgs[i], outcomes[i], found)
            if found is not outcomes[i] and found.parsed is not None:
                fields = {"message_id": msgs[i].id, "provider": found.provider}
                log.info("an SMS was read by its arithmetic", extra={"fields": fields})
            out[i] = found
        wait = _waits(key, wallet, [(msgs[i], outcomes[i], out[i]) for i in mine])
        if wait.read or wait.waiting:
            waits.append(wait)
    return out, waits


def _count(provider: str, msg: SmsMessage, before: ParseOutcome, now: ParseOutcome) -> None:
    """A message no rule read, given a balance: read by its arithmetic, or not understood (a
    balance inquiry or an offer stating the running balance is neither)."""
    if not wants_balance(msg.sender, msg.text, before) or now.result is Result.IGNORED:
        return
    outcome = "read" if now.parsed is not None else "not_understood"
    metrics.NEW_WORDINGS.labels(provider=provider, outcome=outcome).inc()


def _waits(
    key: WalletKey, wallet: Wallet, items: list[tuple[SmsMessage, ParseOutcome, ParseOutcome]]
) -> Waits:
    """The wallet's waiting messages now read, and its messages still not understood that
    some balance before them reads: they wait for the chain to reach it, whether or not the
    wallet is stored or anchored yet (pure)."""
    waiting = {u.message_id for u in wallet.unread}
    read = tuple(m.id for m, _, now in items if m.id in waiting and now.result is Result.PARSED)
    new: list[Unread] = []
    for msg, before, now in items:
        if now.result is not Result.UNPARSED or msg.id in waiting or not now.provider:
            continue
        if not wants_balance(msg.sender, msg.text, before):
            continue
        previous = previous_balances(now.provider, msg.text)
        if previous:
            new.append(Unread(msg.id, tuple(sorted(previous))))
    return Waits(key, read, tuple(new))
