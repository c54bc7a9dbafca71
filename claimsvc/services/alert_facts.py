"""Each cause's alert as the merchant reads it: which facts it shows (never a secret, a full
phone number or an SMS's text) and its cause, the key that makes it once (domain/alerts.py)."""

from __future__ import annotations

from typing import Any

from claimsvc.domain import alerts as al
from claimsvc.domain.balances import Wallet
from claimsvc.domain.daily_summary import Slot
from claimsvc.domain.devices import Device
from claimsvc.domain.messages import SmsMessage
from claimsvc.domain.outbox import Event
from claimsvc.domain.payments import Overview
from claimsvc.domain.sessions import COMPLETED, OPEN, Session
from claimsvc.logs import mask_phone
from claimsvc.store.mongo import new_id


def session_alerts(session: Session, now: Any) -> list[al.Alert]:
    """The alerts a marked session owes: its waiting claim, its claims of another amount."""
    base = {"order_id": session.order_id, "amount_poisha": str(session.amount_poisha)}
    found: list[al.Alert] = []
    pending = session.pending_claim
    if session.status == OPEN and pending is not None:
        facts = base | {
            "provider": pending.provider,
            "trx_id": pending.trx_id,
            "session_id": session.id,
            "transaction_id": pending.transaction_id,
        }
        cause = al.held_cause(session.id, pending.transaction_id)
        found.append(_alert(session.account_id, al.PAYMENT_HELD, cause, now, facts))
    if session.status == COMPLETED and session.claim is not None:
        paid = session.amount_poisha if session.paid_poisha is None else session.paid_poisha
        facts = base | {
            "amount_poisha": str(paid),
            "provider": session.claim.provider,
            "trx_id": session.claim.trx_id,
            "session_id": session.id,
        }
        cause = al.paid_cause(session.id)
        found.append(_alert(session.account_id, al.PAYMENT_COMPLETED, cause, now, facts))
    for attempt in session.claim_history:
        if attempt.reason == "amount differs":
            facts = base | {"provider": attempt.provider, "trx_id": attempt.trx_id}
            cause = al.amount_cause(session.id, attempt.provider, attempt.trx_id)
            found.append(_alert(session.account_id, al.AMOUNT_DIFFERS, cause, now, facts))
    return found


def message_alert(msg: SmsMessage, now: Any) -> al.Alert:
    """An SMS not understood: its provider, its sender (a number masked), when; never its text."""
    facts = {
        "provider": msg.provider or "",
        "sender": mask_phone(msg.sender)[:40],
        "at": msg.received_at.isoformat(),
    }
    return _alert(msg.account_id, al.SMS_NOT_UNDERSTOOD, al.sms_cause(msg.id), now, facts)


def event_alert(event: Event, now: Any) -> al.Alert:
    """A webhook event that ended dead or stopped: its order and how; never its URL or body."""
    facts = {"order_id": event.order_id, "state": event.status, "attempts": str(event.attempts)}
    cause = al.webhook_cause(event.id, event.status, event.attempts)
    return _alert(event.account_id, al.WEBHOOK_FAILED, cause, now, facts)


def phone_alert(device: Device, kind: str, heard: Any, now: Any) -> al.Alert:
    """A phone gone quiet (or back): its name as the merchant gave it, numbers masked."""
    facts = {"device": mask_phone(device.name)[:60], "at": heard.isoformat()}
    cause = (al.quiet_cause if kind == al.PHONE_QUIET else al.back_cause)(device.id, heard)
    return _alert(device.account_id, kind, cause, now, facts)


def wallet_alerts(wallet: Wallet, now: Any) -> list[al.Alert]:
    """A broken or gapped chain's alerts: which wallet (provider, SIM slot) and since when."""
    key = wallet.stored_key
    slot = "" if key.sim_slot is None else str(key.sim_slot)
    found = []
    for kind, cause, since in al.chain_causes(key.id, wallet):
        facts = {"provider": key.provider, "slot": slot, "at": since.isoformat()}
        found.append(_alert(key.account_id, kind, cause, now, facts))
    return found


def summary_alert(
    account_id: str, slot: Slot, paid: tuple[int, int], seen: Overview, now: Any
) -> al.Alert:
    """An account's daily summary: the day's completed payments (count, poisha) and what
    waits for the merchant now, as the overview counts it; no order, TrxID or phone."""
    facts = {
        "at": slot.at.isoformat(),
        "since": slot.since.isoformat(),
        "count": str(paid[0]),
        "amount_poisha": str(paid[1]),
        "held": str(seen.held),
        "differing": str(seen.differing),
        "stopped": str(seen.stopped_events),
        "dead": str(seen.dead_events),
        "quiet": str(len(seen.quiet_devices)),
    }
    return _alert(account_id, al.DAILY_SUMMARY, al.summary_cause(slot.day), now, facts)


def _alert(account_id: str, kind: str, cause: str, now: Any, facts: dict[str, str]) -> al.Alert:
    return al.Alert(new_id("alr"), account_id, kind, cause, now, facts)
