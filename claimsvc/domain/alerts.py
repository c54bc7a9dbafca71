"""Merchant alerts as values: what happened (an `Alert`, once per cause), where a user wants it
(a `Channel`), one alert on its way to one channel (a `Send`), and the pure rules of grouping,
retrying and giving up on a channel (docs/decisions.md, "Merchant alerts (issue 27)")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from claimsvc.domain import claims, retry
from claimsvc.domain.balances import Wallet
from claimsvc.domain.messages import MessageResult
from claimsvc.domain.modes import is_test
from claimsvc.domain.sessions import COMPLETED, Transition
from claimsvc.domain.statuses import UNPARSED

PAYMENT_HELD = "payment_held"
"""A buyer's claim waits on a transaction not yet confirmed: the merchant may confirm it."""
AMOUNT_DIFFERS = "amount_differs"
"""A buyer claimed a TrxID whose amount is not the order's."""
SMS_NOT_UNDERSTOOD = "sms_not_understood"
"""An SMS from a wallet's sender that no wording read."""
WEBHOOK_FAILED = "webhook_failed"
"""A webhook event stopped (no secret, a host no longer allowed) or dead (attempts spent)."""
PHONE_QUIET = "phone_quiet"
"""A forwarder phone not heard from for its account's threshold (devices.quiet_after)."""
PHONE_BACK = "phone_back"
"""A phone alerted as quiet was heard from again."""
CHAIN_BROKEN = "chain_broken"
"""A wallet's balance chain holds entries for a balance it has not seen (an SMS is missing)."""
CHAIN_GAP = "chain_gap"
"""A wallet's balance chain recovered at a gap: it went on past missing SMS, whose payments
stay unconfirmed until the merchant confirms them."""
PAYMENT_COMPLETED = "payment_completed"
"""A live payment completed (optional: off until a user chooses it)."""
DAILY_SUMMARY = "daily_summary"
"""An account's day in figures at the hour its owner picked (optional, like the one above)."""
KINDS = (
    PAYMENT_HELD,
    AMOUNT_DIFFERS,
    SMS_NOT_UNDERSTOOD,
    WEBHOOK_FAILED,
    PHONE_QUIET,
    PHONE_BACK,
    CHAIN_BROKEN,
    CHAIN_GAP,
    PAYMENT_COMPLETED,
    DAILY_SUMMARY,
)
"""Every kind of alert, in the order the portal lists them."""
OPTIONAL_KINDS = (PAYMENT_COMPLETED, DAILY_SUMMARY)
"""Kinds a user must choose: a busy shop's every payment is not an alarm."""
DEFAULT_KINDS = tuple(k for k in KINDS if k not in OPTIONAL_KINDS)
"""The kinds a new channel gets until its user chooses."""

TELEGRAM, EMAIL = "telegram", "email"
CHANNEL_KINDS = (TELEGRAM, EMAIL)

PENDING, LINKED, BROKEN = "pending", "linked", "broken"
"""A channel's status: alerts go to a linked one only; a pending email address is not verified
yet; a broken channel kept failing and gets none."""

QUEUED, SENT, DEAD = "queued", "sent", "dead"
SEND_STATUSES = (QUEUED, SENT, DEAD)

GROUP_MAX = 20
"""The most alerts of one kind one message lists (one message for twenty held payments)."""
BROKEN_AFTER = 5
"""Failed sends in a row after which a channel is broken (a refusal breaks it at once)."""
LINK_CODE_TTL = timedelta(minutes=15)
"""How long a Telegram link code shown in the portal can be sent to the bot."""
VERIFY_TTL = timedelta(hours=24)
"""How long an email address's verification link works."""


@dataclass(frozen=True)
class Alert:
    """Something a merchant should know, once per `cause` in an account (a unique index).

    `facts` are what the message shows, chosen where the alert is made: never a secret, a full
    phone number or an SMS's text.
    """

    id: str
    account_id: str
    kind: str
    cause: str
    created_at: datetime
    facts: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Channel:
    """Where one portal user receives alerts: their Telegram chat."""

    id: str
    account_id: str
    user_id: str
    kind: str
    address: str
    """The Telegram chat id (a private chat: the user's own Telegram id), or the email address."""
    lang: str
    kinds: tuple[str, ...]
    """The kinds of alert this user chose for this channel."""
    status: str
    linked_at: datetime
    failures: int = 0
    """Failed sends in a row."""
    broken_at: datetime | None = None
    last_error: str | None = None


@dataclass(frozen=True)
class Send:
    """One alert on its way to one channel (unique per (channel, alert))."""

    id: str
    channel_id: str
    alert_id: str
    account_id: str
    kind: str
    status: str
    attempts: int
    next_at: datetime
    created_at: datetime
    press_token: str | None = None
    """A held payment's: the one-time token its Confirm and Reject buttons carry."""
    sent_at: datetime | None = None
    message_id: int | None = None
    pressed_at: datetime | None = None


def held_cause(session_id: str, transaction_id: str) -> str:
    """A claim of `session_id` waiting on `transaction_id`: alerted once."""
    return f"held:{session_id}:{transaction_id}"


def amount_cause(session_id: str, provider: str, trx_id: str) -> str:
    """A claim on `session_id` of a TrxID of another amount: alerted once per TrxID."""
    return f"amount:{session_id}:{provider}:{trx_id}"


def sms_cause(message_id: str) -> str:
    return f"sms:{message_id}"


def paid_cause(session_id: str) -> str:
    """A session completed: once (a session completes once)."""
    return f"paid:{session_id}"


def summary_cause(day: str) -> str:
    """An account's summary of a Dhaka day (YYYY-MM-DD): once per account and day."""
    return f"summary:{day}"


def webhook_cause(event_id: int, status: str, attempts: int) -> str:
    """An event's end: a redelivered event that ends again is a new cause (more attempts)."""
    return f"hook:{event_id}:{status}:{attempts}"


def quiet_cause(device_id: str, heard: datetime) -> str:
    """A phone's silence since it was last heard at `heard`: one alert per silence."""
    return f"quiet:{device_id}:{heard.isoformat()}"


def back_cause(device_id: str, heard: datetime) -> str:
    return f"back:{device_id}:{heard.isoformat()}"


def groups(sends: list[Send]) -> list[list[Send]]:
    """`sends` of one channel as messages: one per kind, at most GROUP_MAX alerts each, oldest
    first (the order they were queued)."""
    by_kind: dict[str, list[Send]] = {}
    for send in sorted(sends, key=lambda s: (s.created_at, s.id)):
        by_kind.setdefault(send.kind, []).append(send)
    out: list[list[Send]] = []
    for kind in sorted(by_kind, key=lambda k: KINDS.index(k) if k in KINDS else len(KINDS)):
        same = by_kind[kind]
        out += [same[i : i + GROUP_MAX] for i in range(0, len(same), GROUP_MAX)]
    return out


@dataclass(frozen=True)
class Outcome:
    """What one attempt to send a message came to, as the Bot API answered it."""

    ok: bool
    message_id: int | None = None
    retry_after_s: int | None = None
    """Telegram's `parameters.retry_after` on a 429: the wait before the same request again."""
    refused: bool = False
    """An answer no retry changes (blocked by the user, chat gone, bad token)."""
    error: str | None = None
    """A short reason for the portal and logs: a status code or an error class, no secret."""


@dataclass(frozen=True)
class Retry:
    """What to do with a message's sends after a failed attempt."""

    next_at: datetime | None
    """When to try again; None: the sends are dead."""
    counts: bool
    """Whether it counts as one of the channel's failures in a row (a 429 does not)."""


def after_failure(outcome: Outcome, attempts_made: int, now: datetime) -> Retry:
    """The next attempt after a failed one: Telegram's `retry_after` when it gave one (it is
    flood control, not a fault), else the webhook retry schedule (domain/retry.py: 2, 4, 8 ...
    minutes up to 6 hours, dead after 15 attempts); never again once refused."""
    if outcome.refused:
        return Retry(None, counts=True)
    if outcome.retry_after_s is not None:
        return Retry(now + timedelta(seconds=max(1, outcome.retry_after_s)), counts=False)
    delay = retry.next_delay(attempts_made)
    return Retry(None if delay is None else now + delay, counts=True)


def breaks(channel_failures: int, outcome: Outcome) -> bool:
    """Whether a channel with `channel_failures` in a row (this one included) is now broken."""
    return outcome.refused or channel_failures >= BROKEN_AFTER


def choose_kinds(chosen: list[str]) -> tuple[str, ...]:
    """The known kinds among `chosen`, in KINDS order (unknown names are dropped)."""
    return tuple(k for k in KINDS if k in chosen)


def alerted(ledger: str) -> bool:
    """Whether records of `ledger` may alert the merchant: live ones only. A merchant testing
    (test keys, test payments through the test phone, their webhooks) would otherwise be paged
    for what they made on purpose, and a test alert beside live ones could be mistaken for
    money (docs/decisions.md, "Merchant alerts ... test mode")."""
    return not is_test(ledger)


def owed_by(step: Transition) -> bool:
    """Whether a session's transition owes an alert, marked in its own update (so the claim
    path makes no extra write): a claim made pending (waiting for the merchant), a claim
    refused because its TrxID's amount differs from the order's, or a session completed (the
    pass writes its alert only if someone chose PAYMENT_COMPLETED)."""
    if step.holds is not None or step.ends == COMPLETED:
        return True
    return step.attempt is not None and step.attempt.reason == claims.AMOUNT_DIFFERS


def sms_alert_owed(result: MessageResult) -> bool:
    """Whether a message's result owes an alert: from a wallet's sender (a provider was
    recognised), yet not understood."""
    return result.result == UNPARSED and result.provider is not None


def chain_alert_owed(wallet: Wallet) -> bool:
    """Whether a wallet as a step saves it owes an alert: entries held, or a gap recovered at
    (the relay's causes make each held run and each gap one alert); a test ledger's never."""
    return alerted(wallet.stored_key.account_id) and bool(wallet.held or wallet.gaps)


def chain_causes(wallet_id: str, wallet: Wallet) -> list[tuple[str, str, datetime]]:
    """(kind, cause, since when) of what a broken or gapped chain owes."""
    found = []
    if wallet.held:
        first = min(wallet.held, key=lambda e: e.received_at)
        found.append((CHAIN_BROKEN, f"chain:{wallet_id}:held:{first.key}", first.received_at))
    found += [(CHAIN_GAP, f"chain:{wallet_id}:gap:{g.key}", g.at) for g in wallet.gaps]
    return found
