"""A wallet's new wording still pays (issue 22): messages no rule reads are read by their
arithmetic from the wallet's running balance, chained, and complete their claims; forged and
mismatched ones complete nothing. On the embedded store and on the real wire (SecantusDB)."""

# ruff: noqa: RUF001 - Bangla digits and a Cyrillic look-alike sender are what these test

from __future__ import annotations

from typing import Any

import pytest

from claimsvc.bootstrap import Deps
from claimsvc.services.sms import metrics
from claimsvc.services.transactions import NewTransaction
from tests.claims_support import session_doc
from tests.sms.conftest import (
    anchored_merchant,
    bkash_credit,
    claim,
    events_of,
    open_session,
    send,
    stored_messages,
)

pytestmark = pytest.mark.wire

# One bKash wallet's day from 1,000.00: a known wording, six new ones (four credits, two
# debits; made up, as issue 22's were: no public source shows a changed wording), known again.
DAY = [
    ("known", bkash_credit("KNOWN00001", "500.00", "1,500.00"), "KNOWN00001", 500),
    (
        "new",
        "Money received! Tk 250.00 from 01712345678 has been added to your account. Your new "
        "bKash balance is Tk 1,750.00. TrxID NEWC4W7Q2Z at 21/11/2026 11:15",
        "NEWC4W7Q2Z",
        250,
    ),
    (
        "new",
        "Tk 1,000.00 sent to 01612345682. Charge Tk 5.00. Remaining balance Tk 745.00. "
        "TrxID NEWD2F6H8J at 21/11/2026 11:20",
        "NEWD2F6H8J",
        None,
    ),
    (
        "new",
        "TrxID NEWT8R5K3L: you got Tk 300.00 from 01812345678 at 21/11/2026 11:30. "
        "Balance Tk 1,045.00",
        "NEWT8R5K3L",
        300,
    ),
    (
        "new",
        "৳৬৪০.০০ জমা হয়েছে ০১৯১২৩৪৫৬৭৯ থেকে। TrxID NEWB7E4F5G ব্যালেন্স: ৳১,৬৮৫.০০",
        "NEWB7E4F5G",
        640,
    ),
    (
        "new",
        "Paid Tk 85.00 to Karim Store, and your balance now Tk 1,600.00 (TrxID NEWP3Q4R5S).",
        "NEWP3Q4R5S",
        None,
    ),
    (
        "new",
        "Credit of BDT 400 from 01512345681. A/C Bal: BDT 2,000.00. TrxID NEWU9V8W7X",
        "NEWU9V8W7X",
        400,
    ),
    ("known", bkash_credit("KNOWN00002", "500.00", "2,500.00"), "KNOWN00002", 500),
]


def counted(outcome: str) -> float:
    """sms_ingest_new_wordings_total{provider="bkash", outcome=...} so far."""
    return metrics.NEW_WORDINGS.labels(provider="bkash", outcome=outcome)._value.get()


async def wallet_doc(deps: Deps, account_id: str) -> dict[str, Any]:
    [wallet] = await deps.db["wallet_balances"].find({"account_id": account_id}).to_list(None)
    return wallet


@pytest.mark.parametrize("together", [False, True], ids=["one_by_one", "in_one_batch"])
async def test_a_wallet_whose_wording_changes_mid_day_completes_every_claim(
    fetch, make_account, make_device, post_sms, drain, deps, together
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    read_before = counted("read")
    sessions = {}
    for n, (_, _, trx, amount) in enumerate(DAY):
        if amount is not None:
            sessions[trx] = await open_session(fetch, merchant, amount, f"order-{n}")
    if together:  # the whole day in one request: one batch, chained in the order received
        await send(post_sms, device, *(text for _, text, _, _ in DAY), minute=1)
        await drain()
    else:
        for n, (_, text, trx, _) in enumerate(DAY):
            await send(post_sms, device, text, minute=n + 1)
            await drain()
            if trx in sessions:  # claimed as soon as its SMS is in: confirmed already
                done = await claim(fetch, merchant, sessions[trx], trx)
                assert (done.code, done.json()["status"]) == (200, "COMPLETED"), trx
    for trx, session_id in sessions.items():
        reply = await claim(fetch, merchant, session_id, trx)
        assert (reply.code, reply.json()["status"]) == (200, "COMPLETED"), trx
        assert await events_of(deps, session_id) == ["COMPLETED"]

    txs = await deps.db["transactions"].find({"account_id": merchant.id}).to_list(None)
    read = {t["trx_id"]: (t["status"], t.get("parsed_by", "rule")) for t in txs}
    assert read == {
        trx: ("confirmed", "rule" if how == "known" else "arithmetic") for how, _, trx, _ in DAY
    }
    wallet = await wallet_doc(deps, merchant.id)
    assert (wallet["running"], wallet["held"]) == (250_000, [])
    assert counted("read") - read_before == 6
    msgs = await stored_messages(deps, merchant.id)
    assert sorted(m["parsed_by"] for m in msgs) == ["arithmetic"] * 6 + ["rule"] * 2
    listed = await fetch(f"/admin/v1/transactions?account_id={merchant.id}", admin=True)
    assert {t["trx_id"]: t["parsed_by"] for t in listed.json()["items"]} == {
        trx: how for trx, how in ((t, p) for t, (_, p) in read.items())
    }


FORGED = [
    # A new wording whose balance does not follow from 1,000.00.
    ("bKash", "Money in: Tk 500.00 from 01712345678. Balance Tk 1,600.00. TrxID FRGA1B2C3D"),
    # Another amount than the session's (the arithmetic holds, for 400).
    ("bKash", "Money in: Tk 400.00 from 01712345678. Balance Tk 1,400.00. TrxID FRGA1B2C3D"),
    # Two TrxID-shaped tokens: one may be the payer's reference.
    (
        "bKash",
        "Money in: Tk 500.00. Ref FRGZ9Y8X7W. Balance Tk 1,500.00. TrxID FRGA1B2C3D",
    ),
    # A phone number, and a look-alike (a Cyrillic letter a) sending an exact new wording.
    ("01712345678", "Money in: Tk 500.00. Balance Tk 1,500.00. TrxID FRGA1B2C3D"),
    ("bKаsh", "Money in: Tk 500.00. Balance Tk 1,500.00. TrxID FRGA1B2C3D"),
    ("bKash Offer", "Money in: Tk 500.00. Balance Tk 1,500.00. TrxID FRGA1B2C3D"),
]


@pytest.mark.parametrize(("sender", "text"), FORGED)
async def test_a_forged_or_mismatched_new_wording_completes_no_session(
    fetch, make_account, make_device, post_sms, drain, deps, sender, text
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    session_id = await open_session(fetch, merchant, 500, "order-forged")
    not_understood = counted("not_understood")
    await send(post_sms, device, text, sender=sender, minute=1)
    await drain()
    real = sender == "bKash" and "400.00" not in text  # read by arithmetic: not this one
    assert counted("not_understood") - not_understood == (1 if real else 0)
    for trx in ("FRGA1B2C3D", "FRGZ9Y8X7W"):
        reply = await claim(fetch, merchant, session_id, trx)
        assert reply.code == 400, (trx, reply.body)
    assert (await session_doc(deps, session_id))["status"] == "OPEN"
    assert await events_of(deps, session_id) == []
    # The wallet's chain goes on: a real payment after it still completes.
    paid = await open_session(fetch, merchant, 500, "order-real")
    after = "1,900.00" if "400.00" in text else "1,500.00"  # the 400 did arrive, for no session
    await send(post_sms, device, bkash_credit("REALA1B2C3", "500.00", after), minute=2)
    await drain()
    done = await claim(fetch, merchant, paid, "REALA1B2C3")
    assert (done.code, done.json()["status"]) == (200, "COMPLETED")


async def test_a_balance_inquiry_stating_another_balance_is_not_ignored(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    session_id = await open_session(fetch, merchant, 500, "order-inquiry")
    credit = "Tk 500.00 received. Your balance is Tk 1,500.00. TrxID INQA1B2C3D"
    await send(post_sms, device, "Your balance is Tk 1,000.00.", credit, minute=1)
    await send(post_sms, device, "Your balance is Tk 9,999.00.", minute=2)
    await drain()
    msgs = sorted(await stored_messages(deps, merchant.id), key=lambda m: m["received_at"])
    assert [(m["result"], m["reason"]) for m in msgs] == [
        ("ignored", "balance_inquiry"),  # the running balance: a balance inquiry indeed
        ("parsed", None),
        ("unparsed", "no_pattern"),  # another balance, and no reading: not understood
    ]
    done = await claim(fetch, merchant, session_id, "INQA1B2C3D")
    assert (done.code, done.json()["status"]) == (200, "COMPLETED")


async def test_without_a_known_balance_a_new_wording_is_not_read(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant = await make_account(balance_verification=False)
    device = await make_device(merchant)
    session_id = await open_session(fetch, merchant, 250, "order-unknown")
    await send(post_sms, device, DAY[1][1], minute=1)
    await drain()
    [msg] = await stored_messages(deps, merchant.id)
    # "balance is" set it aside, but a balance before it would read it: never ignored, it waits
    # (tests/sms/test_reading_by_balance.py reads such a message when the anchor comes).
    assert (msg["result"], msg["reason"], msg["parsed_by"]) == ("unparsed", "no_pattern", None)
    assert (await claim(fetch, merchant, session_id, "NEWC4W7Q2Z")).code == 400


@pytest.mark.parametrize("parsed_by", ["arithmetic", "taught"])
async def test_an_unchained_transaction_read_without_a_rule_is_not_claimable_until_confirmed(
    fetch, make_account, deps, parsed_by
):
    merchant = await make_account(balance_verification=False)
    rule = await open_session(fetch, merchant, 500, "order-rule")
    other = await open_session(fetch, merchant, 500, "order-other")
    for trx, how in (("RULEA1B2C3", "rule"), ("OTHRA1B2C3", parsed_by)):
        new = NewTransaction("bkash", trx, 50_000, deps.clock(), parsed_by=how)
        await deps.services.transactions.record(merchant.id, new)
    completed = await claim(fetch, merchant, rule, "RULEA1B2C3")
    assert (completed.code, completed.json()["status"]) == (200, "COMPLETED")
    waiting = await claim(fetch, merchant, other, "OTHRA1B2C3")
    assert waiting.code == 202, waiting.body
    [tx] = await deps.db["transactions"].find({"trx_id": "OTHRA1B2C3"}).to_list(None)
    confirmed = await fetch(
        f"/admin/v1/transactions/{tx['_id']}/confirm", json={}, admin=True, method="POST"
    )
    assert confirmed.code == 200, confirmed.body
    assert (await session_doc(deps, other))["status"] == "COMPLETED"


async def test_a_new_wording_that_arrived_early_is_read_when_the_chain_reaches_it(
    fetch, make_account, make_device, post_sms, drain, deps
):
    """The debit in a new wording arrives before the credit it follows (a delayed SMS): not
    understood then, it waits on its wallet; the credit's step reaches the balance it reads
    after, and it is read again, chained, and the payment held behind it completes."""
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    first = await open_session(fetch, merchant, 500, "order-first")
    after = await open_session(fetch, merchant, 300, "order-after")
    debit = (
        "Tk 1,000.00 sent to 01612345682. Charge Tk 5.00. Remaining balance Tk 495.00. "
        "TrxID LATE2F6H8J"
    )
    await send(post_sms, device, debit, minute=5)
    await drain()
    [waiting] = await stored_messages(deps, merchant.id)
    assert (waiting["result"], waiting["reason"]) == ("unparsed", "no_pattern")
    assert [u["id"] for u in (await wallet_doc(deps, merchant.id))["unread"]] == [waiting["_id"]]

    await send(post_sms, device, bkash_credit("LATE000001", "300.00", "795.00"), minute=6)
    await send(post_sms, device, bkash_credit("EARLY00001", "500.00", "1,500.00"), minute=1)
    await drain()
    msgs = {m["_id"]: m for m in await stored_messages(deps, merchant.id)}
    assert (msgs[waiting["_id"]]["result"], msgs[waiting["_id"]]["parsed_by"]) == (
        "parsed",
        "arithmetic",
    )
    assert msgs[waiting["_id"]]["reparses"] == 1
    for session_id, trx in ((first, "EARLY00001"), (after, "LATE000001")):
        done = await claim(fetch, merchant, session_id, trx)
        assert (done.code, done.json()["status"]) == (200, "COMPLETED"), trx
    wallet = await wallet_doc(deps, merchant.id)
    assert (wallet["running"], wallet["held"], wallet["unread"]) == (79_500, [], [])
    txs = await deps.db["transactions"].find({"account_id": merchant.id}).to_list(None)
    assert {t["status"] for t in txs} == {"confirmed"}
