"""Balance verification against stored wallets: the pure chain applied by compare-and-set.

Each step reads a wallet, lets `claimsvc.domain.sms.balance_chain` decide, and writes the new state
only if the wallet is still at the version it read (else it re-reads and decides again). The
verdicts are written in that same update and applied to their transactions afterwards (a stream
batch's wallets' verdicts in one bulk write, after all their steps), then forgotten; a crash in
between leaves them on the wallet, and the consumer's sweep applies them later. Verdicts are counted
in the metrics when a step produces them (exactly once: the compare-and-set that stores them
succeeds once), not when they are applied, which may happen more than once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from claimsvc.clock import Clock
from claimsvc.domain import statuses
from claimsvc.domain.alerts import chain_alert_owed
from claimsvc.domain.balances import Entry, PendingVerdict, Waits, Wallet, WalletKey
from claimsvc.domain.sms import balance_chain
from claimsvc.domain.sms.balance_chain import Outcome
from claimsvc.services.claims import ClaimService
from claimsvc.services.sms import metrics
from claimsvc.store.balances import BalanceStore
from claimsvc.store.transactions import TransactionStore

log = logging.getLogger("claimsvc.services.sms.wallet_chain")


async def _no_hook() -> None:
    """Default: nobody to wake (tests, or a process without a worker beside it)."""


MAX_ROUNDS = 20
"""Compare-and-set attempts per step; each failure means another step landed in between."""


MAX_REMEMBERED = 10_000
"""Wallets whose last saved state a process keeps as the guess for its next step."""


class WalletContention(RuntimeError):
    """A wallet kept changing under a step (the message is retried from the stream)."""


def _pending(outcome: Outcome, version: int) -> tuple[PendingVerdict, ...]:
    """The step's verdicts as stored with the wallet version they produce."""
    return tuple(
        PendingVerdict(
            vid=f"{v.key}:{version}:{v.status}",
            key=v.key,
            transaction_id=v.transaction_id,
            status=v.status,
            reason=v.reason,
            gap=v.gap,
            version=version,
        )
        for v in outcome.verdicts
    )


@dataclass(frozen=True)
class Owed:
    """Verdicts a wallet holds that are still to be written to their transactions."""

    wid: str
    verdicts: tuple[PendingVerdict, ...]
    fresh: frozenset[str] = frozenset()
    """The ids of those the step just produced (counted once, when a claim completes)."""


class WalletChain:
    """Adds entries to stored wallets, re-checks anchored ones, applies verdicts to transactions."""

    def __init__(
        self,
        balances: BalanceStore,
        chain: TransactionStore,
        claims: ClaimService,
        clock: Clock,
    ) -> None:
        self._balances = balances
        self._chain = chain
        self._claims = claims
        self._clock = clock
        # Each wallet as this process last saved it: a guess of the stored one that saves the
        # read before a step; the compare-and-set on its version refuses it when it is stale.
        self._last: dict[str, Wallet] = {}
        # Messages not understood whose wallet a saved step brought to a balance that reads
        # them, by wallet id, until the pipeline takes them to read again.
        self._due: dict[str, tuple[str, ...]] = {}
        self._owes_alert = False
        self.on_owed: Callable[[], Awaitable[None]] = _no_hook
        """Called when the SMS path left an alert owed (a held entry or a gap on a wallet, a
        wallet's message not understood): bootstrap wakes the worker's alert pass and outbox
        relay with it (store/wake.py), so they go out at once, not at the idle interval."""

    async def wake_worker(self, owed: bool = False) -> None:
        """Wake the worker once if `owed`, or if a step saved since the last call left an alert
        owed; no round trip otherwise. A failed wake loses nothing: the pass finds the work
        at its idle interval."""
        if not (owed or self._owes_alert):
            return
        self._owes_alert = False
        try:
            await self.on_owed()
        except Exception:
            log.warning("could not wake the worker", exc_info=True)

    async def stored(self, key: WalletKey) -> Wallet:
        """The wallet `key` as stored now (a wallet not stored yet: one not started)."""
        return await self._balances.get(key.id) or Wallet(key=key)

    async def wait(self, waits: Waits) -> None:
        """Stop waiting for the messages now read; keep those not understood waiting for the
        chain to reach a balance that reads them (on a wallet created for them when not stored
        yet: an anchor or a first step finds them there)."""
        if waits.read:
            await self._balances.drop_unread(waits.key.id, list(waits.read))
        if waits.waiting:
            await self._balances.add_unread(waits.key, list(waits.waiting))

    async def due_now(self, waits: list[Waits]) -> None:
        """After the waiting messages' results are written: those their wallet's balance
        already reads (a step or an anchor landed before their wait was stored) are due now,
        like those a step reaches later (`take_due`). One read per wallet."""
        for wait in waits:
            if not wait.waiting:
                continue
            wallet = await self._balances.get(wait.key.id)
            mine = {u.message_id for u in wait.waiting}
            due = tuple(m for m in (wallet.due() if wallet else ()) if m in mine)
            if due:
                self._due[wait.key.id] = (*self._due.get(wait.key.id, ()), *due)

    def take_due(self) -> list[str]:
        """The waiting messages the steps saved since the last call reached (no I/O: read
        from the wallets as saved), each once."""
        due = [m for ids in self._due.values() for m in ids]
        self._due.clear()
        return list(dict.fromkeys(due))

    async def add(self, key: WalletKey, entry: Entry) -> None:
        """Apply one entry to the wallet `key`, then its verdicts to the transactions."""
        await self.add_all(key, [entry])

    async def add_all(self, key: WalletKey, entries: list[Entry]) -> None:
        """`step_all`, then its verdicts applied to the transactions."""
        await self.apply_owed(await self.step_all(key, entries))

    async def step_all(self, key: WalletKey, entries: list[Entry]) -> list[Owed]:
        """Apply entries to the wallet `key` in one step (one compare-and-set): the verdicts
        the wallet then holds, still to be applied (`apply_owed`). If the wallet already
        applied one of them (a batch processed again after a crash), each is applied on its own,
        so the others are not lost."""
        keys = tuple(e.key for e in entries)
        _, replayed, owed = await self._step_saved(
            key, lambda w: balance_chain.add_all(w, entries), keys
        )
        if replayed and len(entries) > 1:
            for entry in entries:
                owed += await self.step_all(key, [entry])
        return owed

    async def recheck(self, key: WalletKey) -> None:
        """Re-check a wallet whose anchor changed (set by the admin API)."""
        if await self._balances.get(key.id) is None:
            return
        saved, _, owed = await self._step_saved(key, balance_chain.recheck)
        await self.apply_owed(owed)
        await self.wake_worker()
        if saved is not None:
            await self._balances.clear_recheck(key.id, saved.version)

    async def _step_saved(
        self, key: WalletKey, decide: Callable[[Wallet], Outcome], keys: tuple[str, ...] = ()
    ) -> tuple[Wallet | None, bool, list[Owed]]:
        """Decide on the stored wallet and compare-and-set the result, re-reading on a conflict:
        the wallet after it, whether one of `keys` was applied before, and its verdicts.

        The wallet is read without its applied-message list; a replayed message is refused by
        the store's filter instead, and then only its leftover verdicts are applied.
        """
        replayed = False
        fresh: frozenset[str] = frozenset()
        guess = self._last.pop(key.id, None)
        for _ in range(MAX_ROUNDS):
            stored = guess or await self._balances.get(key.id)
            wallet = stored or Wallet(key=key)
            outcome = decide(wallet)
            if outcome.wallet == wallet and not outcome.verdicts:
                if guess is not None:  # nothing to do on the guess: decide on the stored one
                    guess = None
                    continue
                saved = stored
                break
            guess = None
            verdicts = _pending(outcome, wallet.version + 1)
            saved = await self._balances.save(outcome.wallet, verdicts, keys)
            if saved is not None:
                self._remember(saved)
                self._owes_alert = self._owes_alert or chain_alert_owed(saved)
                if saved.due():
                    self._due[key.id] = (*self._due.get(key.id, ()), *saved.due())
                fresh = frozenset(v.vid for v in verdicts)
                for v in verdicts:
                    if v.transaction_id:
                        _count(key.provider, v)
                break
            if keys and await self._balances.has_seen(key.id, list(keys)):
                saved, replayed = await self._balances.get(key.id), True
                break
        else:
            raise WalletContention(f"wallet changed {MAX_ROUNDS} times under one step")
        owed = [Owed(key.id, saved.pending, fresh)] if saved is not None and saved.pending else []
        return saved, replayed, owed

    def _remember(self, wallet: Wallet) -> None:
        if len(self._last) >= MAX_REMEMBERED:
            self._last.pop(next(iter(self._last)))
        self._last[wallet.stored_key.id] = wallet

    async def apply_verdicts(self, wid: str, verdicts: tuple[PendingVerdict, ...]) -> None:
        """Apply verdicts a wallet still holds (the sweep, after a crash)."""
        await self.apply_owed([Owed(wid, verdicts)])

    async def apply_owed(self, owed: list[Owed]) -> None:
        """Write verdicts to their transactions, finalise or release the claims waiting on
        them, then forget them on their wallets: for a whole stream batch, one bulk write of
        verdicts (one more per older version of a transaction also there, oldest first, as
        the steps wrote them), one read of the claimed, one bulk write of the forgetting."""
        if not owed:
            return
        now = self._clock()
        rounds: list[dict[str, PendingVerdict]] = []
        seen: set[tuple[str, int]] = set()
        ordered = sorted((v for o in owed for v in o.verdicts), key=lambda v: v.version)
        for v in ordered:  # one transaction, one version: the first verdict is the one written
            if not v.transaction_id or (v.transaction_id, v.version) in seen:
                continue
            seen.add((v.transaction_id, v.version))
            free = next((r for r in rounds if v.transaction_id not in r), None)
            if free is None:
                free = {}
                rounds.append(free)
            free[v.transaction_id] = v
        for batch in rounds:  # batched with what other steps write at the same moment
            await asyncio.gather(*(self._chain.chain_verdict(v, now) for v in batch.values()))
        # The last verdict of each transaction decides a claim waiting on it (completed or
        # released), whether applied now or by an attempt a crash cut short.
        last = {t: v for batch in rounds for t, v in batch.items()}
        fresh = {vid for o in owed for vid in o.fresh}
        deciding = (statuses.CONFIRMED, statuses.SUSPECT)
        decided = [t for t, v in last.items() if v.status in deciding]
        for tx_id in await self._chain.claimed(decided):
            v = last[tx_id]
            if v.status == statuses.CONFIRMED:
                await self._finalise(tx_id, counted=v.vid in fresh)
            else:
                await self.release_claim(tx_id)
        vids: dict[str, list[str]] = {}
        for o in owed:
            vids.setdefault(o.wid, []).extend(v.vid for v in o.verdicts)
        await asyncio.gather(*(self._balances.pull_verdicts(w, ids) for w, ids in vids.items()))

    async def _finalise(self, transaction_id: str, counted: bool) -> None:
        """Complete the claim waiting on a confirmed transaction (the claims service's rules)."""
        session = await self._claims.finalise(transaction_id)
        if counted and session is not None and session.status == "COMPLETED":
            metrics.CLAIMS_FINALISED.inc()

    async def release_claim(self, transaction_id: str) -> None:
        """A transaction turned suspect: a claim waiting on it stops waiting (the claims
        service's rules), so the buyer is not kept pending for a day on a likely forgery."""
        if await self._claims.release(transaction_id) is not None:
            fields = {"transaction_id": transaction_id}
            log.info("released a pending claim on a suspect transaction", extra={"fields": fields})

    async def sweep(self, limit: int = 50) -> int:
        """Re-check anchored wallets and apply verdicts a crash left behind; wallets handled."""
        wallets = await self._balances.needing_attention(limit)
        for wallet in wallets:
            if wallet.recheck:
                await self.recheck(wallet.stored_key)
            else:
                await self.apply_verdicts(wallet.stored_key.id, wallet.pending)
        return len(wallets)


def _count(provider: str, verdict: PendingVerdict) -> None:
    status = verdict.status
    if status == statuses.CONFIRMED:
        metrics.BALANCE_CONFIRMATIONS.labels(provider=provider).inc()
    elif status in (statuses.HELD, statuses.SUSPECT):
        metrics.BALANCE_BREAKS.labels(provider=provider, kind=status).inc()
    elif verdict.reason == balance_chain.GAP_START:
        # A missed SMS the wallet recovered from: the merchant should check the unexplained
        # amount (the transaction's balance_gap) against the wallet app.
        metrics.BALANCE_BREAKS.labels(provider=provider, kind="gap").inc()
        fields = {"provider": provider, "transaction_id": verdict.transaction_id}
        log.warning("a wallet re-anchored at a run after a gap", extra={"fields": fields})
