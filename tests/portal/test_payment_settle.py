"""Settling a payment of another amount in the portal: who may, what each decision shows, the
alert on the overview, a reload after the POST settling nothing twice, the audit entry."""

from __future__ import annotations

import json

import pytest

from tests.claims_support import claim_body, events_of, open_session, pay

SHORT = 49_900


async def short_paid(deps, fetch, shop):
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop, amount_poisha=SHORT, status="confirmed")
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert reply.code == 400
    return session_id, tx


@pytest.mark.parametrize("role", ["owner", "staff"])
async def test_owner_and_staff_accept_a_short_payment_once_even_after_a_reload(
    deps, fetch, make_account, make_user, portal, role
):
    shop = await make_account()
    session_id, tx = await short_paid(deps, fetch, shop)
    user = await make_user(shop, role=role)
    client = await portal(user)
    overview = await client.get("/portal/")
    assert "different amount than their order" in overview.text
    listed = await client.get("/portal/payments")
    assert 'id="differing"' in listed.text and session_id in listed.text
    page = await client.get(f"/portal/payments/{session_id}")
    assert page.code == 200, page.text
    assert 'id="settle"' in page.text and "৳ 499" in page.text, page.text[-3000:]
    form = {"action": "accept", "transaction_id": tx.id}
    posted = await client.post(f"/portal/payments/{session_id}/settle", form)
    assert posted.code == 303 and posted.location == f"/portal/payments/{session_id}"
    shown = await client.get(posted.location)
    assert "Accepted for the order" in shown.text and 'id="paid"' in shown.text
    # The browser's reload of the answer, and a second click, settle nothing again.
    again = await client.post(f"/portal/payments/{session_id}/settle", form, follow=True)
    assert "already done" in again.text
    [event] = await events_of(deps, session_id)
    assert sorted(json.loads(event["body"])) == ["amount", "order_id", "payment_status", "trid"]
    entries = await deps.db["audit_log"].find({"action": "payment.settle"}).to_list()
    assert [(e["target"], e["details"]["decision"]) for e in entries] == [(session_id, "accepted")]
    assert entries[0]["details"]["paid_amount"] == "499.00"
    assert "different amount than their order" not in (await client.get("/portal/")).text


async def test_a_developer_sees_the_amounts_but_cannot_settle(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    session_id, tx = await short_paid(deps, fetch, shop)
    client = await portal(await make_user(shop, role="developer"))
    page = await client.get(f"/portal/payments/{session_id}")
    assert 'id="settle"' in page.text and "settle-actions" not in page.text
    form = {"action": "accept", "transaction_id": tx.id}
    refused = await client.post(f"/portal/payments/{session_id}/settle", form)
    assert refused.code == 403
    assert (await deps.stores.sessions.get(session_id)).status == "OPEN"


async def test_refund_after_the_checkout_ended_and_the_reason_accept_is_gone(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    session_id, tx = await short_paid(deps, fetch, shop)
    await deps.services.sessions.cancel(session_id)
    client = await portal(await make_user(shop, role="staff", email=None))
    page = await client.get(f"/portal/payments/{session_id}?lang=bn")
    assert 'value="accept"' not in page.text and 'id="accept-why"' in page.text
    assert "চেকআউট শেষ হয়ে গেছে" in page.text
    refunded = await client.post(
        f"/portal/payments/{session_id}/settle",
        {"action": "refund", "transaction_id": tx.id},
        follow=True,
    )
    assert "হাতে ফেরত দিতে হবে" in refunded.text
    assert (await deps.stores.transactions.get(tx.id)).settlement == "refund"


async def test_bad_settle_forms_change_nothing(deps, fetch, make_account, make_user, portal):
    shop, other = await make_account(), await make_account()
    session_id, tx = await short_paid(deps, fetch, shop)
    stranger = await portal(await make_user(other, role="owner"))
    refused = await stranger.post(
        f"/portal/payments/{session_id}/settle", {"action": "accept", "transaction_id": tx.id}
    )
    assert refused.code == 404
    client = await portal(await make_user(shop, role="owner"))
    await client.get(f"/portal/payments/{session_id}")
    for form in ({"action": "steal", "transaction_id": tx.id}, {"action": "accept"}, {}):
        answer = await client.post(f"/portal/payments/{session_id}/settle", form)
        # The page again, the problem beside the buttons (a form this page did not write).
        assert answer.code == 400, answer.text
        assert '<p class="error field-error" id="action-problem">' in answer.text
        assert 'id="settle-problems"' in answer.text and 'value="accept"' in answer.text
    doc = await deps.db["sessions"].find_one({"_id": session_id})
    assert doc["status"] == "OPEN" and doc["mismatch"]["settlement"] is None


async def test_a_decision_that_cannot_be_made_now_shows_the_page_with_why(
    deps, fetch, make_account, make_user, portal
):
    """Before issue 24 a refused decision redirected with a flash; now the page is shown
    again (400) with the reason beside the buttons, in the page's language."""
    shop = await make_account()
    session_id, tx = await short_paid(deps, fetch, shop)
    await deps.services.sessions.cancel(session_id)
    client = await portal(await make_user(shop, role="owner"))
    await client.get(f"/portal/payments/{session_id}?lang=bn")
    form = {"action": "accept", "transaction_id": tx.id}
    answer = await client.post(f"/portal/payments/{session_id}/settle", form)
    assert answer.code == 400
    problem = answer.text.split('id="settle-problems"')[1].split("</div>")[0]
    assert "চেকআউট শেষ হয়ে গেছে" in problem
    assert (await deps.stores.sessions.get(session_id)).mismatch.settlement is None


async def test_the_settle_address_takes_only_a_form(deps, fetch, make_account, make_user, portal):
    shop = await make_account()
    session_id, _ = await short_paid(deps, fetch, shop)
    client = await portal(await make_user(shop, role="owner"))
    page = await client.get(f"/portal/payments/{session_id}/settle", follow=False)
    assert page.code == 405
