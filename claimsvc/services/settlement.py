"""The merchant settles a payment whose amount differs from its order (domain/settlement.py):
accept it for the order, mark it to be refunded by hand, or leave it as it is.

Accepting is two conditional updates: the transaction is reserved for the session (free, not
suspect, not settled), then the session completes by its own guarded transition, which marks
its one webhook event as owed, as every terminal transition does. Two accepts racing, or an
accept racing a claim, a cancel or the expiry, end with one terminal state and one event: the
loser's update is refused and it answers what is stored now. A reservation left by an accept
that lost is released once the session can never use it.

A test session (domain/modes.py) is settled the same way on its test ledger: the portal user's
account owns it, its transaction is stored under the session's ledger id, and the account's
terms are read from the owner, as the webhook sender reads them, so accepting a test payment
sends the test event to the owner's URL with the owner's secret.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import claims
from claimsvc.domain import sessions as sm
from claimsvc.domain import settlement as st
from claimsvc.domain.audit import actor_of
from claimsvc.domain.modes import owner_of
from claimsvc.domain.money import to_text
from claimsvc.domain.sessions import ClaimAttempt, Session
from claimsvc.domain.transactions import Transaction
from claimsvc.services.sessions import MAX_ROUNDS, Contention, SessionService
from claimsvc.store.accounts import AccountStore
from claimsvc.store.sessions import SessionStore
from claimsvc.store.transactions import TransactionStore


@dataclass(frozen=True)
class Settled:
    session: Session
    transaction: Transaction | None
    repeated: bool = False
    """The same decision was already recorded (a reload or a second click): nothing changed."""

    def audit_details(self) -> dict[str, str]:
        """What the audit log keeps of the decision (portal and admin API alike): the decision,
        the TrxID and both amounts as taka."""
        found = self.session.mismatch
        return {
            "decision": (found.settlement or "") if found else "",
            "trx_id": found.trx_id if found else "",
            "order_amount": to_text(self.session.amount_poisha),
            "paid_amount": to_text(found.paid_poisha if found else 0),
        }


@dataclass(frozen=True)
class MismatchView:
    """A session's differing payment as the portal shows it, with what may be done now."""

    transaction: Transaction | None
    offer: st.Offer


class SettlementService:
    def __init__(
        self,
        machine: SessionService,
        sessions: SessionStore,
        transactions: TransactionStore,
        accounts: AccountStore,
        clock: Clock,
    ) -> None:
        self._machine = machine
        self._sessions = sessions
        self._transactions = transactions
        self._accounts = accounts
        self._clock = clock

    async def view(self, session: Session) -> MismatchView | None:
        """The session's mismatch with its transaction and the offer (None: it has none)."""
        if session.mismatch is None:
            return None
        tx = await self._transaction(session.account_id, session.mismatch.transaction_id)
        account = await self._accounts.get(session.owner_id)
        if account is None:
            raise errors.NotFound()
        return MismatchView(tx, st.offer(session, tx, account, self._clock()))

    async def due(self, account_id: str, limit: int) -> list[Session]:
        """The account's sessions whose different amount waits for a decision, newest first."""
        return await self._sessions.mismatch_due(account_id, limit)

    async def settle(
        self, account_id: str, session_id: str, transaction_id: str, action: str, by: str
    ) -> Settled:
        """Apply one of settlement.ACTIONS; SettleRefused with the reason when it cannot be."""
        decision = st.ACTIONS.get(action)
        if decision == st.ACCEPTED:
            return await self.accept(account_id, session_id, transaction_id, by)
        if decision is None:
            raise errors.NotFound()
        return await self._decide(account_id, session_id, transaction_id, decision, by)

    async def accept(
        self, account_id: str, session_id: str, transaction_id: str, by: str
    ) -> Settled:
        """Accept the differing payment for the session's order: the session completes."""
        for _ in range(MAX_ROUNDS):
            session = await self._session(account_id, session_id)
            ledger = session.account_id
            tx = await self._transaction(ledger, transaction_id)
            if _accepted(session, transaction_id):
                return Settled(session, await self._mark_accepted(session, by), repeated=True)
            account = await self._accounts.get(session.owner_id)
            if account is None:
                raise errors.NotFound()
            now = self._clock()
            problem = st.accept_problem(session, tx, account, now)
            if problem is not None:
                await self._release(session, tx)
                raise errors.SettleRefused(problem)
            assert session.mismatch is not None and tx is not None
            if not await self._transactions.reserve_unsettled(tx.id, ledger, session.id):
                continue  # a claim or a refund mark took it meanwhile: look again
            after = await self._machine.apply(
                session.id, sm.accept_mismatch(session.mismatch, by, now)
            )
            if after is None:
                continue  # the session moved on (a claim, a cancel, the expiry, another accept)
            return Settled(after, await self._mark_accepted(after, by))
        raise Contention(f"accept kept being refused after {MAX_ROUNDS} rounds")

    async def _decide(
        self, account_id: str, session_id: str, transaction_id: str, decision: str, by: str
    ) -> Settled:
        """Refund by hand or leave it: the session's status never changes."""
        session = await self._session(account_id, session_id)
        ledger = session.account_id
        tx = await self._transaction(ledger, transaction_id)
        found = session.mismatch
        if found and found.transaction_id == transaction_id and found.settlement == decision:
            return Settled(session, tx, repeated=True)
        refund = decision == st.REFUND
        problem = st.refund_problem(session, tx) if refund else st.leave_problem(session, tx)
        if problem is not None:
            raise errors.SettleRefused(problem)
        assert found is not None
        now = self._clock()
        if refund:
            tx = await self._transactions.mark_refund(transaction_id, ledger, now, by)
            if tx is None:  # a claim or an accept took it meanwhile
                raise errors.SettleRefused(st.USED)
        settled = replace(found, settlement=decision, settled_at=now, settled_by=by)
        reason = claims.TO_REFUND if refund else claims.LEFT_AS_IS
        who, person = actor_of(by)
        line = ClaimAttempt(now, found.provider, found.trx_id, claims.DECIDED, who, reason, person)
        after = await self._sessions.settle_mismatch(session.id, ledger, settled, line)
        if after is None:  # decided meanwhile by another request
            raise errors.SettleRefused(st.DECIDED)
        return Settled(after, tx)

    async def _session(self, account_id: str, session_id: str) -> Session:
        """The session, live or test, of the account; NotFound for another account's."""
        session = await self._sessions.get(session_id)
        if session is None or session.owner_id != owner_of(account_id):
            raise errors.NotFound()
        return session

    async def _transaction(self, account_id: str, transaction_id: str) -> Transaction | None:
        tx = await self._transactions.get(transaction_id)
        return tx if tx is not None and tx.account_id == account_id else None

    async def _mark_accepted(self, session: Session, by: str) -> Transaction | None:
        """Write the acceptance on the transaction too (the session is the record; this makes
        the transaction say which order it paid). Repeated by a repeated accept, so an accept
        that died between the two writes is finished by the next click."""
        found = session.mismatch
        assert found is not None and found.settled_at is not None
        return await self._transactions.mark_accepted(
            found.transaction_id, session.id, session.amount_poisha, found.settled_at, by
        )

    async def _release(self, session: Session, tx: Transaction | None) -> None:
        """Free a reservation this session holds on `tx` but can never use (an accept that lost
        its race to a claim, a cancel or the expiry)."""
        if tx is not None and tx.session_id == session.id and sm.can_never_use(session, tx.id):
            await self._transactions.release(tx.id, session.id)


def _accepted(session: Session, transaction_id: str) -> bool:
    """The session was completed by accepting this transaction."""
    found = session.mismatch
    return (
        session.status == sm.COMPLETED
        and found is not None
        and found.transaction_id == transaction_id
        and found.settlement == st.ACCEPTED
    )
