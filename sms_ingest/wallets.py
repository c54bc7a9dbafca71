"""Balance verification against stored wallets: the pure chain applied by compare-and-set.

Each step reads a wallet, lets `sms_ingest.balance` decide, and writes the new state only if the
wallet is still at the version it read (else it re-reads and decides again). The verdicts are
written in that same update and applied to their transactions afterwards (the verdicts of
concurrent steps in one bulk write), then forgotten; a crash in between leaves them on the
wallet, and the consumer's sweep applies them later. Verdicts are counted in the metrics when a
step produces them (exactly once: the compare-and-set that stores them succeeds once), not
when they are applied, which may happen more than once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection

from claimsvc.clock import Clock
from claimsvc.domain import statuses
from claimsvc.domain.balances import Entry, PendingVerdict, Wallet, WalletKey
from claimsvc.services.claims import ClaimService
from claimsvc.store.balances import BalanceStore
from claimsvc.store.transaction_chain import TransactionChainStore
from sms_ingest import balance, metrics
from sms_ingest.balance import Outcome

log = logging.getLogger("sms_ingest.wallets")

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


class WalletChain:
    """Adds entries to stored wallets, re-checks anchored ones, applies verdicts to transactions."""

    def __init__(
        self,
        balances: BalanceStore,
        chain: TransactionChainStore,
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

    async def add(self, key: WalletKey, entry: Entry) -> None:
        """Apply one entry to the wallet `key`, then its verdicts to the transactions."""
        await self.add_all(key, [entry])

    async def add_all(self, key: WalletKey, entries: list[Entry]) -> None:
        """Apply entries to the wallet `key` in one step (one read, one compare-and-set), then
        their verdicts. If the wallet already applied one of them (a batch processed again
        after a crash), each is applied on its own, so the others are not lost."""
        keys = tuple(e.key for e in entries)
        replayed = await self._step(key, lambda w: balance.add_all(w, entries), keys)
        if replayed and len(entries) > 1:
            for entry in entries:
                await self.add_all(key, [entry])

    async def recheck(self, key: WalletKey) -> None:
        """Re-check a wallet whose anchor changed (set by the admin API)."""
        if await self._balances.get(key.id) is None:
            return
        saved, _ = await self._step_saved(key, balance.recheck)
        if saved is not None:
            await self._balances.clear_recheck(key.id, saved.version)

    async def _step(
        self, key: WalletKey, decide: Callable[[Wallet], Outcome], keys: tuple[str, ...] = ()
    ) -> bool:
        """`_step_saved`; True when the wallet had already applied one of `keys`."""
        return (await self._step_saved(key, decide, keys))[1]

    async def _step_saved(
        self, key: WalletKey, decide: Callable[[Wallet], Outcome], keys: tuple[str, ...] = ()
    ) -> tuple[Wallet | None, bool]:
        """Decide on the stored wallet and compare-and-set the result, re-reading on a conflict:
        the wallet after it, and whether one of `keys` was applied before.

        The wallet is read without its applied-message list; a replayed message is refused by
        the store's filter instead, and then only its leftover verdicts are applied.
        """
        replayed = False
        fresh: set[str] = set()
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
                fresh = {v.vid for v in verdicts}
                for v in verdicts:
                    if v.transaction_id:
                        _count(key.provider, v)
                break
            if keys and await self._balances.has_seen(key.id, list(keys)):
                saved, replayed = await self._balances.get(key.id), True
                break
        else:
            raise WalletContention(f"wallet changed {MAX_ROUNDS} times under one step")
        if saved is not None:
            await self.apply_verdicts(key.id, saved.pending, fresh)
        return saved, replayed

    def _remember(self, wallet: Wallet) -> None:
        if len(self._last) >= MAX_REMEMBERED:
            self._last.pop(next(iter(self._last)))
        self._last[wallet.stored_key.id] = wallet

    async def apply_verdicts(
        self, wid: str, verdicts: tuple[PendingVerdict, ...], fresh: Collection[str] = ()
    ) -> None:
        """Write each verdict of the wallet `wid` to its transaction, finalise or release the
        claims waiting on them, then forget them. `fresh`: those the calling step produced."""
        if not verdicts:
            return
        now = self._clock()
        first: dict[str, PendingVerdict] = {}
        for v in verdicts:  # one transaction, one version: the first verdict is the one written
            if v.transaction_id:
                first.setdefault(v.transaction_id, v)
        # Batched with the verdicts other wallet steps write at the same moment.
        await asyncio.gather(*(self._chain.chain_verdict(v, now) for v in first.values()))
        # Applied now or by an attempt a crash cut short: a claim waiting on it is settled now.
        settles = (statuses.CONFIRMED, statuses.SUSPECT)
        watched = [t for t, v in first.items() if v.status in settles]
        for tx_id in await self._chain.claimed(watched):
            v = first[tx_id]
            if v.status == statuses.CONFIRMED:
                await self._finalise(tx_id, counted=v.vid in fresh)
            else:
                await self.release_claim(tx_id)
        await self._balances.pull_verdicts(wid, [v.vid for v in verdicts])

    async def _finalise(self, transaction_id: str, counted: bool) -> None:
        """Complete the claim waiting on a confirmed transaction (the claims service's rules)."""
        session = await self._claims.finalise(transaction_id)
        if counted and session is not None and session.get("status") == "COMPLETED":
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
    elif verdict.reason == balance.GAP_START:
        # A missed SMS the wallet recovered from: the merchant should check the unexplained
        # amount (the transaction's balance_gap) against the wallet app.
        metrics.BALANCE_BREAKS.labels(provider=provider, kind="gap").inc()
        fields = {"provider": provider, "transaction_id": verdict.transaction_id}
        log.warning("a wallet re-anchored at a run after a gap", extra={"fields": fields})
