"""Test mode from a merchant's test suite: test keys open test sessions, and
`POST /api/v1/test/payments` makes a payment arrive for one through the SMS pipeline.

Each test plays what a merchant (or an attacker holding a test key) would do over HTTP, and
checks what they would notice: the claim's answer, the session, the webhook event, and that
nothing reached the live ledger.
"""

from __future__ import annotations

from typing import Any

import pytest

from claimsvc.bootstrap import Deps
from claimsvc.domain.modes import TEST, ledger_id
from tests import claims_support
from tests.claims_support import session_doc
from tests.conftest import Merchant, initialize_body
from tests.sms.conftest import bkash_credit, events_of, send

pytestmark = pytest.mark.wire

PENDING = {
    "success": False,
    "error": "PENDING_VERIFICATION",
    "message": "Payment found; the merchant is confirming it.",
}
NOT_FOUND = {"success": False, "error": "NOT_FOUND", "message": "Invalid checkout session."}


async def mint_test_key(deps: Deps, merchant: Merchant) -> str:
    minted = await deps.services.admin.mint_key(merchant.id, "test suite", TEST)
    return minted.secret


async def open_test(fetch, key: str, **body: Any) -> str:
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(**body), key=key)
    assert opened.code == 201, opened.body
    return opened.json()["session_id"]


async def pay(fetch, key: str, session_id: str, outcome: str, **extra: Any):
    body = {"session_id": session_id, "outcome": outcome, "wait": False, **extra}
    return await fetch("/api/v1/test/payments", json=body, key=key)


async def verify(fetch, key: str, session_id: str, trx_id: str, provider: str = "bkash"):
    claim = {"sessionId": session_id, "trxId": trx_id, "provider": provider}
    return await fetch("/api/v1/checkout/verify", json=claim, key=key)


async def paid_and_claimed(fetch, key: str, drain) -> None:
    """A test session paid by a `paid` test payment and claimed: 200."""
    session_id = await open_test(fetch, key)
    paid = (await pay(fetch, key, session_id, "paid")).json()
    await drain()
    assert (await verify(fetch, key, session_id, paid["trx_id"])).code == 200


async def test_a_test_key_reads_sk_test_and_its_session_is_stored_in_the_test_ledger(
    fetch, make_account, deps
):
    merchant = await make_account()
    key = await mint_test_key(deps, merchant)
    assert key.startswith("sk_test_") and not merchant.key.startswith("sk_test_")
    session_id = await open_test(fetch, key)
    stored = await session_doc(deps, session_id)
    assert stored["account_id"] == ledger_id(merchant.id, TEST)


async def test_a_paid_test_payment_completes_the_claim_and_its_webhook_is_marked_test(
    fetch, make_account, drain, deps
):
    merchant = await make_account()
    key = await mint_test_key(deps, merchant)
    session_id = await open_test(fetch, key, amount=1234.5)

    made = await pay(fetch, key, session_id, "paid")
    assert made.code == 202, made.body
    answer = made.json()
    assert answer["amount"] == 1234.5 and answer["provider"] == "bkash"
    assert answer["sms"] == "queued" and answer["outcome"] == "paid"
    await drain()

    claimed = await verify(fetch, key, session_id, answer["trx_id"])
    assert claimed.code == 200, claimed.body
    assert claimed.json()["status"] == "COMPLETED"
    events = await claims_support.events_of(deps, session_id)
    assert [e["payment_status"] for e in events] == ["COMPLETED"]
    assert events[0]["account_id"] == ledger_id(merchant.id, TEST)
    # The SMS went through the parser: a message and a transaction in the test ledger only.
    test_ledger = ledger_id(merchant.id, TEST)
    assert await deps.db["messages"].count_documents({"account_id": merchant.id}) == 0
    stored = await deps.db["transactions"].find_one({"trx_id": answer["trx_id"]})
    assert stored["account_id"] == test_ledger and stored["status"] == "confirmed"


async def test_a_paid_test_payment_never_counts_as_money(fetch, make_account, drain, deps):
    merchant = await make_account()
    key = await mint_test_key(deps, merchant)
    session_id = await open_test(fetch, key)
    made = (await pay(fetch, key, session_id, "paid")).json()
    await drain()
    assert (await verify(fetch, key, session_id, made["trx_id"])).code == 200

    live = await deps.services.payments.overview(merchant.id)
    assert (live.paid_count, live.paid_poisha, live.open_sessions) == (0, 0, 0)
    test = await deps.services.payments.overview(ledger_id(merchant.id, TEST))
    assert (test.paid_count, test.paid_poisha) == (1, 50_000)


async def test_a_wrong_amount_fails_the_claim_as_a_differing_amount(
    fetch, make_account, drain, deps
):
    merchant = await make_account()
    key = await mint_test_key(deps, merchant)
    session_id = await open_test(fetch, key, amount=500)
    made = (await pay(fetch, key, session_id, "wrong_amount", provider="nagad")).json()
    assert made["amount"] == 499 and made["provider"] == "nagad"
    await drain()

    claimed = await verify(fetch, key, session_id, made["trx_id"], "nagad")
    assert (claimed.code, claimed.json()["error"]) == (400, "VERIFICATION_FAILED")
    stored = await session_doc(deps, session_id)
    assert stored["claim_history"][-1]["reason"] == "amount differs"


async def test_a_late_sms_lets_the_buyer_wait_and_then_pay(fetch, make_account, drain, deps):
    merchant = await make_account()
    key = await mint_test_key(deps, merchant)
    session_id = await open_test(fetch, key)
    late = await pay(fetch, key, session_id, "late_sms")
    assert late.code == 202 and late.json()["sms"] == "not_sent"
    trx_id = late.json()["trx_id"]
    await drain()

    # The buyer types the TrxID before the SMS: the page is told to wait, nothing is counted.
    arrival = {"trxId": trx_id, "provider": "bkash"}
    waiting = await fetch(f"/checkout/{session_id}/arrival", json=arrival)
    assert waiting.json() == {"next": "wait"}

    sent = await pay(fetch, key, session_id, "paid", trx_id=trx_id)
    assert sent.json()["trx_id"] == trx_id and sent.json()["sms"] == "queued"
    await drain()
    assert (await fetch(f"/checkout/{session_id}/arrival", json=arrival)).json() == {
        "next": "submit"
    }
    claim = {"sessionId": session_id, "trxId": trx_id, "provider": "bkash"}
    submitted = await fetch("/api/v1/checkout/submit", json=claim)
    assert submitted.code == 200, submitted.body
    assert (await session_doc(deps, session_id)).get("failed_attempts", 0) == 0


async def test_a_held_payment_waits_on_the_chain_until_confirmed_by_hand(
    fetch, make_account, drain, deps
):
    merchant = await make_account(balance_verification=True)
    key = await mint_test_key(deps, merchant)
    # With balance verification on, a paid test SMS chains from the test phone's anchor.
    await paid_and_claimed(fetch, key, drain)

    session_id = await open_test(fetch, key)
    held = (await pay(fetch, key, session_id, "held")).json()
    await drain()
    claimed = await verify(fetch, key, session_id, held["trx_id"])
    assert (claimed.code, claimed.json()) == (202, PENDING)
    tx = await deps.db["transactions"].find_one({"trx_id": held["trx_id"]})
    assert tx["status"] == "held"
    # Later test payments of the wallet chain on (issue 33: the held SMS had moved the test
    # wallet past the chain, so they were all held too).
    for _ in range(2):
        await paid_and_claimed(fetch, key, drain)

    confirmed = await fetch(f"/admin/v1/transactions/{tx['_id']}/confirm", admin=True, json={})
    assert confirmed.code == 200, confirmed.body
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    assert await events_of(deps, session_id) == ["COMPLETED"]


async def test_a_test_payment_with_a_live_trx_id_of_the_account_is_refused(
    fetch, make_account, drain, deps, post_sms, make_device
):
    merchant = await make_account()
    device = await make_device(merchant)
    await send(post_sms, device, bkash_credit("LIVE123456", "500.00", "1,500.00"))
    await drain()
    key = await mint_test_key(deps, merchant)
    session_id = await open_test(fetch, key)
    for trx in ("LIVE123456", " live123456 "):
        refused = await pay(fetch, key, session_id, "paid", trx_id=trx)
        assert (refused.code, refused.json()) == (
            400,
            {
                "error": "Invalid request body",
                "details": [
                    "trx_id: a live payment of this account has this TrxID; leave it out or use "
                    "another"
                ],
            },
        )
    test_ledger = ledger_id(merchant.id, TEST)
    assert await deps.db["transactions"].count_documents({"account_id": test_ledger}) == 0
    # A TrxID no live payment of the account has is the merchant's to test with.
    assert (await pay(fetch, key, session_id, "paid", trx_id="LIVE654321")).code == 202


async def test_test_and_live_sessions_never_answer_each_others_keys(fetch, make_account, deps):
    merchant = await make_account()
    key = await mint_test_key(deps, merchant)
    order = initialize_body()
    live = await fetch("/api/v1/checkout/initialize", json=order, key=merchant.key)
    test = await fetch("/api/v1/checkout/initialize", json=order, key=key)
    # One order id namespace per mode: the same order id opens one session in each.
    assert (live.code, test.code) == (201, 201)
    live_id, test_id = live.json()["session_id"], test.json()["session_id"]
    assert live_id != test_id

    assert (await verify(fetch, merchant.key, test_id, "ABCDEF1234")).json() == NOT_FOUND
    assert (await verify(fetch, key, live_id, "ABCDEF1234")).json() == NOT_FOUND
    cancel = await fetch("/api/v1/checkout/cancel", json={"sessionId": live_id}, key=key)
    assert cancel.json() == NOT_FOUND
    assert (await session_doc(deps, live_id))["failed_attempts"] == 0


async def test_a_test_payment_for_a_live_session_is_not_found_and_changes_nothing(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant = await make_account()
    key = await mint_test_key(deps, merchant)
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=merchant.key)
    live_id = opened.json()["session_id"]

    tried = await pay(fetch, key, live_id, "paid")
    assert (tried.code, tried.json()) == (404, NOT_FOUND)
    other = await make_account()
    other_key = await mint_test_key(deps, other)
    test_id = await open_test(fetch, key)
    assert (await pay(fetch, other_key, test_id, "paid")).json() == NOT_FOUND
    assert await deps.db["messages"].count_documents({}) == 0

    # A TrxID crafted to collide with a live payment lands in the test ledger only.
    device = await make_device(merchant)
    await send(post_sms, device, bkash_credit("LIVE123456", "500.00", "1,500.00"))
    await pay(fetch, key, test_id, "paid", trx_id="LIVE123456")
    await drain()
    live_tx = await deps.db["transactions"].find_one(
        {"account_id": merchant.id, "trx_id": "LIVE123456"}
    )
    assert live_tx["session_id"] is None and live_tx["amount_poisha"] == 50_000
    assert (await verify(fetch, merchant.key, live_id, "LIVE123456")).code == 200
    assert (await verify(fetch, key, test_id, "LIVE123456")).code == 200


async def test_a_live_key_cannot_make_a_test_payment(fetch, make_account):
    merchant = await make_account()
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=merchant.key)
    tried = await pay(fetch, merchant.key, opened.json()["session_id"], "paid")
    assert tried.code == 403
    assert tried.json() == {
        "error": "Test payments need a test key (sk_test_...); a live key cannot make one"
    }
    assert (await fetch("/api/v1/test/payments", json={})).code == 401


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"outcome": "paid"}, "session_id: required string"),
        ({"session_id": "x", "outcome": "refund"}, "outcome: one of"),
        ({"session_id": "x", "outcome": "paid", "provider": "paypal"}, "provider: one of"),
        ({"session_id": "x", "outcome": "paid", "trx_id": "no!"}, "trx_id: 6 to 20"),
        ({"session_id": "x", "outcome": "paid", "wait": "yes"}, "wait: true or false"),
        ({"session_id": "x", "outcome": "paid", "amount": 1}, "unknown field: amount"),
        ([], "body must be a JSON object"),
    ],
)
async def test_a_bad_test_payment_body_is_refused_with_its_reason(
    fetch, make_account, deps, body, reason
):
    key = await mint_test_key(deps, await make_account())
    refused = await fetch("/api/v1/test/payments", json=body, key=key)
    assert refused.code == 400
    assert refused.json()["error"] == "Invalid request body"
    assert any(d.startswith(reason) for d in refused.json()["details"])


async def test_a_test_payment_for_a_finished_session_is_refused(fetch, make_account, drain, deps):
    merchant = await make_account()
    key = await mint_test_key(deps, merchant)
    session_id = await open_test(fetch, key)
    cancel = await fetch("/api/v1/checkout/cancel", json={"sessionId": session_id}, key=key)
    assert cancel.code == 200
    refused = await pay(fetch, key, session_id, "paid")
    assert refused.code == 409
    assert (await fetch("/api/v1/test/payments", body="{", key=key)).code == 400


async def test_the_operator_makes_a_test_payment_for_test_sessions_only(
    fetch, make_account, drain, deps
):
    merchant = await make_account()
    key = await mint_test_key(deps, merchant)
    session_id = await open_test(fetch, key)
    body = {"session_id": session_id, "outcome": "paid", "wait": False}
    made = await fetch("/admin/v1/test-payments", json=body, admin=True)
    assert made.code == 202, made.body
    await drain()
    assert (await verify(fetch, key, session_id, made.json()["trx_id"])).code == 200

    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=merchant.key)
    live = {"session_id": opened.json()["session_id"], "outcome": "paid", "wait": False}
    assert (await fetch("/admin/v1/test-payments", json=live, admin=True)).code == 404


async def test_test_payments_still_confirm_after_redis_forgets_the_test_phones_balance(
    fetch, make_account, drain, deps
):
    merchant = await make_account(balance_verification=True)
    key = await mint_test_key(deps, merchant)
    await paid_and_claimed(fetch, key, drain)
    # As after a restart of `claimsvc dev`, whose Redis lives in the process.
    await deps.redis.delete(deps.keys.test_wallet(ledger_id(merchant.id, TEST), "bkash"))
    await paid_and_claimed(fetch, key, drain)
