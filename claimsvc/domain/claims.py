"""Pure rules of a payment claim: the request, the match, and what to do next (contract.md §3)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum
from typing import Any

from claimsvc import errors
from claimsvc.domain import sessions as sm
from claimsvc.domain.accounts import PROVIDERS, AccountTerms
from claimsvc.domain.audit import OPERATOR as OPERATOR
from claimsvc.domain.audit import PERSON as PERSON
from claimsvc.domain.movements import Kind
from claimsvc.domain.sessions import Claim, ClaimAttempt, Session
from claimsvc.domain.statuses import CONFIRMED, HELD, SUSPECT, UNCONFIRMED
from claimsvc.domain.transactions import Transaction

TRX_ID = re.compile(r"[A-Z0-9]{6,20}")
SESSION_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
CLAIM_WINDOW = timedelta(minutes=10)
"""A transaction counts only if received no earlier than this before the session was created."""

CLAIMABLE_KINDS = frozenset(
    {
        Kind.CREDIT_RECEIVED,
        Kind.PAYMENT_RECEIVED,
        Kind.CASH_IN,
        Kind.CASH_OUT_RECEIVED,
        Kind.B2B_RECEIVED,
    }
)
"""Credits a buyer's payment makes: Send Money to a personal wallet, Payment to a merchant
wallet, Cash Out at an agent wallet, an agent's Cash In for the buyer, a business's B2B transfer.
Add money, remittances, refunds, cashback and reversals are credits no buyer's TrxID names.
Kinds are `claimsvc.domain.movements.Kind` (string values, as stored), so a new kind is not
claimable until it is listed here."""

FLOW_SMS = {
    "personal": Kind.CREDIT_RECEIVED,
    "agent": Kind.CASH_OUT_RECEIVED,
    "merchant": Kind.PAYMENT_RECEIVED,
}
"""For each wallet kind, the SMS kind its wallet gets from the flow the hosted page tells the
buyer to use (Send Money, Cash Out, Payment); each must be claimable."""


def confirmable(override_suspect: bool = False) -> tuple[str, ...]:
    """The statuses a confirmation by hand moves to confirmed.

    Unconfirmed and held transactions lack proof, which the merchant supplies. A suspect one is
    evidence against the payment (it can never fit the balance chain, or the wallet reversed it),
    so only an explicit override confirms it. A confirmed one stays as it was.
    """
    return (UNCONFIRMED, HELD, SUSPECT) if override_suspect else (UNCONFIRMED, HELD)


@dataclass(frozen=True)
class ClaimRequest:
    """A validated claim body: the TrxID trimmed and upper-cased."""

    session_id: str
    trx_id: str
    provider: str
    source: str | None = None
    """Who claims: a buyer's hashed client source (submit), None for the merchant (verify)."""


def session_id_of(value: Any) -> str | None:
    """A session id as given (a UUID in any case), lower-cased; None when it is not one."""
    text = value.lower() if isinstance(value, str) else ""
    return text if SESSION_ID.fullmatch(text) else None


def trx_id_of(value: Any) -> str | None:
    """A TrxID as a buyer or merchant types it, trimmed and upper-cased (interface.md, verify);
    None when it is then not 6 to 20 letters A-Z and digits."""
    text = value.strip().upper() if isinstance(value, str) else ""
    return text if TRX_ID.fullmatch(text) else None


def parse_session_id(value: Any) -> str:
    """A session id as given in a body or path, lower-cased; 404 when it is not a UUID."""
    text = session_id_of(value)
    if text is None:
        raise errors.InvalidCheckoutSession()
    return text


def parse_claim(body: Any) -> ClaimRequest:
    """Validate a verify/submit body in interface.md's order; raises the first failure."""
    names = ("sessionId", "trxId", "provider")
    if not isinstance(body, dict) or not all(isinstance(body.get(n), str) for n in names):
        raise errors.MissingClaimFields()
    session_id = parse_session_id(body["sessionId"])
    trx_id = trx_id_of(body["trxId"])
    if trx_id is None:
        raise errors.InvalidTrxId()
    if body["provider"] not in PROVIDERS:
        raise errors.InvalidProvider()
    return ClaimRequest(session_id, trx_id, body["provider"])


WAIT_MAX_S = 25
"""The longest verify may wait for a late SMS (`wait`, issue 31): below common 30 s proxy and
client timeouts."""


def parse_wait(body: Any) -> int:
    """verify's optional `wait`: whole seconds from 0 to WAIT_MAX_S (absent: 0); InvalidWait
    for anything else (a boolean, a fraction, a string). Checked after the claim's fields."""
    value = body.get("wait", 0) if isinstance(body, dict) else 0
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= WAIT_MAX_S:
        raise errors.InvalidWait()
    return value


def parse_cancel(body: Any) -> str:
    """The session id of a cancel body, validated like a claim's."""
    if not isinstance(body, dict) or not isinstance(body.get("sessionId"), str):
        raise errors.MissingClaimFields()
    return parse_session_id(body["sessionId"])


NO_TRANSACTION = "no such transaction"
NOT_GENUINE = "not a genuine incoming payment"
NOT_FROM_BUYER = "not a payment from a buyer"
AMOUNT_DIFFERS = "amount differs"
BEFORE_SESSION = "received before the session"
OTHER_SESSION = "used by another session"
TO_REFUND = "marked to be refunded"
OTHER_WALLET = "paid with another wallet"
PROBLEMS = (
    NO_TRANSACTION,
    OTHER_WALLET,
    NOT_GENUINE,
    NOT_FROM_BUYER,
    AMOUNT_DIFFERS,
    BEFORE_SESSION,
    OTHER_SESSION,
    TO_REFUND,
)
"""Why a claimed transaction cannot pay a session (`match_problem`), as a claim history keeps it."""

COMPLETED, PENDING, FAILED, DECIDED = "completed", "pending", "failed", "decided"
ATTEMPT_OUTCOMES = (COMPLETED, PENDING, FAILED, DECIDED)
"""What a recorded claim attempt did to its session (DECIDED: a person settled the money of a
claim of another amount without completing the session: refund by hand, or leave it)."""
MERCHANT, BUYER, BALANCE_CHECK = "merchant", "buyer", "balance check"
ACTORS = (MERCHANT, BUYER, PERSON, BALANCE_CHECK, OPERATOR)
"""Who changed a session through a claim: the merchant's server (verify), the buyer on the
hosted page (submit), a person in the portal (named in the record), the balance check that
confirmed the transaction a pending claim waited on, or the operator (admin API or CLI)."""
BY_OPERATOR = "merchant"
"""A transaction's `confirmed_by` when confirmed through the admin API or CLI (as it has always
been stored); a portal user's confirmation keeps their email."""
CONFIRMED_BY_HAND = "confirmed by hand"
CONFIRMED_BY_BALANCE = "confirmed by the balance check"
LEFT_AS_IS = "left as it is"
DECISIONS = (CONFIRMED_BY_HAND, CONFIRMED_BY_BALANCE, LEFT_AS_IS)
"""The reasons a history gives the changes no claim made (TO_REFUND too: refund by hand;
sessions.AMOUNT_ACCEPTED: another amount accepted)."""


def wallet_problem(session: Session, elsewhere: Transaction) -> str:
    """Why a claim that named the wrong wallet failed, `elsewhere` being the transaction with
    its TrxID in another wallet: OTHER_WALLET when that one would pay the session (its amount
    aside, which the right claim then says), else that transaction's own problem."""
    problem = match_problem(session, elsewhere)
    return OTHER_WALLET if problem in (None, AMOUNT_DIFFERS) else str(problem)


def paid_elsewhere(session: Session, provider: str, found: list[Transaction]) -> Transaction | None:
    """Of the account's transactions with a claimed TrxID (any wallet), the one of another
    wallet than `provider` to name: only when none is of `provider` itself, and only one that
    would pay the session, its amount aside (a genuine payment from a buyer, in the claim
    window, free or the session's). A holder of the session id learns no more than the claim
    with that wallet would tell it (docs/decisions.md, "The buyer's last word")."""
    if any(tx.provider == provider for tx in found):
        return None
    fits = [tx for tx in found if wallet_problem(session, tx) == OTHER_WALLET]
    return fits[0] if fits else None


def latest_claim(session: Session) -> ClaimAttempt | None:
    """The latest line of the session's history that a claim made (a person's decision on
    the money of another amount is not one)."""
    claimed = (a for a in reversed(session.claim_history) if a.outcome != DECIDED)
    return next(claimed, None)


def other_wallet_note(session: Session) -> str | None:
    """The wallet the buyer's page names after a failed claim: the provider of the payment
    the session's latest claim named under another wallet (OTHER_WALLET), else None."""
    last = latest_claim(session)
    return last.paid_with if last is not None and last.reason == OTHER_WALLET else None


def match_problem(session: Session, tx: Transaction | None) -> str | None:
    """Why `tx` cannot pay `session` (one of PROBLEMS), or None when it matches exactly. A
    document older than directions or kinds (None) counts as a received credit, as
    `store.match_query` reads it."""
    if tx is None:
        return NO_TRANSACTION
    if (tx.direction or "credit") != "credit" or tx.status == SUSPECT:
        return NOT_GENUINE
    if (tx.kind or "received") not in CLAIMABLE_KINDS:
        return NOT_FROM_BUYER
    if tx.amount_poisha != session.amount_poisha:
        return AMOUNT_DIFFERS
    if tx.received_at < session.created_at - CLAIM_WINDOW:
        return BEFORE_SESSION
    if tx.session_id not in (None, session.id):
        return OTHER_SESSION
    if tx.settlement == "refund":  # settlement.REFUND: the merchant returns it by hand
        return TO_REFUND
    return None


UNPROVEN_READINGS = frozenset({"arithmetic", "taught"})
"""How a transaction's SMS may be read when no built-in rule knows its wording (`parsed_by`):
such a transaction is proven only by the balance chain, whatever the account's settings."""


def is_final(account: AccountTerms, tx: Transaction) -> bool:
    """A matched transaction completes the claim now, or (balance verification, or an SMS no
    built-in rule read) waits for the balance chain to confirm it."""
    waits = account.balance_verification or tx.parsed_by in UNPROVEN_READINGS
    return not waits or tx.status == CONFIRMED


def completes_unproven(account: AccountTerms, tx: Transaction) -> bool:
    """Whether a claim of `tx` completes although the balance chain has not confirmed it (the
    account has balance verification off and a built-in rule read its SMS): what the portal
    says beside a held or unconfirmed transaction, so "Held" never sits unexplained beside a
    completed payment."""
    return tx.status != CONFIRMED and is_final(account, tx)


def claim_record(tx: Transaction, now: datetime) -> Claim:
    """What a session keeps of the claim that completed it or waits on."""
    return Claim(transaction_id=tx.id, provider=tx.provider, trx_id=tx.trx_id, claimed_at=now)


def same_claim(record: Claim | None, req: ClaimRequest) -> bool:
    """Whether a stored claim is this request's (same provider and TrxID)."""
    if record is None:
        return False
    return (record.provider, record.trx_id) == (req.provider, req.trx_id)


class Step(Enum):
    """What the claim service does next."""

    ANSWER_COMPLETED = "answer_completed"  # the completing claim repeated: the same 200
    ANSWER_PENDING = "answer_pending"  # the pending claim repeated, still unconfirmed
    COMPLETE = "complete"  # reserve the transaction, complete the session
    HOLD = "hold"  # reserve the transaction, mark the claim pending
    COMPLETE_PENDING = "complete_pending"  # the pending claim's transaction is now confirmed
    FAIL = "fail"  # count a failed attempt (the last one locks)
    REJECT = "reject"  # another TrxID while a claim is pending: refused, not counted
    EXPIRE = "expire"  # overdue: expire it, answer SESSION_EXPIRED
    REFUSE = "refuse"  # answer the state's outcome as is
    CANCEL = "cancel"  # cancel the open session
    ANSWER_CANCELLED = "answer_cancelled"  # a cancel repeated: the same 200


@dataclass(frozen=True)
class Decision:
    step: Step
    error: type[errors.ServiceError] | None = None
    source: str | None = None
    """FAIL: the client source whose failure to count (None: the merchant's verify)."""
    attempt: ClaimAttempt | None = None
    """COMPLETE, HOLD, COMPLETE_PENDING, FAIL: the claim as its session's history records it."""


def attempt_record(
    req: ClaimRequest,
    outcome: str,
    now: datetime,
    reason: str | None = None,
    paid_with: str | None = None,
) -> ClaimAttempt:
    """A claim attempt as a session's claim history keeps it (no client source: only who)."""
    by = MERCHANT if req.source is None else BUYER
    return ClaimAttempt(now, req.provider, req.trx_id, outcome, by, reason, paid_with=paid_with)


def confirmation_record(
    claim: Claim, now: datetime, by: str, person: str | None = None
) -> ClaimAttempt:
    """The history's line for a pending claim completed by its transaction's confirmation: by
    the balance check, or by hand (a person in the portal, named; or the operator)."""
    reason = CONFIRMED_BY_BALANCE if by == BALANCE_CHECK else CONFIRMED_BY_HAND
    return ClaimAttempt(now, claim.provider, claim.trx_id, COMPLETED, by, reason, person)


TERMINAL_OUTCOMES: dict[str, type[errors.ServiceError]] = {
    sm.COMPLETED: errors.AlreadyCompleted,
    sm.FAILED: errors.TooManyAttempts,
    sm.CANCELLED: errors.SessionUnavailable,
    sm.EXPIRED: errors.SessionExpired,
}


def needs_transaction(
    session: Session, account: AccountTerms, req: ClaimRequest, now: datetime
) -> bool:
    """Whether `decide` depends on the claimed transaction: an open session within its deadline
    that waits on this very claim, or on none and still takes this claimant's claims. Only then
    is the transaction looked up (and, matching, reserved), so a claim that cannot use it never
    holds it."""
    if session.status != sm.OPEN or sm.is_overdue(session, now):
        return False
    pending = session.pending_claim
    if pending is not None:
        return same_claim(pending, req)
    return sm.source_failures(session, req.source) < account.max_failed_attempts


def decide(
    session: Session,
    account: AccountTerms,
    req: ClaimRequest,
    tx: Transaction | None,
    now: datetime,
    elsewhere: Transaction | None = None,
) -> Decision:
    """The next step of a claim on `session`, given the transaction found for it (if any) and,
    when none was, one with its TrxID in another wallet (`elsewhere`), which a failure names."""
    status = session.status
    if status == sm.COMPLETED and same_claim(session.claim, req):
        return Decision(Step.ANSWER_COMPLETED)
    if status in sm.TERMINAL:
        return Decision(Step.REFUSE, TERMINAL_OUTCOMES[status])
    if sm.is_overdue(session, now):
        return Decision(Step.EXPIRE)
    pending = session.pending_claim
    if pending is not None and same_claim(pending, req):
        if tx is not None and is_final(account, tx):
            return Decision(Step.COMPLETE_PENDING, attempt=attempt_record(req, COMPLETED, now))
        return Decision(Step.ANSWER_PENDING)
    if pending is not None:
        # The session waits on another claim: past expires_at it takes no new one.
        if now >= session.expires_at:
            return Decision(Step.REFUSE, errors.SessionExpired)
        return Decision(Step.REJECT)
    if sm.source_failures(session, req.source) >= account.max_failed_attempts:
        # This source used up its attempts on the session: refused like a locked session, so
        # it cannot go on guessing, while the session stays open for the buyer paying it.
        return Decision(Step.REFUSE, errors.TooManyAttempts)
    return _decide_match(session, account, req, tx, now, elsewhere)


def _decide_match(
    session: Session,
    account: AccountTerms,
    req: ClaimRequest,
    tx: Transaction | None,
    now: datetime,
    elsewhere: Transaction | None,
) -> Decision:
    """An open session free to take this claim: complete, hold or fail on what was found."""
    problem = match_problem(session, tx)
    if tx is None and elsewhere is not None:
        reason = wallet_problem(session, elsewhere)
        failed = attempt_record(req, FAILED, now, reason, paid_with=elsewhere.provider)
        return Decision(Step.FAIL, source=req.source, attempt=failed)
    if tx is None or problem:
        failed = attempt_record(req, FAILED, now, problem)
        return Decision(Step.FAIL, source=req.source, attempt=failed)
    if is_final(account, tx):
        return Decision(Step.COMPLETE, attempt=attempt_record(req, COMPLETED, now))
    return Decision(Step.HOLD, attempt=attempt_record(req, PENDING, now))


def decide_cancel(session: Session, now: datetime) -> Decision:
    """Cancel: OPEN becomes CANCELLED; a cancelled one answers the same; others their outcome."""
    status = session.status
    if status == sm.CANCELLED:
        return Decision(Step.ANSWER_CANCELLED)
    if status in sm.TERMINAL:
        return Decision(Step.REFUSE, TERMINAL_OUTCOMES[status])
    if sm.is_overdue(session, now):
        return Decision(Step.EXPIRE)
    return Decision(Step.CANCEL)
