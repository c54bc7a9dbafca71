"""The merchant's history as the API lists it: wallet transactions read from SMS, and the
webhook events sent (or being sent) to the merchant. Frozen records; `raw` keeps every field."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from claimsvc_sdk.models import InMode, ProviderName, money, provider, read_record


@dataclass(frozen=True)
class Transaction(InMode):
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

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Transaction:
        return read_record(
            cls,
            doc,
            **money(doc),
            **money(doc, "fee"),
            **money(doc, "balance"),
            id=str(doc["id"]),
            provider=provider(doc["provider"]),
        )


@dataclass(frozen=True)
class WebhookEventRecord(InMode):
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
        return read_record(
            cls,
            doc,
            id=str(doc["id"]),
            attempts=int(doc.get("attempts") or 0),
            last_status_code=None if code is None else int(code),
        )
