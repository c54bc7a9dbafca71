"""Verify and submit: a buyer's TrxID claim matched against the account's wallet transactions.

Each round has the session, reserves the claimed transaction if it matches the session (one
conditional update that also reads it; only when the next step depends on it), lets the pure
`claims.decide` choose the step, and applies it as one conditional update. A refused update
means another request moved the session first; the round is then repeated on what is stored
now, so racing claims, cancels and the sweeper all end in one terminal state. A terminal
transition marks its webhook event as owed; the outbox relay writes it (services/outbox.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import claims, settlement, statuses
from claimsvc.domain import sessions as sm
from claimsvc.domain.accounts import AccountTerms, is_active
from claimsvc.domain.claims import ClaimRequest, Decision, Step
from claimsvc.domain.sessions import Session
from claimsvc.domain.transactions import Transaction
from claimsvc.metrics import CLAIM_OUTCOMES
from claimsvc.services.sessions import MAX_ROUNDS, Contention, SessionService
from claimsvc.services.sms_wait import SmsWaitService
from claimsvc.store.sessions import SessionStore
from claimsvc.store.transactions import TransactionStore

Tx = Transaction | None
StepFn = Callable[[Decision, Session, AccountTerms, Tx], Awaitable[Session | None]]


class ClaimService:
    """Claims by merchants (verify) and buyers (submit), and finalising pending ones."""

    def __init__(
        self,
        machine: SessionService,
        sessions: SessionStore,
        transactions: TransactionStore,
        clock: Clock,
        sms_wait: SmsWaitService | None = None,
    ) -> None:
        self._machine = machine
        self._sms_wait = sms_wait
        self._sessions = sessions
        self._transactions = transactions
        self._clock = clock
        self._steps: dict[Step, StepFn]
        self._steps = {
            Step.ANSWER_COMPLETED: self._answer_completed,
            Step.ANSWER_PENDING: self._answer_pending,
            Step.REFUSE: self._refuse,
            Step.EXPIRE: self._expire,
            Step.COMPLETE: self._complete,
            Step.HOLD: self._hold,
            Step.COMPLETE_PENDING: self._complete_pending,
            Step.FAIL: self._fail,
            Step.REJECT: self._reject,
        }

    async def verify(self, account: AccountTerms, req: ClaimRequest, wait_s: int = 0) -> Session:
        """A merchant's claim: only on a session of its own account (else NOT_FOUND). The
        completed session, or the outcome raised. With `wait_s`, an open session's claim first
        waits that long for the TrxID's SMS to reach the account; SMS_NOT_ARRIVED (counted as
        no attempt) when it does not."""
        return await self._counted(self._verify(account, req, wait_s))

    async def _verify(self, account: AccountTerms, req: ClaimRequest, wait_s: int) -> Session:
        if not is_active(account):
            raise errors.VendorInactive()
        session = await self._machine.load(req.session_id, account.id)
        if wait_s > 0 and session.status == sm.OPEN and self._sms_wait is not None:
            if not await self._sms_wait.arrived(session.account_id, req.trx_id, wait_s):
                raise errors.SmsNotArrived()
            session = await self._machine.load(req.session_id, account.id)
        return await self._claim(req, account, session)

    async def submit(
        self, req: ClaimRequest, session: Session | None, account: AccountTerms | None
    ) -> Session:
        """A buyer's claim: the session id is the authorisation. `session` as just read (None:
        unknown), `account` what the buyer limits read of its account (None: gone)."""
        return await self._counted(self._submit(req, session, account))

    async def _submit(
        self, req: ClaimRequest, session: Session | None, account: AccountTerms | None
    ) -> Session:
        if session is None or account is None:
            raise errors.SessionNotFound()
        if not is_active(account):
            raise errors.VendorInactive()
        return await self._claim(req, account, session)

    @staticmethod
    async def _counted(outcome: Awaitable[Session]) -> Session:
        try:
            completed = await outcome
        except errors.ServiceError as err:
            CLAIM_OUTCOMES.labels(outcome=err.code or "INVALID").inc()
            raise
        CLAIM_OUTCOMES.labels(outcome=sm.COMPLETED).inc()
        return completed

    async def _claim(self, req: ClaimRequest, account: AccountTerms, session: Session) -> Session:
        for _ in range(MAX_ROUNDS):
            now = self._clock()
            wanted = claims.needs_transaction(session, account, req, now)
            tx, elsewhere = await self._find(session, req) if wanted else (None, None)
            decision = claims.decide(session, account, req, tx, now, elsewhere)
            completed = await self._steps[decision.step](decision, session, account, tx)
            if completed is not None:
                return completed
            session = await self._machine.load(req.session_id)
        raise Contention(f"claim kept being refused after {MAX_ROUNDS} rounds")

    async def _find(self, session: Session, req: ClaimRequest) -> tuple[Tx, Tx]:
        """The claimed transaction: reserved for the session if it matches it (one command, the
        success path), else as stored, freed first from a session that can never use it. When
        the account has none of the claimed wallet, the one with the TrxID in another wallet
        (the same read), which the failure names."""
        reserve = self._transactions.reserve_match
        tx = await reserve(session, req.provider, req.trx_id)
        if tx is not None:
            return tx, None
        found = await self._transactions.with_trx_id(session.account_id, req.trx_id)
        tx = next((t for t in found if t.provider == req.provider), None)
        if tx is None:
            return None, claims.paid_elsewhere(session, req.provider, found) or next(
                iter(found), None
            )
        if tx.session_id in (None, session.id):
            return tx, None
        holder = tx.session_id
        other = await self._sessions.get(holder)
        if other is not None and sm.can_never_use(other, tx.id):
            # It stayed reserved by a request that lost its race or died; it was never used.
            await self._transactions.release(tx.id, holder)
            tx = await reserve(session, req.provider, req.trx_id) or await self._transactions.get(
                tx.id
            )
        return tx, None

    # Steps: each returns the completed session, raises the outcome, or returns None to re-read.

    async def _answer_completed(self, d: Decision, s: Session, a: Any, tx: Tx) -> Session | None:
        return s

    async def _answer_pending(self, d: Decision, s: Session, a: Any, tx: Tx) -> Session | None:
        raise errors.PendingVerification()

    async def _refuse(self, d: Decision, s: Session, a: Any, tx: Tx) -> Session | None:
        assert d.error is not None
        raise d.error()

    async def _expire(self, d: Decision, s: Session, a: Any, tx: Tx) -> Session | None:
        if await self._machine.apply(s.id, sm.expire(self._clock())) is None:
            return None
        raise errors.SessionExpired()

    async def _complete(self, d: Decision, s: Session, a: Any, tx: Tx) -> Session | None:
        assert tx is not None
        now = self._clock()
        step = sm.complete(claims.claim_record(tx, now), now)
        return await self._bind(s, tx, replace(step, attempt=d.attempt))

    async def _hold(self, d: Decision, s: Session, a: Any, tx: Tx) -> Session | None:
        assert tx is not None
        now = self._clock()
        step = sm.hold(claims.claim_record(tx, now), now)
        await self._bind(s, tx, replace(step, attempt=d.attempt))
        # Re-read either way: the transaction may have been confirmed meanwhile, and whoever
        # confirmed it may have looked for this claim before it was pending.
        return None

    async def _complete_pending(self, d: Decision, s: Session, a: Any, tx: Tx) -> Session | None:
        assert s.pending_claim is not None
        step = sm.complete_pending(s.pending_claim, self._clock())
        return await self._machine.apply(s.id, replace(step, attempt=d.attempt))

    async def _fail(self, d: Decision, s: Session, account: AccountTerms, tx: Tx) -> Session | None:
        limit = account.max_failed_attempts
        now = self._clock()
        # A payment that differs in its amount alone is kept for the merchant to settle, in
        # the failure's own update (docs/claims.md, "Money that does not match").
        mismatch = settlement.new_mismatch(s, tx, now)
        step = replace(sm.failure(s, limit, now, d.source), attempt=d.attempt, mismatch=mismatch)
        after = await self._machine.apply(s.id, step)
        if after is None:
            return None
        if step.terminal or sm.source_failures(after, d.source) >= limit:
            raise errors.TooManyAttempts()
        raise errors.VerificationFailed()

    async def _reject(self, d: Decision, s: Session, a: Any, tx: Tx) -> Session | None:
        # Another TrxID while a claim is pending: nothing can match, so nothing is counted.
        raise errors.VerificationFailed()

    async def _bind(self, s: Session, tx: Transaction, step: sm.Transition) -> Session | None:
        """Apply `step` with the transaction reserved for the session (reserved now unless
        `_find` already did); None if either failed."""
        ours = tx.session_id == s.id
        if not ours and not await self._transactions.reserve(tx.id, s.id):
            return None
        return await self._machine.apply(s.id, step)

    async def finalise(
        self, transaction_id: str, by: str = claims.BALANCE_CHECK, person: str | None = None
    ) -> Session | None:
        """A transaction was confirmed: complete the claim waiting on it, if one is, and say
        who in its history (claims.ACTORS: the balance check, or by hand the operator or a
        portal user, `person`).

        The SMS pipeline and the confirmation by hand call this. The session after it, or None
        when no session waits on the transaction.
        """
        tx = await self._transactions.get(transaction_id)
        if tx is None or tx.status != statuses.CONFIRMED or not tx.session_id:
            return None
        session = await self._sessions.get(tx.session_id)
        if session is None:
            return None
        pending = session.pending_claim
        if session.status == sm.OPEN and pending and pending.transaction_id == tx.id:
            now = self._clock()
            attempt = claims.confirmation_record(pending, now, by, person)
            step = replace(sm.complete_pending(pending, now), attempt=attempt)
            after = await self._machine.apply(session.id, step)
            # Refused: a claim completed it at the same moment, or it was cancelled or expired.
            return after or await self._sessions.get(session.id)
        return session

    async def release(self, transaction_id: str) -> Session | None:
        """A transaction turned suspect (it never fits the balance, or the wallet reversed it):
        the claim waiting on it stops waiting, so the session is plainly OPEN again.

        The SMS pipeline calls this with each suspect verdict and reversal. The session after it,
        or None when no session waits on the transaction. The transaction stays reserved by the
        session; being suspect, it matches no claim anyway.
        """
        tx = await self._transactions.get(transaction_id)
        if tx is None or tx.status != statuses.SUSPECT or not tx.session_id:
            return None
        session = await self._sessions.get(tx.session_id)
        pending = None if session is None else session.pending_claim
        if session is None or pending is None or pending.transaction_id != tx.id:
            return None
        # Refused: it completed (confirmed by hand meanwhile), was cancelled, or its grace ended.
        return await self._machine.apply(session.id, sm.release(pending, self._clock()))
