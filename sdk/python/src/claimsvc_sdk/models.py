"""What the API answers, as frozen records; `raw` keeps every field, new ones included."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from claimsvc_sdk.money import from_json_number


def _poisha(doc: dict[str, Any], key: str = "amount") -> int:
    return from_json_number(doc[key])


@dataclass(frozen=True)
class Session:
    session_id: str
    payment_id: str
    order_id: str
    amount: Decimal
    amount_poisha: int
    status: str
    checkout_url: str
    expires_at: str
    raw: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Session:
        poisha = _poisha(doc)
        return cls(
            doc["session_id"],
            doc["payment_id"],
            doc["order_id"],
            Decimal(poisha) / 100,
            poisha,
            doc["status"],
            doc["checkout_url"],
            doc["expires_at"],
            doc,
        )


@dataclass(frozen=True)
class SessionDetails:
    """A session as its merchant reads it with the API key (`sessions.retrieve`, `list`):
    its state, mode, what was paid, with which wallet and TrxID. Money exact: Decimal taka
    and int poisha; `paid_*` are None until the session is COMPLETED."""

    session_id: str
    payment_id: str
    order_id: str
    mode: str
    status: str
    pending: bool
    amount: Decimal
    amount_poisha: int
    paid_amount: Decimal | None
    paid_amount_poisha: int | None
    provider: str | None
    trx_id: str | None
    settled: bool
    checkout_url: str
    created_at: str
    expires_at: str
    completed_at: str | None
    metadata: dict[str, str]
    raw: dict[str, Any] = field(repr=False, compare=False)

    @property
    def test(self) -> bool:
        """Opened with a test key: never money, never fulfil an order on it."""
        return self.mode == "test"

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> SessionDetails:
        poisha = _poisha(doc)
        paid = _poisha(doc, "paid_amount") if doc.get("paid_amount") is not None else None
        return cls(
            doc["session_id"],
            doc["payment_id"],
            doc["order_id"],
            doc["mode"],
            doc["status"],
            bool(doc["pending"]),
            Decimal(poisha) / 100,
            poisha,
            None if paid is None else Decimal(paid) / 100,
            paid,
            doc.get("provider"),
            doc.get("trx_id"),
            bool(doc["settled"]),
            doc["checkout_url"],
            doc["created_at"],
            doc["expires_at"],
            doc.get("completed_at"),
            dict(doc.get("metadata") or {}),
            doc,
        )


@dataclass(frozen=True)
class SessionPage:
    """One page of `sessions.list`, newest first; `next_cursor` None on the last."""

    items: list[SessionDetails]
    next_cursor: str | None


@dataclass(frozen=True)
class InitializeResult:
    """The session, and whether this call was a replay of an earlier one (HTTP 200, not 201)."""

    session: Session
    replayed: bool


@dataclass(frozen=True)
class Claim:
    """A verify answer: `completed`, or pending the merchant's balance verification."""

    status: str
    session_id: str | None
    order_id: str | None
    payment_id: str | None
    amount_poisha: int | None
    provider: str | None
    trx_id: str | None
    redirect_url: str | None
    message: str | None
    raw: dict[str, Any] = field(repr=False, compare=False)

    @property
    def completed(self) -> bool:
        return self.status == "COMPLETED"

    @property
    def pending(self) -> bool:
        return self.status == "PENDING_VERIFICATION"

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Claim:
        status = doc.get("status") or doc.get("error") or ""
        return cls(
            status,
            doc.get("session_id"),
            doc.get("order_id"),
            doc.get("payment_id"),
            _poisha(doc) if "amount" in doc else None,
            doc.get("provider"),
            doc.get("trx_id"),
            doc.get("redirect_url"),
            doc.get("message"),
            doc,
        )


@dataclass(frozen=True)
class Cancellation:
    status: str
    redirect_url: str
    raw: dict[str, Any] = field(repr=False, compare=False)


@dataclass(frozen=True)
class PaymentLink:
    id: str
    url: str
    amount: Decimal
    amount_poisha: int
    description: str
    order_ref: str | None
    single_use: bool
    status: str
    expires_at: str | None
    webhook_url: str | None
    payments: int
    paid_amount_poisha: int
    raw: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> PaymentLink:
        poisha = _poisha(doc)
        return cls(
            doc["id"],
            doc["url"],
            Decimal(poisha) / 100,
            poisha,
            doc["description"],
            doc.get("order_ref"),
            bool(doc.get("single_use")),
            doc["status"],
            doc.get("expires_at"),
            doc.get("webhook_url"),
            int(doc.get("payments") or 0),
            _poisha(doc, "paid_amount") if doc.get("paid_amount") is not None else 0,
            doc,
        )


@dataclass(frozen=True)
class LinkPage:
    items: list[PaymentLink]
    next_cursor: str | None
