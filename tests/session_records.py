"""A session record for the pure tests: open, 500 taka, created at T0 and due 30 minutes later."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from claimsvc.domain import sessions as sm

T0 = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)
SID = "8a3c1f4e-0000-4000-8000-000000000000"

BASE = sm.Session(
    id=SID,
    account_id="acc_1",
    order_id="order-1",
    payment_id="pay_1",
    amount_poisha=50_000,
    success_url="https://shop/success",
    cancel_url="https://shop/cancel",
    webhook_url="https://shop/webhook",
    status=sm.OPEN,
    created_at=T0,
    expires_at=T0 + timedelta(minutes=30),
)


def session(**fields: Any) -> sm.Session:
    """BASE with `fields` changed."""
    return replace(BASE, **fields)


def claim(transaction_id: str, trx_id: str, provider: str = "bkash") -> sm.Claim:
    return sm.Claim(transaction_id, provider, trx_id, claimed_at=T0)
