"""One payment per provider x wallet kind that public evidence shows, end to end: initialize a
checkout, forward the SMS the merchant's wallet of that kind receives for the flow the hosted page
names (personal: Send Money, so "received"; agent: Cash Out, so "cash_out_received"; merchant:
Payment, so "payment_received"), claim it, and the session is COMPLETED with exactly one webhook
event. The wordings are the sourced ones of tests/data/sms/corpus with our own numbers; pairs no
public source shows (a Rocket, Upay or CellFin merchant wallet, a CellFin agent) are not here
(docs/sms-wordings.md lists them as unverified).

Each case runs twice: without balance verification, and with it on a wallet anchored at
1,000.00, where the SMS's balance (amount plus any agent commission) must chain for the claim to
complete. CellFin's public wording states no balance, so it runs only without.
"""

from __future__ import annotations

import pytest

from claimsvc.domain.claims import CLAIMABLE_KINDS, FLOW_SMS
from claimsvc.domain.sms.routing import parse_sms
from tests.conftest import initialize_body
from tests.sms.conftest import anchored_merchant, events_of, send

# (provider, wallet kind, sender id, SMS for Tk 500.00 onto a wallet at 1,000.00, its TrxID)
CASES = [
    (
        "bkash",
        "personal",
        "bKash",
        "You have received Tk 500.00 from 01712345678. Fee Tk 0.00. Balance Tk 1,500.00. "
        "TrxID E2EBKP0001 at 21/11/2026 10:30",
        "E2EBKP0001",
    ),
    (
        "bkash",
        "agent",
        "bKash",
        "Cash Out Tk 500.00 from 01711234501 successful. Fee Tk 0.00. Balance Tk 1,500.00. "
        "TrxID E2EBKA0001 at 21/11/2026 10:30",
        "E2EBKA0001",
    ),
    (
        "bkash",
        "merchant",
        "bKash",
        "You have received payment Tk 500.00 from 01912345604. Fee Tk 0.00. "
        "Balance Tk 1,500.00.TrxID E2EBKM0001 at 21/11/2026 10:30",
        "E2EBKM0001",
    ),
    (
        "nagad",
        "personal",
        "NAGAD",
        "Money Received.\nAmount: Tk 500.00\nSender: 01711223341\nRef: N/A\nTxnID: 7E2ENP01\n"
        "Balance: Tk 1500.00\n21/11/2026 10:30",
        "7E2ENP01",
    ),
    (
        "nagad",
        "agent",
        "NAGAD",
        # As a forwarder that drops line breaks delivers it.
        "Cash Out ReceivedAmount: Tk 500.00Customer:01711223362TxnID:7E2ENA01Comm: Tk 2.05"
        "Balance: Tk 1502.0521/11/2026 10:30",
        "7E2ENA01",
    ),
    (
        "nagad",
        "merchant",
        "NAGAD",
        "Payment Received. Amount: Tk 500.00 Customer: 01711223367 TxnID: 7E2ENM01 "
        "Balance: Tk 1500.00 21/11/2026 10:30",
        "7E2ENM01",
    ),
    (
        "rocket",
        "personal",
        "16216",
        "Tk500.00 received from A/C:***512 Fee:Tk0, Your A/C Balance: Tk1,500.00 "
        "TxnId:6000000001 Date:21-NOV-26 10:30:00 am. Download https://bit.ly/nexuspay",
        "6000000001",
    ),
    (
        "rocket",
        "agent",
        "16216",
        "B2C: Cash-Out from A/C: 017123456781 Tk500.00 Comm:Tk2.10; A/C Balance: Tk1,502.10."
        "TxnId: 6000000002 Date:21-NOV-26 10:30:00 am. Download https://bit.ly/nexuspay",
        "6000000002",
    ),
    (
        "upay",
        "personal",
        "upay",
        "Tk. 500.00 has been received from 01911223372. Ref-. Balance Tk. 1500.00. "
        "TrxID 01E2EUP001 at 21/11/2026 10:30",
        "01E2EUP001",
    ),
    (
        "upay",
        "agent",
        "upay",
        # 2.0475 is credited as 2.05 (rounded half up to the poisha).
        "You have received Cash-out of Tk. 500.00 from 01711223370. Comm: TK. 2.0475. "
        "Balance Tk. 1502.05. TrxID 01E2EUA001 at 21/11/2026 10:30.",
        "01E2EUA001",
    ),
    (
        "cellfin",
        "personal",
        "IBBL .",
        "Islami Bank CellFin Received 500 Tk From CellFin: 01711223380 To CellFin: 01811223381 "
        "TrxId: CFE2E001",
        "CFE2E001",
    ),
]
IDS = [f"{c[0]}-{c[1]}" for c in CASES]
WITH_BALANCE = [c for c in CASES if parse_sms(c[2], c[3]).parsed.balance_poisha is not None]  # type: ignore[union-attr]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_sms_is_the_claimable_kind_the_hosted_page_names_for_the_wallet(case) -> None:
    provider, wallet_kind, sender, text, trx = case
    parsed = parse_sms(sender, text).parsed
    assert parsed is not None
    assert (parsed.provider, parsed.trx_id, parsed.amount_poisha) == (provider, trx, 50_000)
    assert parsed.kind == FLOW_SMS[wallet_kind]
    assert parsed.kind in CLAIMABLE_KINDS


async def pay_and_claim(fetch, merchant, device, post_sms, drain, deps, case) -> None:
    """Initialize Tk 500, forward the wallet's SMS, claim its TrxID: COMPLETED, one event."""
    provider, _wallet_kind, sender, text, trx = case
    body = initialize_body(amount=500)
    opened = await fetch("/api/v1/checkout/initialize", json=body, key=merchant.key)
    assert opened.code == 201, opened.body
    session_id = opened.json()["session_id"]
    await send(post_sms, device, text, sender=sender, minute=1)
    await drain()
    claim = {"sessionId": session_id, "trxId": trx.lower(), "provider": provider}
    done = await fetch("/api/v1/checkout/verify", json=claim, key=merchant.key)
    assert (done.code, done.json()["status"]) == (200, "COMPLETED"), done.body
    await drain()
    assert await events_of(deps, session_id) == ["COMPLETED"]
    again = await fetch("/api/v1/checkout/verify", json=claim, key=merchant.key)
    assert (again.code, again.json()["status"]) == (200, "COMPLETED")
    assert len(await events_of(deps, session_id)) == 1


@pytest.mark.parametrize("case", CASES, ids=IDS)
async def test_a_payment_to_each_wallet_kind_completes_once(
    fetch, make_account, make_device, post_sms, drain, deps, case
):
    provider, wallet_kind = case[0], case[1]
    wallet = {"provider": provider, "number": "01700000001", "kind": wallet_kind}
    merchant = await make_account(wallets=[wallet])
    device = await make_device(merchant)
    await pay_and_claim(fetch, merchant, device, post_sms, drain, deps, case)


@pytest.mark.parametrize("case", WITH_BALANCE, ids=[f"{c[0]}-{c[1]}" for c in WITH_BALANCE])
async def test_with_balance_verification_the_sms_chains_and_completes_once(
    fetch, make_account, make_device, post_sms, drain, deps, case
):
    provider, wallet_kind = case[0], case[1]
    wallet = {"provider": provider, "number": "01700000001", "kind": wallet_kind}
    merchant, device = await anchored_merchant(
        fetch, make_account, make_device, provider=provider, wallets=[wallet]
    )
    await pay_and_claim(fetch, merchant, device, post_sms, drain, deps, case)
    tx = await deps.db["transactions"].find_one({"trx_id": case[4]})
    assert tx["status"] == "confirmed"
