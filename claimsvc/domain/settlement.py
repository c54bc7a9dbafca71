"""Money that does not match its order: a buyer's claimed payment that would have paid the
session but for its amount (Tk 499 sent for a Tk 500 order), and what the merchant decides.

A failed claim records such a payment on its session (`Session.mismatch`, in the failure's own
update). The merchant then accepts it for the order (the session completes, with both amounts
on record and one webhook), marks it to be refunded by hand (no money moves through us; the
transaction can then pay no session), or leaves it as it is. See docs/claims.md, "Money that
does not match".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from claimsvc.domain import claims
from claimsvc.domain import sessions as sm
from claimsvc.domain.accounts import AccountTerms
from claimsvc.domain.sessions import Mismatch, Session
from claimsvc.domain.statuses import SUSPECT
from claimsvc.domain.transactions import Transaction

ACCEPTED, REFUND, LEFT = "accepted", "refund", "left"
SETTLEMENTS = (ACCEPTED, REFUND, LEFT)
"""What the merchant decided: accepted for the order, to be refunded by hand, left as it is."""
ACTIONS = {"accept": ACCEPTED, "refund": REFUND, "leave": LEFT}
"""The portal's form actions and the settlement each records."""

FORM_FIELDS = ("action", "transaction_id")
"""The portal's settle form: the button pressed (ACTIONS) and the transaction it settles."""


@dataclass(frozen=True)
class SettleRequest:
    """A decision asked for in the portal: one of ACTIONS on the session's transaction."""

    action: str
    transaction_id: str


def parse_form(form: Mapping[str, str | None]) -> tuple[SettleRequest | None, dict[str, str]]:
    """The settle form as a request, or the words key of its problem (an action that is none
    of ACTIONS, or no transaction: a form this page did not write)."""
    action, transaction_id = form.get("action") or "", form.get("transaction_id") or ""
    if action not in ACTIONS or not transaction_id:
        return None, {"action": "payment.settle_bad_action"}
    return SettleRequest(action, transaction_id), {}


TOLD, REFUNDING = "told", "refund"
"""What the buyer's page says of a different amount: the merchant has been told (and has not
accepted it), or the merchant will refund it by hand."""

# Why a settlement cannot be made (the portal words each: api/portal/payments.py).
NO_MISMATCH = "no_mismatch"
DECIDED = "decided"
ENDED = "ended"
WAITING = "waiting_claim"
USED = "used"
NOT_GENUINE = "not_genuine"
NOT_CONFIRMED = "not_confirmed"
PROBLEMS = (NO_MISMATCH, DECIDED, ENDED, WAITING, USED, NOT_GENUINE, NOT_CONFIRMED)


def differs_only_in_amount(session: Session, tx: Transaction | None) -> bool:
    """Whether `tx` would pay `session` if its amount were the order's: a genuine payment from a
    buyer, received in the claim window, free or the session's, but of another amount."""
    if tx is None or tx.amount_poisha == session.amount_poisha:
        return False
    return claims.match_problem(session, replace(tx, amount_poisha=session.amount_poisha)) is None


def new_mismatch(session: Session, tx: Transaction | None, now: datetime) -> Mismatch | None:
    """What a failed claim records for the merchant: the differing payment, unless it is not one
    or the session already records this very transaction (a decision on it stands)."""
    if tx is None or not differs_only_in_amount(session, tx):
        return None
    known = session.mismatch
    if known is not None and known.transaction_id == tx.id:
        return None
    return Mismatch(tx.id, tx.provider, tx.trx_id, tx.amount_poisha, now)


def accept_problem(
    session: Session, tx: Transaction | None, account: AccountTerms, now: datetime
) -> str | None:
    """Why the merchant cannot accept `tx` for the session's order now, or None when it can.

    Only an open session can complete (terminal states never change again, contract.md §3), so
    after it ended the money can only be refunded or left.
    """
    found = session.mismatch
    if tx is None or found is None or found.transaction_id != tx.id:
        return NO_MISMATCH
    if found.settlement not in sm.OPEN_SETTLEMENTS:
        return DECIDED
    if session.status != sm.OPEN or sm.is_overdue(session, now):
        return ENDED
    if session.pending_claim is not None:
        return WAITING
    return _money_problem(session, tx) or (None if claims.is_final(account, tx) else NOT_CONFIRMED)


def refund_problem(session: Session, tx: Transaction | None) -> str | None:
    """Why `tx` cannot be marked to be refunded by hand, or None when it can."""
    found = session.mismatch
    if tx is None or found is None or found.transaction_id != tx.id:
        return NO_MISMATCH
    if found.settlement not in sm.OPEN_SETTLEMENTS or tx.settlement == ACCEPTED:
        return DECIDED
    if tx.session_id is not None:
        return USED
    return None


def leave_problem(session: Session, tx: Transaction | None) -> str | None:
    """Why the mismatch cannot be left as it is (it is decided, or not this one), or None."""
    found = session.mismatch
    if tx is None or found is None or found.transaction_id != tx.id:
        return NO_MISMATCH
    return None if found.settlement is None else DECIDED


def _money_problem(session: Session, tx: Transaction) -> str | None:
    if tx.settlement is not None:
        return DECIDED
    if tx.session_id not in (None, session.id):
        return USED
    if tx.status == SUSPECT or (tx.direction or "credit") != "credit":
        return NOT_GENUINE
    return None


@dataclass(frozen=True)
class Offer:
    """What the portal offers on a session's mismatch: each action, or why not (a problem)."""

    accept: str | None
    refund: str | None
    leave: str | None

    @property
    def any(self) -> bool:
        return None in (self.accept, self.refund, self.leave)


def offer(session: Session, tx: Transaction | None, account: AccountTerms, now: datetime) -> Offer:
    return Offer(
        accept=accept_problem(session, tx, account, now),
        refund=refund_problem(session, tx),
        leave=leave_problem(session, tx),
    )


def buyer_note(session: Session) -> str | None:
    """What the buyer's page says of a different amount (TOLD, REFUNDING), or None.

    Only while the session's latest claim is the differing one (a later claim, or accepting it,
    has moved on). Never the paid amount: the session id holder learns one bit per claim, as
    the claim's own failure already told it.
    """
    found = session.mismatch
    last = claims.latest_claim(session)
    if found is None or found.settlement == ACCEPTED or last is None:
        return None
    if last.reason != claims.AMOUNT_DIFFERS or (last.provider, last.trx_id) != (
        found.provider,
        found.trx_id,
    ):
        return None
    return REFUNDING if found.settlement == REFUND else TOLD


def paid(session: Session) -> int:
    """What was paid for a completed session: the accepted amount, else the order's."""
    return session.paid_poisha or session.amount_poisha
