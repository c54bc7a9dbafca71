"""The portal tells one truth and names who did what (issue 32): a hand confirmation and a settle
in the payment's history with the person, a confirmed transaction's row without the held
reason, a claim of the wrong wallet named in the history, and balance verification as an
owner's setting whose consequence the pages say, in both languages."""

from __future__ import annotations

import html
import re

import pytest

from claimsvc.api.words import Words
from tests.claims_support import claim_body, open_session, pay, session_doc
from tests.portal.phone_support import audit_entries

EN, BN = Words("en"), Words("bn")


def history_rows(page) -> list[str]:
    """The claim history's rows as text, newest first."""
    table = re.search(r'<table class="table" id="claims".*?</table>', page.text, re.S)
    assert table, "no claim history on the page"
    rows = re.findall(r"<tr class=\"claim-[a-z]+\">(.*?)</tr>", table.group(0), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", " ", row)) for row in rows]


def transaction_rows(page) -> list[str]:
    body = re.search(r"<tbody>(.*?)</tbody>", page.text, re.S)
    assert body
    rows = re.findall(r"<tr>(.*?)</tr>", body.group(1), re.S)
    return [html.unescape(re.sub(r"<[^>]+>", " ", row)) for row in rows]


async def test_a_confirmation_by_hand_is_in_the_history_and_the_row_drops_the_held_reason(
    fetch, make_account, make_user, portal, deps
):
    shop = await make_account(balance_verification=True)
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop, status="held")
    await deps.db["transactions"].update_one({"_id": tx.id}, {"$set": {"chain_reason": "gap"}})
    assert (await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))).code
    staff = await make_user(shop, role="staff")
    client = await portal(staff)
    before = transaction_rows(await client.get("/portal/transactions"))
    assert any(EN("transactions.why_gap") in row for row in before)
    await client.post(f"/portal/transactions/{tx.id}/confirm")
    rows = transaction_rows(await client.get("/portal/transactions"))
    [row] = [r for r in rows if tx.trx_id in r]
    assert EN("transactions.why_gap") not in row  # "Confirmed" never beside the held reason
    assert EN("transactions.why_confirmed_by_hand", who=staff.email) in row
    page = await client.get(f"/portal/payments/{session_id}")
    newest = history_rows(page)[0]
    assert EN("payment.reason_confirmed_by_hand") in newest and staff.email in newest
    assert EN("payment.by_merchant") not in newest
    bangla = history_rows(await client.get(f"/portal/payments/{session_id}?lang=bn"))[0]
    assert BN("payment.reason_confirmed_by_hand") in bangla and staff.email in bangla


@pytest.mark.parametrize("action", ["accept", "refund", "leave"])
async def test_a_settle_clicked_in_the_portal_names_the_person_not_the_server(
    fetch, make_account, make_user, portal, deps, action
):
    shop = await make_account()
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop, amount_poisha=49_900, status="confirmed")
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    owner = await make_user(shop)
    client = await portal(owner)
    form = {"transaction_id": tx.id, "action": action}
    assert (await client.post(f"/portal/payments/{session_id}/settle", form)).code == 303
    newest = history_rows(await client.get(f"/portal/payments/{session_id}"))[0]
    assert owner.email in newest
    assert EN("payment.by_merchant") not in newest and EN("payment.by_buyer") not in newest


async def test_a_claim_of_the_wrong_wallet_is_named_in_the_history(
    fetch, make_account, make_user, portal, deps
):
    shop = await make_account()
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop, provider="nagad")
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id, "bkash"))
    client = await portal(await make_user(shop))
    newest = history_rows(await client.get(f"/portal/payments/{session_id}"))[0]
    assert EN("payment.reason_other_wallet", wallet="Nagad") in newest
    assert EN("payment.reason_no_transaction") not in newest
    bangla = history_rows(await client.get(f"/portal/payments/{session_id}?lang=bn"))[0]
    assert "নগদ" in bangla


async def test_an_owner_turns_balance_verification_on_and_off_audited(
    fetch, make_account, make_user, portal, deps
):
    shop = await make_account(balance_verification=False)
    owner = await make_user(shop)
    client = await portal(owner)
    page = await client.get("/portal/wallets")
    assert html.escape(EN("wallets.verification_off")) in page.text
    assert EN("wallets.verification_turn_on") in page.text
    done = await client.post("/portal/wallets/verification", {"balance_verification": "on"})
    assert done.code == 303
    page = await client.get("/portal/wallets")
    assert EN("wallets.verification_now_on") in page.text
    assert html.escape(EN("wallets.verification_on")) in page.text
    assert (await deps.services.admin.get_account(shop.id)).balance_verification is True
    # The very next claim follows the setting: it waits for the balance check.
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop)
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert reply.code == 202
    await client.post("/portal/wallets/verification", {"balance_verification": "off"})
    assert (await deps.services.admin.get_account(shop.id)).balance_verification is False
    entries = await audit_entries(deps, "wallet.verification")
    assert [e["details"] for e in entries] == [
        {"balance_verification": "on"},
        {"balance_verification": "off"},
    ]
    assert {e["actor_email"] for e in entries} == {owner.email}
    audit = await client.get("/portal/audit")
    assert EN("status.audit.wallet.verification") in audit.text and owner.email in audit.text
    bangla = await client.get("/portal/wallets?lang=bn")
    assert html.escape(BN("wallets.verification_off")) in bangla.text


@pytest.mark.parametrize("role", ["developer"])
async def test_only_an_owner_changes_balance_verification(
    make_account, make_user, portal, deps, role
):
    shop = await make_account(balance_verification=False)
    client = await portal(await make_user(shop, role=role))
    page = await client.get("/portal/wallets")
    assert EN("wallets.verification_owner_only") in page.text
    assert "/portal/wallets/verification" not in page.text
    refused = await client.post("/portal/wallets/verification", {"balance_verification": "on"})
    assert refused.code == 403
    assert (await deps.services.admin.get_account(shop.id)).balance_verification is False
    assert await audit_entries(deps, "wallet.verification") == []


async def test_a_bad_choice_changes_nothing(make_account, make_user, portal, deps):
    shop = await make_account(balance_verification=False)
    client = await portal(await make_user(shop))
    page = await client.post(
        "/portal/wallets/verification", {"balance_verification": "maybe"}, follow=True
    )
    assert EN("wallets.verification_bad") in page.text
    assert (await deps.services.admin.get_account(shop.id)).balance_verification is False


async def test_a_held_transaction_that_completed_a_payment_says_verification_is_off(
    fetch, make_account, make_user, portal, deps
):
    # The demo's contradiction: "Held" beside "Completed". With verification off it completes
    # at once, and both the row and the payment's transaction say why.
    shop = await make_account(balance_verification=False)
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop, status="held")
    done = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert done.code == 200 and (await session_doc(deps, session_id))["status"] == "COMPLETED"
    client = await portal(await make_user(shop))
    [row] = [
        r for r in transaction_rows(await client.get("/portal/transactions")) if tx.trx_id in r
    ]
    assert EN("transactions.verification_off") in row
    payment = await client.get(f"/portal/payments/{session_id}")
    assert html.escape(EN("transactions.verification_off")) in payment.text
    bangla = await client.get(f"/portal/payments/{session_id}?lang=bn")
    assert html.escape(BN("transactions.verification_off")) in bangla.text


async def test_with_verification_on_a_held_transaction_says_nothing_of_it(
    fetch, make_account, make_user, portal, deps
):
    shop = await make_account(balance_verification=True)
    session_id = await open_session(deps, shop)
    tx = await pay(deps, shop, status="held")
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    client = await portal(await make_user(shop))
    page = await client.get("/portal/transactions")
    assert EN("transactions.verification_off") not in html.unescape(page.text)
    assert (await session_doc(deps, session_id))["status"] == "OPEN"
