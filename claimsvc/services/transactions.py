"""Every write to wallet transactions but the balance chain's verdicts: recording them and
marking reversals (the SMS pipeline), confirming them by hand (the merchant)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import claims
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.claims import TRX_ID, confirmable
from claimsvc.domain.sessions import Session
from claimsvc.domain.statuses import TRANSACTION_STATUSES, UNCONFIRMED
from claimsvc.domain.transactions import SmsSource, Transaction
from claimsvc.services.claims import ClaimService
from claimsvc.store.mongo import new_id
from claimsvc.store.transactions import TransactionStore
from claimsvc.store.trx_arrivals import TrxArrivalStore

log = logging.getLogger("claimsvc.transactions")


@dataclass(frozen=True)
class NewTransaction:
    """A wallet transaction as a parser read it; amounts in poisha."""

    provider: str
    trx_id: str
    amount_poisha: int
    received_at: datetime
    """When the phone received the SMS (the forwarder's time; the intake time if it gave none)."""
    status: str = UNCONFIRMED
    direction: str = "credit"
    kind: str = "received"
    counterparty: str | None = None
    balance_poisha: int | None = None
    """The balance the SMS states after this transaction."""
    fee_poisha: int = 0
    """A fee or charge taken with it."""
    commission_poisha: int = 0
    """A commission credited with it (an agent's cash-out commission)."""
    source: SmsSource | None = None
    """The SMS it was read from."""
    parsed_by: str = "rule"
    """How the SMS was read: "rule", "arithmetic" or "taught"."""


@dataclass(frozen=True)
class Recorded:
    transaction: Transaction
    created: bool


@dataclass(frozen=True)
class Confirmed:
    transaction: Transaction
    """As stored after the confirmation: still `suspect` when that was not overridden."""
    session: Session | None
    """The session that claimed it, after finalising (None when none did)."""


def _problem(new: NewTransaction) -> str | None:
    if new.provider not in PROVIDERS:
        return "unknown provider"
    if not TRX_ID.fullmatch(new.trx_id):
        return "trx_id must be 6 to 20 upper-case letters and digits"
    if new.amount_poisha <= 0:
        return "amount must be positive"
    if new.fee_poisha < 0 or new.commission_poisha < 0:
        return "fee and commission must not be negative"
    if new.status not in TRANSACTION_STATUSES or new.direction not in ("credit", "debit"):
        return "unknown status or direction"
    if new.received_at.tzinfo is None:
        return "received_at must be timezone-aware"
    return None


def _new_transaction(account_id: str, new: NewTransaction, now: datetime) -> Transaction:
    return Transaction(
        id=new_id("trx"),
        account_id=account_id,
        provider=new.provider,
        trx_id=new.trx_id,
        amount_poisha=new.amount_poisha,
        received_at=new.received_at,
        status=new.status,
        direction=new.direction,
        kind=new.kind,
        counterparty=new.counterparty,
        balance_poisha=new.balance_poisha,
        fee_poisha=new.fee_poisha,
        commission_poisha=new.commission_poisha,
        created_at=now,
        source=new.source,
        parsed_by=new.parsed_by,
    )


class TransactionService:
    """The store of an account's wallet transactions, as the claim matcher reads them."""

    def __init__(
        self,
        store: TransactionStore,
        claims: ClaimService,
        clock: Clock,
        arrivals: TrxArrivalStore | None = None,
    ) -> None:
        self._store = store
        self._claims = claims
        self._clock = clock
        self._arrivals = arrivals

    async def record(self, account_id: str, new: NewTransaction) -> Recorded:
        """Store a transaction once; the same (provider, TrxID) again returns the first one."""
        [recorded] = await self.record_many([(account_id, new)])
        if isinstance(recorded, ValueError):
            raise recorded
        return recorded

    async def record_many(
        self, items: list[tuple[str, NewTransaction]]
    ) -> list[Recorded | ValueError]:
        """`record` for several (account id, transaction) at once: one insert for them all, one
        read for those already recorded. In their place, a ValueError for each that no
        transaction can be (nothing stored for it)."""
        out: list[Recorded | ValueError] = []
        txs = []
        now = self._clock()
        for account_id, new in items:
            problem = _problem(new)
            if problem:
                out.append(ValueError(problem))
                continue
            tx = _new_transaction(account_id, new, now)
            txs.append(tx)
            out.append(Recorded(tx, created=True))
        stored = await self._store.insert_new(txs) if txs else set()
        refused = dict.fromkeys(tx.key for tx in txs if tx.id not in stored)
        existing = {tx.key: tx for tx in await self._store.find_many(list(refused))}
        for i, recorded in enumerate(out):
            if isinstance(recorded, Recorded) and recorded.transaction.id not in stored:
                first = existing.get(recorded.transaction.key)
                if first is None:  # refused as a duplicate, yet not there: cannot happen
                    raise RuntimeError("a transaction refused as recorded was not found")
                out[i] = Recorded(first, created=False)
        await self._announce([tx for tx in txs if tx.id in stored])
        return out

    async def _announce(self, recorded: list[Transaction]) -> None:
        """Wake the verify calls waiting for these TrxIDs (issue 31: verify's `wait`), one
        Redis round trip for the batch. Every new transaction passes here, whatever recorded it
        (the SMS pipeline, test payments). A failed wake loses nothing: a waiter looks again
        within its slice."""
        if self._arrivals is None or not recorded:
            return
        try:
            await self._arrivals.notify([(tx.account_id, tx.trx_id) for tx in recorded])
        except Exception:  # the transactions are stored: never fail their recording for this
            log.warning("could not wake verify calls waiting for an SMS", exc_info=True)

    async def confirm(
        self,
        transaction_id: str,
        *,
        override_suspect: bool = False,
        account_id: str | None = None,
        person: str | None = None,
    ) -> Confirmed:
        """The merchant confirms a transaction by hand (`claims.confirmable` says which may be);
        the claim waiting on it completes. Repeating it changes nothing. Given an account (the
        portal), another account's transaction is not found, and untouched. `person`: the
        portal user who did it (None: the operator, through the admin API or CLI), kept on the
        transaction and in the payment's history."""
        statuses = confirmable(override_suspect)
        by = claims.PERSON if person else claims.OPERATOR
        tx = await self._store.confirm(
            transaction_id, self._clock(), statuses, account_id, person or claims.BY_OPERATOR
        )
        if tx is None:
            tx = await self._store.get(transaction_id)
        if tx is None or account_id not in (None, tx.account_id):
            raise errors.NotFound()
        # Also when it was confirmed before: that confirmation may have died before finalising.
        return Confirmed(tx, await self._claims.finalise(transaction_id, by, person))

    async def reverse(self, transaction_id: str) -> None:
        """The wallet took a transaction back: it turns suspect for good, never claimable (the
        caller then releases a claim waiting on it)."""
        await self._store.mark_reversed(transaction_id, self._clock())
