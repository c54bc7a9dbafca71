"""Anchoring a pure wallet the way production does: the store's anchor fields written over the
wallet's document, the document read back, then `recheck` (what the sms-ingest sweep runs)."""

from __future__ import annotations

from datetime import datetime

from claimsvc.store.balances import anchor_fields
from sms_ingest.balance import Outcome, Wallet, recheck
from sms_ingest.wallets import wallet_from_doc, wallet_state


def anchor(wallet: Wallet, balance: int, at: datetime) -> Outcome:
    """The wallet after the merchant anchors it at `balance` read at `at`, and the verdicts."""
    doc = {**wallet_state(wallet), "gap_recovery": wallet.recovers, **anchor_fields(balance, at)}
    restarted, _ = wallet_from_doc(doc)
    return recheck(restarted)
