"""The merchant's history as the API lists it: wallet transactions read from SMS, and the
webhook events sent (or being sent) to the merchant. Frozen records; `raw` keeps every field."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from claimsvc_sdk.models import ProviderName, optional_poisha, provider, taka
from claimsvc_sdk.money import from_json_number


@dataclass(frozen=True)
class Transaction:
    """Money that moved in one of your wallets (`client.transactions`), matched to a session
    (`session_id`) or not. `status` is confirmed, unconfirmed, held or suspect; `direction`
    credit or debit; `counterparty` the other number, masked (never in full), or None. Money
    exact: Decimal taka beside int poisha; `fee` and `balance` None when the SMS gave none."""

    id: str
    mode: str
    provider: ProviderName
    direction: str
    trx_id: str
    amount: Decimal
    amount_poisha: int
    fee: Decimal | None
    fee_poisha: int | None
    balance: Decimal | None
    balance_poisha: int | None
    counterparty: str | None
    received_at: str
    status: str
    session_id: str | None
    raw: dict[str, Any] = field(repr=False, compare=False)

    @property
    def test(self) -> bool:
        """Made by a test payment: never money."""
        return self.mode == "test"

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Transaction:
        amount = from_json_number(doc["amount"])
        fee, balance = optional_poisha(doc, "fee"), optional_poisha(doc, "balance")
        return cls(
            id=str(doc["id"]),
            mode=doc["mode"],
            provider=provider(doc["provider"]),
            direction=doc["direction"],
            trx_id=doc["trx_id"],
            amount=Decimal(amount) / 100,
            amount_poisha=amount,
            fee=taka(fee),
            fee_poisha=fee,
            balance=taka(balance),
            balance_poisha=balance,
            counterparty=doc.get("counterparty"),
            received_at=doc["received_at"],
            status=doc["status"],
            session_id=doc.get("session_id"),
            raw=doc,
        )


@dataclass(frozen=True)
class WebhookEventRecord:
    """The service's record of one webhook event and its delivery (`client.webhook_events`).
    `id` is the `x-svc-event-id` your endpoint received (`WebhookEvent.id` once verified);
    `status` is queued, delivered, dead or stopped (`stopped_reason` says why)."""

    id: str
    mode: str
    session_id: str | None
    order_id: str | None
    payment_status: str
    status: str
    attempts: int
    next_attempt_at: str | None
    last_status_code: int | None
    last_error: str | None
    stopped_reason: str | None
    created_at: str
    delivered_at: str | None
    raw: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> WebhookEventRecord:
        code = doc.get("last_status_code")
        return cls(
            id=str(doc["id"]),
            mode=doc["mode"],
            session_id=doc.get("session_id"),
            order_id=doc.get("order_id"),
            payment_status=doc["payment_status"],
            status=doc["status"],
            attempts=int(doc.get("attempts") or 0),
            next_attempt_at=doc.get("next_attempt_at"),
            last_status_code=None if code is None else int(code),
            last_error=doc.get("last_error"),
            stopped_reason=doc.get("stopped_reason"),
            created_at=doc["created_at"],
            delivered_at=doc.get("delivered_at"),
            raw=doc,
        )
