"""The portal's transactions & SMS page over HTTP: listing with filters and reasons, confirming
by hand (suspect only with the override), roles, CSRF, and another account's transactions."""

from __future__ import annotations

import html
import re

import pytest

from claimsvc.api.portal.transactions import reason
from claimsvc.api.words import Words
from tests.claims_support import claim_body, events_of, open_session, pay, session_doc
from tests.portal.phone_support import audit_entries, store_message


async def waiting_claim(fetch, deps, merchant, status="held"):
    """A session whose claim waits on a transaction of `status` (balance verification on)."""
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status=status)
    submitted = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert submitted.code == 202
    return session_id, tx


async def stored_status(deps, tx):
    return (await deps.stores.transactions.get(tx.id)).status


async def test_staff_confirm_a_held_payment_and_its_checkout_completes_once(
    fetch, make_account, make_user, portal, deps
):
    shop = await make_account(balance_verification=True)
    session_id, tx = await waiting_claim(fetch, deps, shop)
    client = await portal(await make_user(shop, role="staff"))
    page = await client.get("/portal/transactions")
    assert tx.trx_id in page.text and "Held" in page.text
    assert f'action="/portal/transactions/{tx.id}/confirm"' in page.text
    done = await client.post(f"/portal/transactions/{tx.id}/confirm", follow=True)
    assert "The transaction is confirmed" in done.text
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    again = await client.post(f"/portal/transactions/{tx.id}/confirm", follow=True)
    assert again.code == 200
    assert len(await events_of(deps, session_id)) == 1
    [first, _] = await audit_entries(deps, "transaction.confirm")
    assert first["target"] == tx.id
    assert first["details"] == {
        "trx_id": tx.trx_id,
        "override_suspect": "no",
        "session": session_id,
    }


async def test_a_suspect_payment_needs_the_override_box(make_account, make_user, portal, deps):
    shop = await make_account(balance_verification=True)
    tx = await pay(deps, shop, status="suspect")
    client = await portal(await make_user(shop))
    page = await client.get("/portal/transactions")
    assert f'id="override-{tx.id}"' in page.text
    refused = await client.post(f"/portal/transactions/{tx.id}/confirm", follow=True)
    assert "This transaction is suspect" in refused.text
    assert await stored_status(deps, tx) == "suspect"
    assert await audit_entries(deps, "transaction.confirm") == []
    await client.post(f"/portal/transactions/{tx.id}/confirm", {"override_suspect": "1"})
    assert await stored_status(deps, tx) == "confirmed"
    [entry] = await audit_entries(deps, "transaction.confirm")
    assert entry["details"] == {"trx_id": tx.trx_id, "override_suspect": "yes"}


async def test_a_developer_sees_transactions_but_may_not_confirm(
    make_account, make_user, portal, deps
):
    shop = await make_account()
    tx = await pay(deps, shop, status="held")
    client = await portal(await make_user(shop, role="developer"))
    page = await client.get("/portal/transactions")
    assert tx.trx_id in page.text and "/confirm" not in page.text
    assert (await client.post(f"/portal/transactions/{tx.id}/confirm")).code == 403
    assert await stored_status(deps, tx) == "held"


async def test_another_accounts_transaction_is_neither_shown_nor_confirmed(
    make_account, make_user, portal, deps
):
    theirs = await pay(deps, await make_account(), status="held")
    client = await portal(await make_user(await make_account()))
    assert theirs.trx_id not in (await client.get("/portal/transactions")).text
    refused = await client.post(f"/portal/transactions/{theirs.id}/confirm")
    assert refused.code == 404 and theirs.trx_id not in refused.text
    assert await stored_status(deps, theirs) == "held"


@pytest.mark.parametrize("csrf", [None, "wrong-token"])
async def test_confirming_without_the_form_token_changes_nothing(
    make_account, make_user, portal, deps, csrf
):
    shop = await make_account()
    tx = await pay(deps, shop, status="held")
    client = await portal(await make_user(shop))
    await client.get("/portal/transactions")
    assert (await client.post(f"/portal/transactions/{tx.id}/confirm", csrf=csrf)).code == 403
    assert await stored_status(deps, tx) == "held"


async def test_the_status_filter_and_masked_counterparties(make_account, make_user, portal, deps):
    shop = await make_account()
    held = await pay(deps, shop, status="held")
    confirmed = await pay(deps, shop, status="confirmed")
    await deps.db["transactions"].update_one(
        {"_id": held.id}, {"$set": {"counterparty": "01712345678", "chain_reason": "gap"}}
    )
    client = await portal(await make_user(shop))
    page = await client.get("/portal/transactions?status=held")
    assert held.trx_id in page.text and confirmed.trx_id not in page.text
    assert "017****5678" in page.text and "01712345678" not in page.text
    assert "another SMS may be on its way" in page.text


async def test_sms_not_understood_are_listed_with_their_reason_in_both_languages(
    make_account, make_user, portal, deps
):
    shop = await make_account()
    await store_message(deps, shop.id, "unparsed", "no_pattern")
    await store_message(deps, shop.id, "suspect", "unknown_sender")
    await store_message(deps, shop.id, "parsed", None)
    client = await portal(await make_user(shop))
    page = await client.get("/portal/transactions")
    assert "A wording we do not know yet" in page.text
    assert "comes from a sender no wallet uses" in page.text
    assert page.text.count('data-label="Text"') == 2
    assert (await client.get("/portal/transactions?result=all")).text.count(
        'data-label="Text"'
    ) == 3
    bangla = await client.get("/portal/transactions?lang=bn")
    assert "অজানা ভাষা" in bangla.text


@pytest.mark.parametrize("arg", ["cursor", "mcursor"])
async def test_a_cursor_the_service_did_not_write_is_the_lists_one_400(
    make_account, make_user, portal, arg
):
    client = await portal(await make_user(await make_account()))
    page = await client.get(f"/portal/transactions?status=held&{arg}=nonsense&mode=test")
    assert page.code == 400
    assert "That page of the list does not exist" in page.text
    back = re.search(r'<a href="([^"]+)" data-testid="problem-back">', page.text)
    assert back and html.unescape(back.group(1)) == "/portal/transactions?status=held&mode=test"


async def test_each_list_pages_on_its_own_with_the_one_pager(make_account, make_user, portal, deps):
    shop = await make_account()
    for _ in range(51):
        await store_message(deps, shop.id, "unparsed", "no_pattern")
    client = await portal(await make_user(shop))
    first = await client.get("/portal/transactions")
    older = re.findall(r'<a href="([^"]+)" rel="next" data-testid="pager-older">', first.text)
    assert len(older) == 1 and "mcursor=" in older[0] and 'aria-label="Pages of SMS"' in first.text
    second = await client.get(html.unescape(older[0]))
    assert second.code == 200 and second.text.count('data-label="Text"') == 1
    assert 'data-testid="pager-newest"' in second.text


async def test_confirming_is_a_form_s_action_and_never_a_page(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    page = await client.get("/portal/transactions/tx_x/confirm")
    assert page.code == 405 and "This address only takes a form" in page.text


@pytest.mark.parametrize(
    ("code", "shown"),
    [
        ("gap_start", "First after a missed SMS: check the wallet app."),
        ("never_chains:12500", "Can never fit the balance"),
        ("from_a_newer_release", "Other (from_a_newer_release)."),
        (None, ""),
    ],
)
def test_a_reason_code_is_shown_in_words(code, shown):
    assert reason(Words("en"), code).startswith(shown)
