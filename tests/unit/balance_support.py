"""Anchoring a pure wallet the way production does: the store's anchor fields written over the
wallet's document, the document read back through the store, then `recheck` (what the
sms-ingest sweep runs)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from claimsvc.domain.balances import WalletKey
from claimsvc.domain.sms.balance_chain import Outcome, Wallet, recheck
from claimsvc.store.balances import BalanceStore, anchor_fields

_KEY = WalletKey("acct", "device", "bkash", None)
"""A stand-in identity: the store's documents carry one; the pure chain never reads it."""


def anchor(wallet: Wallet, balance: int, at: datetime) -> Outcome:
    """The wallet after the merchant anchors it at `balance` read at `at`, and the verdicts."""
    doc = {
        **BalanceStore.to_doc(replace(wallet, key=_KEY)),
        "gap_recovery": wallet.recovers,
        **anchor_fields(balance, at),
    }
    restarted = BalanceStore.from_doc(doc)
    # Back to a pure wallet, as the tests built it: no identity, version or anchor record.
    return recheck(
        replace(
            restarted,
            key=None,
            version=wallet.version,
            recheck=False,
            anchor_balance=None,
            anchor_set_at=None,
        )
    )
