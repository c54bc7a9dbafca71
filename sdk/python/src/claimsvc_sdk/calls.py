"""Every call of the API, written once: each function checks its arguments (a missing or wrong
one raises ValueError or TypeError before anything is sent) and returns the `Call` both
clients send. `Client` and `AsyncClient` bind these as their methods (claimsvc_sdk._bind)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any, Callable, TypeVar

from claimsvc_sdk import models
from claimsvc_sdk._call import Answer, Call, Number, path, query
from claimsvc_sdk.money import Amount, check_poisha, taka_text, to_poisha
from claimsvc_sdk.records import Transaction, WebhookEventRecord

T = TypeVar("T")
MAX_WAIT_SECONDS = 25
WAIT_TIMEOUT_MARGIN_SECONDS = 10.0
"""A verify that waits `wait` seconds gets `wait` + this as its time-out (contract §4)."""


def _required(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string, not {type(value).__name__}")
    if not value.strip():
        raise ValueError(f"{name} is required")
    return value


def _one_of(name: str, value: object, allowed: tuple[str, ...]) -> str:
    text = str(value.value) if isinstance(value, (models.Provider, models.TestOutcome)) else value
    if text not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return str(text)


def _amount(amount: Amount | None, amount_poisha: int | None) -> Number:
    if (amount is None) == (amount_poisha is None):
        raise TypeError("give exactly one of amount (taka) and amount_poisha")
    poisha = to_poisha(amount) if amount is not None else check_poisha(amount_poisha)  # type: ignore[arg-type]
    return Number(taka_text(poisha))


def _given(**fields: object) -> dict[str, Any]:
    return {k: dict(v) if isinstance(v, Mapping) else v for k, v in fields.items() if v is not None}


def _doc(answer: Answer) -> dict[str, Any]:
    if not isinstance(answer.doc, dict):
        raise ValueError(f"the answer is not a JSON object: {answer.doc!r}")
    return answer.doc


def _read(parse: Callable[[dict[str, Any]], T]) -> Callable[[Answer], T]:
    """How a call reads its answer: one record of the answer's JSON object."""
    return lambda answer: parse(_doc(answer))


def _page(parse: Callable[[dict[str, Any]], T]) -> Callable[[Answer], models.Page[T]]:
    """How a list call reads its answer: `{items, next_cursor}`, each item a record."""

    def read(answer: Answer) -> models.Page[T]:
        doc = _doc(answer)
        return models.Page([parse(item) for item in doc["items"]], doc.get("next_cursor"))

    return read


def _limit(limit: int | None) -> int | None:
    if limit is not None and (isinstance(limit, bool) or not 1 <= limit <= 100):
        raise ValueError("limit must be an int from 1 to 100")
    return limit


# Sessions ---------------------------------------------------------------------------------------


def initialize(
    order_id: str,
    *,
    success_url: str,
    cancel_url: str,
    webhook_url: str,
    amount: Amount | None = None,
    amount_poisha: int | None = None,
    expires_in: int | None = None,
    customer: Mapping[str, str] | None = None,
    metadata: Mapping[str, str] | None = None,
) -> Call[models.InitializeResult]:
    """Open the session of `order_id`, or get the one already open for it (`replayed`).
    The three URLs are named arguments: two of them swapped cannot pass unseen."""
    for name, value in (
        ("order_id", order_id),
        ("success_url", success_url),
        ("cancel_url", cancel_url),
        ("webhook_url", webhook_url),
    ):
        _required(name, value)
    body = {
        "order_id": order_id,
        "amount": _amount(amount, amount_poisha),
        "success_url": success_url,
        "cancel_url": cancel_url,
        "webhook_url": webhook_url,
        **_given(expires_in=expires_in, customer=customer, metadata=metadata),
    }
    return Call(
        "POST",
        "/api/v1/checkout/initialize",
        lambda a: models.InitializeResult(
            models.Session.from_json(_doc(a)), replayed=a.status == 200
        ),
        body=body,
    )


def verify(
    session_id: str, *, trx_id: str, provider: models.Provider | str, wait: int = 0
) -> Call[models.Claim]:
    """Claim the buyer's payment by its wallet TrxID: COMPLETED, or not final (`pending`:
    PENDING_VERIFICATION, or SMS_NOT_ARRIVED after waiting `wait` seconds, 0 to 25, for an SMS
    that is late); raises otherwise."""
    _required("session_id", session_id)
    _required("trx_id", trx_id)
    body: dict[str, Any] = {
        "sessionId": session_id,
        "trxId": trx_id,
        "provider": _one_of("provider", provider, models.PROVIDERS),
    }
    if isinstance(wait, bool) or not isinstance(wait, int) or not 0 <= wait <= MAX_WAIT_SECONDS:
        raise ValueError(f"wait must be an int from 0 to {MAX_WAIT_SECONDS} seconds")
    if wait:
        body["wait"] = wait
    return Call(
        "POST",
        "/api/v1/checkout/verify",
        _read(models.Claim.from_json),
        body=body,
        min_timeout=wait + WAIT_TIMEOUT_MARGIN_SECONDS if wait else 0.0,
    )


def cancel(session_id: str) -> Call[models.Cancellation]:
    """Cancel an open session (again: the same answer)."""
    body = {"sessionId": _required("session_id", session_id)}
    return Call(
        "POST",
        "/api/v1/checkout/cancel",
        _read(models.Cancellation.from_json),
        body=body,
    )


def retrieve_public(session_id: str) -> Call[models.PublicSession]:
    """The session as its buyer sees it (status, amount, merchant, wallets): the public read."""
    target = path("/api/v1/checkout/session", _required("session_id", session_id))
    return Call("GET", target, _read(models.PublicSession.from_json))


def retrieve_public_as_dict(session_id: str) -> Call[dict[str, Any]]:
    """The public read as a dict: what the deprecated `sessions.get` answers."""
    return retrieve_public(session_id).reading(lambda a: dict(_doc(a)))


def retrieve_session(session_id: str) -> Call[models.SessionDetails]:
    """One of your sessions with its state, mode, paid amount, wallet and TrxID. A session
    of another account or of the other mode than the key's raises SessionNotFoundError."""
    target = path("/api/v1/checkout/sessions", _required("session_id", session_id))
    return Call("GET", target, _read(models.SessionDetails.from_json))


def list_sessions(
    *,
    order_id: str | None = None,
    status: str | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[models.Page[models.SessionDetails]]:
    """One page of your sessions of the key's mode, newest first, filtered by order id and
    status; pass `next_cursor` on as `cursor` for the next (or iterate)."""
    given = query(order_id=order_id, status=status, limit=_limit(limit), cursor=cursor)
    return Call(
        "GET", "/api/v1/checkout/sessions", _page(models.SessionDetails.from_json), query=given
    )


def find_session_by_order(order_id: str) -> Call[models.SessionDetails | None]:
    """The session of `order_id` (initialize keeps one per order), or None."""
    first = list_sessions(order_id=_required("order_id", order_id), limit=1)
    return first.reading(lambda a: _first(first.parse(a).items))


def _first(items: list[models.SessionDetails]) -> models.SessionDetails | None:
    return items[0] if items else None


# Payment links ----------------------------------------------------------------------------------


def create_link(
    description: str,
    *,
    amount: Amount | None = None,
    amount_poisha: int | None = None,
    order_ref: str | None = None,
    single_use: bool = False,
    expires_at: str | None = None,
    webhook_url: str | None = None,
    idempotency_key: str | None = None,
) -> Call[models.PaymentLink]:
    """A new link. With an `idempotency_key` (one is made when you give none, and reused on
    this library's own retries) the same call made again answers the first link, never a
    second one: give your own key to be safe across your process's retries too."""
    body = {
        "amount": _amount(amount, amount_poisha),
        "description": _required("description", description),
        "single_use": single_use,
        **_given(order_ref=order_ref, expires_at=expires_at, webhook_url=webhook_url),
    }
    key = idempotency_key if idempotency_key is not None else str(uuid.uuid4())
    if not (1 <= len(key) <= 255 and all(" " <= c <= "~" for c in key)):
        raise ValueError("idempotency_key must be 1 to 255 printable ASCII characters")
    return Call(
        "POST",
        "/api/v1/payment-links",
        _read(models.PaymentLink.from_json),
        body=body,
        idempotency_key=key,
    )


def list_links(
    *, limit: int | None = None, cursor: str | None = None
) -> Call[models.Page[models.PaymentLink]]:
    """One page of your links, newest first; pass `next_cursor` on for the next (or iterate)."""
    given = query(limit=_limit(limit), cursor=cursor)
    return Call("GET", "/api/v1/payment-links", _page(models.PaymentLink.from_json), query=given)


def retrieve_link(link_id: str) -> Call[models.PaymentLink]:
    target = path("/api/v1/payment-links", _required("link_id", link_id))
    return Call("GET", target, _read(models.PaymentLink.from_json))


def disable_link(link_id: str) -> Call[models.PaymentLink]:
    """Turn the link off (again: unchanged). Sessions already opened can still be paid."""
    target = path("/api/v1/payment-links", _required("link_id", link_id)) + "/disable"
    return Call("POST", target, _read(models.PaymentLink.from_json))


# Wallet transactions and webhook events -------------------------------------------------------


def list_transactions(
    *,
    status: str | None = None,
    provider: models.Provider | str | None = None,
    direction: str | None = None,
    trx_id: str | None = None,
    session_id: str | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[models.Page[Transaction]]:
    """One page of your wallet transactions of the key's mode, newest first. Filters: `status`
    (confirmed, unconfirmed, held, suspect), `provider`, `direction` (credit, debit), `trx_id`
    (exact, as verify reads it), `session_id`."""
    chosen = None if provider is None else _one_of("provider", provider, models.PROVIDERS)
    given = query(
        status=status,
        provider=chosen,
        direction=direction,
        trx_id=trx_id,
        session_id=session_id,
        limit=_limit(limit),
        cursor=cursor,
    )
    return Call("GET", "/api/v1/transactions", _page(Transaction.from_json), query=given)


def retrieve_transaction(transaction_id: str) -> Call[Transaction]:
    target = path("/api/v1/transactions", _required("transaction_id", transaction_id))
    return Call("GET", target, _read(Transaction.from_json))


def list_events(
    *,
    status: str | None = None,
    session_id: str | None = None,
    order_id: str | None = None,
    limit: int | None = None,
    cursor: str | None = None,
) -> Call[models.Page[WebhookEventRecord]]:
    """One page of your webhook events of the key's mode, newest first. Filters: `status`
    (queued, delivered, dead, stopped), `session_id`, `order_id`."""
    given = query(
        status=status, session_id=session_id, order_id=order_id, limit=_limit(limit), cursor=cursor
    )
    return Call("GET", "/api/v1/webhook-events", _page(WebhookEventRecord.from_json), query=given)


def retrieve_event(event_id: str) -> Call[WebhookEventRecord]:
    target = path("/api/v1/webhook-events", _required("event_id", event_id))
    return Call("GET", target, _read(WebhookEventRecord.from_json))


def redeliver_event(event_id: str) -> Call[WebhookEventRecord]:
    """Queue a delivered or dead event again (same id and body; the attempt count goes on).
    A still-queued event raises EventAlreadyQueuedError; never makes a second event."""
    target = path("/api/v1/webhook-events", _required("event_id", event_id)) + "/redeliver"
    return Call("POST", target, _read(WebhookEventRecord.from_json))


# Test payments ----------------------------------------------------------------------------------


def create_test_payment(
    session_id: str,
    *,
    outcome: models.TestOutcome | str,
    provider: models.Provider | str | None = None,
    trx_id: str | None = None,
    wait: bool | None = None,
) -> Call[models.TestPayment]:
    """Make a test session's payment arrive as if your phone had forwarded its SMS (test keys
    only). `wait` (the service's default: true) answers once the SMS is read. Not retried: a
    second `paid` would be a second payment."""
    body = {
        "session_id": _required("session_id", session_id),
        "outcome": _one_of("outcome", outcome, tuple(o.value for o in models.TestOutcome)),
        **_given(
            provider=None if provider is None else _one_of("provider", provider, models.PROVIDERS),
            trx_id=trx_id,
            wait=wait,
        ),
    }
    return Call(
        "POST",
        "/api/v1/test/payments",
        _read(models.TestPayment.from_json),
        body=body,
        idempotent=False,
    )
