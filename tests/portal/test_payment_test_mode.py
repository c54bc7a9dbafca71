"""Test mode in the portal over HTTP: minting a test key, live and test data kept apart on the
payments and transactions pages, the Test badge, and making a test payment from a test
session's page (which goes through the real SMS worker)."""

from __future__ import annotations

import json
import re

import pytest

from claimsvc.domain import simulated_payments as test_rules
from claimsvc.domain.limits import DHAKA
from claimsvc.domain.modes import TEST, ledger_id
from sms_ingest.app import build
from sms_ingest.consumer import Tuning
from tests.claims_support import events_of, open_session, pay, relay_owed
from tests.conftest import initialize_body
from tests.portal.phone_support import audit_entries


@pytest.fixture
def drain(deps):
    """Run the SMS worker until it has nothing left to do."""
    sms = build(
        deps, Tuning(idle_backoff_s=0.01, block_ms=1, reclaim_idle_ms=60_000, sweep_every_s=0)
    )

    async def _drain() -> None:
        for _ in range(50):
            if not await sms.consumer.tick():
                return
        raise AssertionError("the worker never ran out of work")

    return _drain


@pytest.fixture(autouse=True)
def no_wait(monkeypatch):
    """The portal's POST does not wait for the worker: the test drains it instead."""
    monkeypatch.setattr(test_rules, "WAIT_S", 0)


async def open_test_session(deps, fetch, shop) -> tuple[str, str]:
    minted = await deps.services.admin.mint_key(shop.id, "suite", TEST)
    body = initialize_body()
    opened = await fetch("/api/v1/checkout/initialize", json=body, key=minted.secret)
    assert opened.code == 201, opened.body
    return opened.json()["session_id"], body["order_id"]


async def test_an_owner_mints_a_test_key_and_reloading_mints_no_second(
    deps, make_account, make_user, portal
):
    shop = await make_account()
    client = await portal(await make_user(shop))
    await client.get("/portal/keys")
    made = await client.post("/portal/keys", {"label": "ci", "mode": "test"})
    assert made.code == 303
    shown = await client.get(made.location)
    assert re.search(r"sk_test_[A-Za-z0-9_-]{20,}", shown.text)
    await client.get(made.location)  # a reload
    keys = await deps.services.admin.list_keys(shop.id)
    assert sorted(k.mode for k in keys) == ["live", "test"]  # the fixture's key, and this one
    listed = await client.get("/portal/keys")
    assert 'class="badge test"' in listed.text


async def test_live_and_test_payments_are_listed_apart_with_the_test_badge(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    live_id = await open_session(deps, shop)
    test_id, test_order = await open_test_session(deps, fetch, shop)
    client = await portal(await make_user(shop, role="staff"))

    live = await client.get("/portal/payments")
    assert live_id in live.text and test_id not in live.text and "test-banner" not in live.text
    test = await client.get("/portal/payments?mode=test")
    assert test_id in test.text and live_id not in test.text
    assert 'id="test-banner"' in test.text and f"/portal/payments/{test_id}?mode=test" in test.text
    searched = await client.get(f"/portal/payments?q={test_order}")
    assert test_id not in searched.text  # a live search never finds a test order

    detail = await client.get(f"/portal/payments/{test_id}")
    assert 'id="test-badge"' in detail.text and 'id="test-pay"' in detail.text
    live_detail = await client.get(f"/portal/payments/{live_id}")
    assert "test-badge" not in live_detail.text and "test-pay" not in live_detail.text


@pytest.mark.parametrize("lang", ["en", "bn"])
async def test_a_test_payment_from_the_portal_pays_the_session(
    deps, fetch, make_account, make_user, portal, drain, lang
):
    shop = await make_account()
    session_id, _ = await open_test_session(deps, fetch, shop)
    client = await portal(await make_user(shop, role="staff"))
    await client.get(f"/portal/payments/{session_id}?lang={lang}")
    made = await client.post(f"/portal/payments/{session_id}/test-payment", {"outcome": "paid"})
    assert made.code == 303
    page = await client.get(made.location)
    assert 'id="test-sent"' in page.text
    trx_id = re.search(r"sent=paid&trx=([A-Z0-9]+)", made.location).group(1)
    await drain()

    claim = {"sessionId": session_id, "trxId": trx_id, "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=claim)).code == 200
    done = await client.get(f"/portal/payments/{session_id}")
    assert trx_id in done.text and 'id="test-pay"' not in done.text
    assert [e["details"]["outcome"] for e in await audit_entries(deps, "test_payment.make")] == [
        "paid"
    ]
    # Its webhook event opens from its page, marked as a test.
    await relay_owed(deps)
    event = await deps.db["events"].find_one({"session_id": session_id})
    owner = await portal(await make_user(shop))
    event_page = await owner.get(f"/portal/webhooks/events/{event['_id']}")
    assert event_page.code == 200 and 'id="test-badge"' in event_page.text
    # The transaction is listed with the test data only.
    live_tx = await client.get("/portal/transactions?status=confirmed")
    test_tx = await client.get("/portal/transactions?status=confirmed&mode=test")
    assert trx_id not in live_tx.text and trx_id in test_tx.text


async def test_a_late_sms_is_sent_when_the_merchant_says(
    deps, fetch, make_account, make_user, portal, drain
):
    shop = await make_account()
    session_id, _ = await open_test_session(deps, fetch, shop)
    client = await portal(await make_user(shop))
    await client.get(f"/portal/payments/{session_id}")
    late = await client.post(f"/portal/payments/{session_id}/test-payment", {"outcome": "late_sms"})
    page = await client.get(late.location)
    assert 'id="let-arrive"' in page.text
    trx_id = re.search(r"trx=([A-Z0-9]+)", late.location).group(1)
    assert await deps.db["messages"].count_documents({}) == 0
    arrive = {"outcome": "paid", "trx_id": trx_id, "provider": "bkash"}
    sent = await client.post(f"/portal/payments/{session_id}/test-payment", arrive)
    assert sent.code == 303
    await drain()
    stored = await deps.db["transactions"].find_one({"trx_id": trx_id})
    assert stored["account_id"] == ledger_id(shop.id, TEST)


async def test_no_test_payment_for_a_live_session_or_another_accounts(
    deps, fetch, make_account, make_user, portal
):
    shop, other = await make_account(), await make_account()
    live_id = await open_session(deps, shop)
    theirs, _ = await open_test_session(deps, fetch, other)
    client = await portal(await make_user(shop))
    await client.get("/portal/payments")
    for session_id in (live_id, theirs):
        path = f"/portal/payments/{session_id}/test-payment"
        tried = await client.post(path, {"outcome": "paid"})
        assert tried.code == 404
    refused = await client.post(f"/portal/payments/{live_id}/test-payment", {"outcome": "x"})
    assert refused.code == 400
    assert await deps.db["messages"].count_documents({}) == 0


async def test_a_bad_test_payment_form_is_said_beside_its_field_with_the_choice_kept(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    session_id, _ = await open_test_session(deps, fetch, shop)
    client = await portal(await make_user(shop))
    await client.get(f"/portal/payments/{session_id}?lang=bn")
    form = {"outcome": "held", "provider": "paypal"}
    refused = await client.post(f"/portal/payments/{session_id}/test-payment", form)
    assert refused.code == 400
    assert '<p class="error field-error" id="provider-problem">ওয়ালেটগুলোর একটি' in refused.text
    assert 'id="provider" name="provider" aria-invalid="true"' in refused.text
    assert 'value="held" id="outcome-held" checked' in refused.text  # the choice is kept
    assert await deps.db["messages"].count_documents({}) == 0


async def refused_test_payment(client, session_id: str, form: dict[str, str]) -> str:
    """Post the test payment form from the session's page: 400, and the problems it lists."""
    await client.get(f"/portal/payments/{session_id}")
    refused = await client.post(f"/portal/payments/{session_id}/test-payment", form)
    assert refused.code == 400
    return refused.text.split('id="test-pay-problems"')[1].split("</div>")[0]


async def test_a_test_payment_with_a_live_trx_id_is_refused_on_its_page(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    await pay(deps, shop, trx_id="LIVE123456")
    session_id, _ = await open_test_session(deps, fetch, shop)
    client = await portal(await make_user(shop))
    form = {"outcome": "paid", "trx_id": "live123456"}
    problems = await refused_test_payment(client, session_id, form)
    assert "A live payment of this account has this TrxID" in problems


async def test_the_test_payment_offers_only_the_shops_wallets_and_refuses_another(
    deps, fetch, make_account, make_user, portal
):
    # The account lists a bKash wallet only: a Nagad test payment could never be claimed on
    # its checkout page, which offers bKash alone (issue 32).
    shop = await make_account()
    session_id, _ = await open_test_session(deps, fetch, shop)
    client = await portal(await make_user(shop))
    page = await client.get(f"/portal/payments/{session_id}")
    select = re.search(r'<select id="provider".*?</select>', page.text, re.S)
    assert select is not None
    assert re.findall(r'<option value="([a-z]*)"', select.group(0)) == ["", "bkash"]
    form = {"outcome": "paid", "provider": "nagad"}
    refused = await client.post(f"/portal/payments/{session_id}/test-payment", form)
    assert refused.code == 400 and 'id="provider-problem"' in refused.text
    assert await deps.db["messages"].count_documents({}) == 0


async def test_a_test_payment_for_a_session_no_longer_open_says_so_on_its_page(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    session_id, _ = await open_test_session(deps, fetch, shop)
    await deps.services.sessions.cancel(session_id)
    client = await portal(await make_user(shop))
    problems = await refused_test_payment(client, session_id, {"outcome": "paid"})
    assert "Only an open test session takes a test payment." in problems
    assert (await client.get(f"/portal/payments/{session_id}/test-payment")).code == 405


async def test_a_form_too_large_to_read_is_refused_with_a_page_not_a_500(
    deps, make_account, make_user, portal
):
    shop = await make_account()
    client = await portal(await make_user(shop))
    await client.get("/portal/keys")
    refused = await client.post("/portal/keys", {"label": "x" * 20_000, "mode": "test"})
    assert refused.code == 413 and "<html" in refused.text
    assert [k.mode for k in await deps.services.admin.list_keys(shop.id)] == ["live"]


async def test_a_test_payment_of_another_amount_is_settled_on_test_data_and_never_exported(
    deps, fetch, make_account, make_user, portal, drain
):
    shop = await make_account()
    session_id, _ = await open_test_session(deps, fetch, shop)
    live_id = await open_session(deps, shop)
    client = await portal(await make_user(shop, role="staff"))
    await client.get(f"/portal/payments/{session_id}")
    made = await client.post(
        f"/portal/payments/{session_id}/test-payment", {"outcome": "wrong_amount"}
    )
    assert made.code == 303
    trx_id = re.search(r"trx=([A-Z0-9]+)", made.location).group(1)
    await drain()
    claim = {"sessionId": session_id, "trxId": trx_id, "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=claim)).code == 400

    # The test mismatch waits on the Test data view only; the live overview does not count it.
    assert session_id not in (await client.get("/portal/payments")).text
    assert 'id="differing"' in (await client.get("/portal/payments?mode=test")).text
    assert "different amount than their order" not in (await client.get("/portal/")).text
    page = await client.get(f"/portal/payments/{session_id}")
    assert page.code == 200 and 'id="settle"' in page.text and 'id="test-badge"' in page.text
    tx = await deps.db["transactions"].find_one({"trx_id": trx_id})
    assert tx["account_id"] == ledger_id(shop.id, TEST)
    form = {"action": "accept", "transaction_id": tx["_id"]}
    posted = await client.post(f"/portal/payments/{session_id}/settle", form)
    assert posted.code == 303
    assert "Accepted for the order" in (await client.get(posted.location)).text
    # One webhook event, in the test ledger: the sender finds the owner's URL and secret for it.
    [event] = await events_of(deps, session_id)
    assert event["account_id"] == ledger_id(shop.id, TEST)
    assert event["payment_status"] == "COMPLETED"
    assert sorted(json.loads(event["body"])) == ["amount", "order_id", "payment_status", "trid"]
    assert (await deps.services.outbox.event_of_account(shop.id, event["_id"])).id == event["_id"]

    # The live export of today holds the live order and none of the test records.
    today = deps.clock().astimezone(DHAKA).date().isoformat()
    for what, absent in (("payments", session_id), ("transactions", trx_id)):
        url = f"/portal/export.csv?what={what}&from={today}&to={today}"
        exported = await client.get(url)
        assert exported.code == 200 and absent not in exported.text
    payments = await client.get(f"/portal/export.csv?what=payments&from={today}&to={today}")
    assert live_id in payments.text and "499.00" not in payments.text
