"""One stored SMS, start to finish: parse, record the transaction and the message's result,
chain the balance, and let confirmed transactions finalise the claims waiting on them.

Every step is idempotent, so a message processed twice (a consumer died before acknowledging
it) has its effects once: the transaction is unique per (account, provider, TrxID), the wallet
remembers which messages it applied, and `processed_at` is stamped last.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar, cast

from claimsvc.clock import Clock
from claimsvc.domain.alerts import sms_alert_owed
from claimsvc.domain.balances import Entry, Waits, WalletKey
from claimsvc.domain.messages import MessageResult, SmsMessage
from claimsvc.domain.sms.rereading import wants_wording
from claimsvc.domain.sms.routing import Kind, ParsedSms, ParseOutcome, Result, parse_sms
from claimsvc.domain.transactions import SmsSource, Transaction
from claimsvc.services.sms import metrics
from claimsvc.services.sms.rereading import TaughtWordings, chain_entry, read_by_balance
from claimsvc.services.sms.wallet_chain import Owed, WalletChain
from claimsvc.services.transactions import NewTransaction, Recorded, TransactionService
from claimsvc.store.messages import MessageStore

log = logging.getLogger("claimsvc.services.sms.pipeline")

T = TypeVar("T")


async def _settled(calls: Iterable[Awaitable[T]]) -> list[T | Exception]:
    """Run `calls` together; each one's result or the Exception it raised (cancellation and
    other BaseExceptions still propagate)."""
    out: list[T | Exception] = []
    for result in await asyncio.gather(*calls, return_exceptions=True):
        if isinstance(result, BaseException) and not isinstance(result, Exception):
            raise result
        out.append(result)
    return out


@dataclass(frozen=True)
class Handled:
    """What a parsed message came to: its result, reason, transaction, and its chain entry."""

    result: str
    reason: str | None
    transaction_id: str | None
    entry: Entry | None


Recording = Handled | NewTransaction | Recorded | Exception
"""A message on its way through recording: its result without a transaction, the transaction to
record, the one recorded, or what recording it raised (a ValueError: no transaction can be it)."""

Parse = Callable[[str, str], ParseOutcome]
"""sender, text -> outcome: `parse_sms`, the current parsers."""


def _same(tx: Transaction, p: ParsedSms) -> bool:
    """The stored transaction says what this SMS says (the same SMS, forwarded again)."""
    stored = tx.direction, tx.amount_poisha, tx.balance_poisha, tx.fee_poisha, tx.commission_poisha
    return stored == (
        p.direction.value,
        p.amount_poisha,
        p.balance_poisha,
        p.fee_poisha,
        p.commission_poisha,
    )


class Pipeline:
    """Processes one stored message by id."""

    def __init__(
        self,
        messages: MessageStore,
        transactions: TransactionService,
        wallets: WalletChain,
        clock: Clock,
        parse: Parse = parse_sms,
        reread: Callable[[list[str]], Awaitable[int]] | None = None,
        taught: TaughtWordings | None = None,
    ) -> None:
        self._parse = parse
        self._reread = reread
        self._taught = taught
        self._messages = messages
        self._transactions = transactions
        self._wallets = wallets
        self._clock = clock

    async def process(self, message_id: str) -> None:
        """Bring one message to its final state; safe to repeat. Raises what failed."""
        msg = await self._messages.get(message_id)
        if msg is None:
            return
        failure = (await self.process_many([msg]))[message_id]
        if failure is not None:
            raise failure

    async def process_many(
        self, msgs: list[SmsMessage], concurrency: int = 8
    ) -> dict[str, Exception | None]:
        """Bring messages already read (a stream batch) to their final state; safe to repeat.

        The messages' transactions are recorded in one insert; the entries of one wallet are
        chained in one step (one read, one compare-and-set), in the order given; each result
        is written last. A failure stays with the messages it touched: by message id, what
        failed, or None for the messages brought to their final state.
        """
        failures: dict[str, Exception | None] = {m.id: None for m in msgs}
        todo = list({m.id: m for m in msgs if m.processed_at is None}.values())
        outcomes = [self._parse(m.sender, m.text) for m in todo]
        todo, outcomes = await self._read_taught(todo, outcomes, failures)
        outcomes, waits = await read_by_balance(todo, outcomes, self._wallets)
        bound = asyncio.Semaphore(max(1, concurrency))

        async def handle(msg: SmsMessage, outcome: ParseOutcome, rec: Recording) -> Handled:
            async with bound:
                return await self._handle(msg, outcome, rec)

        recordings = await self._record_all(todo, outcomes)
        records = await _settled(
            handle(m, o, r) for m, o, r in zip(todo, outcomes, recordings, strict=True)
        )
        steps = []
        for msg, outcome, rec in zip(todo, outcomes, records, strict=True):
            if isinstance(rec, Exception):
                failures[msg.id] = rec
            else:
                steps.append((msg, outcome, rec))
        await self._chain(steps, failures)
        waits = await self._wait(waits, failures)
        ready = [step for step in steps if failures[step[0].id] is None]
        finished = await _settled(self._finish(*step) for step in ready)
        for (msg, _, _), done in zip(ready, finished, strict=True):
            if isinstance(done, Exception):
                failures[msg.id] = done
        written = {m for m, failure in failures.items() if failure is None}
        await self._wallets.due_now([w.only(written) for w in waits])
        await self._reread_due()
        # The alerts this batch left owed go out now, not at the alert pass's idle interval;
        # no round trip when it owes none (the webhooks of the sessions it completed were
        # woken by their transitions, SessionService.on_owed).
        await self._wallets.wake_worker(owed=any(done is True for done in finished))
        return failures

    async def _wait(self, waits: list[Waits], failures: dict[str, Exception | None]) -> list[Waits]:
        """Store what the batch's wallets wait for, before the messages' results are written;
        a wallet that could not be written fails its messages (they are retried). The waits
        stored that keep new messages waiting."""
        kept = [w.only({m for m, failure in failures.items() if failure is None}) for w in waits]
        done = await _settled(self._wallets.wait(w) for w in kept)
        stored = []
        for wait, result in zip(kept, done, strict=True):
            if isinstance(result, Exception):
                for message_id in (*wait.read, *(u.message_id for u in wait.waiting)):
                    failures[message_id] = result
            elif wait.waiting:
                stored.append(wait)
        return stored

    async def _reread_due(self) -> None:
        """Messages not understood whose wallet the chain just brought to a balance their
        arithmetic reads after go back on the stream (after this batch's results are written,
        so a message of this very batch can be reopened). No round trip when none is due."""
        due = self._wallets.take_due()
        if due and self._reread is not None:
            await self._reread(due)

    async def _read_taught(
        self,
        msgs: list[SmsMessage],
        outcomes: list[ParseOutcome],
        failures: dict[str, Exception | None],
    ) -> tuple[list[SmsMessage], list[ParseOutcome]]:
        """The messages no rule read tried with the taught wordings
        (claimsvc/services/sms/rereading.py). When loading them fails, those messages fail
        (they are retried) and the rest go on."""
        if self._taught is None:
            return msgs, outcomes
        try:
            return msgs, await self._taught.reread(msgs, outcomes)
        except Exception as exc:
            kept = [not wants_wording(m.sender, o) for m, o in zip(msgs, outcomes, strict=True)]
            for msg, keep in zip(msgs, kept, strict=True):
                if not keep:
                    failures[msg.id] = exc
            return (
                [m for m, keep in zip(msgs, kept, strict=True) if keep],
                [o for o, keep in zip(outcomes, kept, strict=True) if keep],
            )

    async def _chain(
        self,
        steps: list[tuple[SmsMessage, ParseOutcome, Handled]],
        failures: dict[str, Exception | None],
    ) -> None:
        """Add the recorded entries to their wallets, one step per wallet, then write all the
        steps' verdicts to their transactions together."""
        wallets: dict[WalletKey, list[tuple[str, Entry]]] = {}
        for msg, outcome, rec in steps:
            if rec.entry is None or not outcome.provider:
                continue
            key = WalletKey(msg.account_id, msg.device_id, outcome.provider, msg.sim_slot)
            wallets.setdefault(key, []).append((msg.id, rec.entry))
        groups = list(wallets.items())
        done = await _settled(
            self._wallets.step_all(key, [e for _, e in items]) for key, items in groups
        )
        owed: list[Owed] = []
        stepped: list[str] = []
        for (_, items), result in zip(groups, done, strict=True):
            if isinstance(result, Exception):
                for message_id, _ in items:
                    failures[message_id] = result
            else:
                owed += result
                stepped += [message_id for message_id, _ in items]
        try:
            await self._wallets.apply_owed(owed)
        except Exception as exc:  # the verdicts stay on their wallets: the messages are retried
            for message_id in stepped:
                failures[message_id] = exc

    async def _finish(self, msg: SmsMessage, outcome: ParseOutcome, rec: Handled) -> bool:
        """Write the message's result, last; whether writing it left an alert owed (a wallet's
        sender's message not understood)."""
        now = self._clock()
        read_by = outcome.parsed.parsed_by if outcome.parsed and rec.transaction_id else None
        result = MessageResult(
            rec.result, outcome.provider, rec.reason, rec.transaction_id, read_by
        )
        # The result is written with processed_at, last: a crash before it redoes every step.
        if not await self._messages.finish(msg.id, result, now):
            return False
        metrics.MESSAGES.labels(provider=outcome.provider or "unknown", result=rec.result).inc()
        if not msg.reparses:
            # A re-parse of a message kept for hours says nothing about intake latency.
            metrics.INTAKE_TO_FINAL.observe(max(0.0, (now - msg.stored_at).total_seconds()))
        return sms_alert_owed(result)

    async def _record_all(
        self, msgs: list[SmsMessage], outcomes: list[ParseOutcome]
    ) -> list[Recording]:
        """Record the transactions the messages report, all in one insert: for each message
        what it came to before its transaction (no transaction), the transaction recorded (or
        the one recorded before), or what recording it raised."""
        out: list[Recording] = [self._new(m, o) for m, o in zip(msgs, outcomes, strict=True)]
        items = [(i, new) for i, new in enumerate(out) if isinstance(new, NewTransaction)]
        recorded: list[Recorded | Exception]
        try:
            accounts = [(msgs[i].account_id, new) for i, new in items]
            recorded = list(await self._transactions.record_many(accounts)) if items else []
        except Exception as exc:
            recorded = [exc] * len(items)
        for (i, _), rec in zip(items, recorded, strict=True):
            out[i] = rec
        return out

    @staticmethod
    def _new(msg: SmsMessage, outcome: ParseOutcome) -> Handled | NewTransaction:
        """The transaction a parsed SMS reports, or the message's result when it reports none."""
        parsed = outcome.parsed
        if outcome.result is not Result.PARSED or parsed is None:
            return Handled(outcome.result.value, outcome.reason, None, None)
        if parsed.failed and parsed.kind != Kind.REVERSAL:
            # Nothing moved: no transaction to claim, nothing for the chain.
            return Handled(Result.PARSED.value, "failed", None, None)
        return NewTransaction(
            provider=parsed.provider,
            trx_id=parsed.trx_id,
            amount_poisha=parsed.amount_poisha,
            received_at=msg.received_at,
            direction=parsed.direction.value,
            # The kind's value as text: kinds added to the parsers need no change here.
            kind=str(parsed.kind),
            counterparty=parsed.counterparty,
            balance_poisha=parsed.balance_poisha,
            fee_poisha=parsed.fee_poisha,
            commission_poisha=parsed.commission_poisha,
            parsed_by=parsed.parsed_by,
            source=SmsSource(
                message_id=msg.id,
                device_id=msg.device_id,
                sim_slot=msg.sim_slot,
                occurred_at=parsed.occurred_at,
            ),
        )

    async def _handle(self, msg: SmsMessage, outcome: ParseOutcome, rec: Recording) -> Handled:
        """Decide a message's result from its recorded transaction (or what recording raised)."""
        if isinstance(rec, Handled):
            return rec
        if isinstance(rec, ValueError):
            # The parser read figures no transaction can have (a zero amount): keep for review.
            return Handled(Result.UNPARSED.value, f"invalid_transaction: {rec}", None, None)
        if isinstance(rec, Exception):
            raise rec
        if not isinstance(rec, Recorded):
            raise RuntimeError("a message's transaction was not recorded")
        parsed = cast(ParsedSms, outcome.parsed)  # a transaction was recorded: it parsed
        tx = rec.transaction
        ours = rec.created or (tx.source is not None and tx.source.message_id == msg.id)
        if parsed.kind == Kind.REVERSAL:
            return await self._reversal(msg, parsed, tx)
        if not ours:
            return self._duplicate(tx, parsed)
        return Handled(Result.PARSED.value, None, tx.id, self._entry(msg, parsed, tx.id))

    async def _reversal(self, msg: SmsMessage, parsed: ParsedSms, tx: Transaction) -> Handled:
        """The wallet took a transaction back: the money moved (chain it), the original is void."""
        # Whether it voids a recorded credit or stands alone, it is never claimable.
        await self._transactions.reverse(tx.id)
        await self._wallets.release_claim(tx.id)
        # The reversal's own entry moves the balance but confirms no transaction.
        return Handled(Result.PARSED.value, "reversal", tx.id, self._entry(msg, parsed, None))

    @staticmethod
    def _duplicate(tx: Transaction, parsed: ParsedSms) -> Handled:
        """A second SMS with a TrxID already recorded: a copy, or a forgery reusing it."""
        if _same(tx, parsed):
            return Handled(Result.PARSED.value, "duplicate_transaction", tx.id, None)
        log.warning(
            "an SMS reuses a recorded TrxID with different figures",
            extra={"fields": {"provider": parsed.provider, "transaction_id": tx.id}},
        )
        return Handled(Result.SUSPECT.value, "trx_id_conflict", tx.id, None)

    @staticmethod
    def _entry(msg: SmsMessage, parsed: ParsedSms, transaction_id: str | None) -> Entry:
        return chain_entry(msg, parsed, transaction_id)
