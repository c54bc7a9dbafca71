"""The payments list over HTTP: what each role sees, another account's payments never shown,
the search and the status filter (a bad one answered beside its field, never a 500), the one
cursor rule and the pager that keeps the filters and the mode."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import quote

import pytest

from claimsvc.domain import paging
from tests.claims_support import claim_body, open_session, pay, relay_owed
from tests.portal.test_payment_test_mode import open_test_session

SUBMIT = "/api/v1/checkout/submit"
VERIFY = "/api/v1/checkout/verify"


async def paid_session(deps, fetch, shop, failed_first: bool = True):
    """A session of `shop` with a failed verify (unknown TrxID) and then a buyer's payment;
    its id, its order id and the paying TrxID. Its webhook event is recorded."""
    session_id, tx = await open_session(deps, shop), await pay(deps, shop)
    if failed_first:
        wrong = claim_body(session_id, "WRONG0001")
        assert (await fetch(VERIFY, json=wrong, key=shop.key)).code == 400
    assert (await fetch(SUBMIT, json=claim_body(session_id, tx.trx_id))).code == 200
    await relay_owed(deps)
    session = await deps.stores.sessions.get(session_id)
    return session_id, session.order_id, tx.trx_id


@pytest.mark.parametrize("role", ["owner", "developer", "staff"])
async def test_every_role_sees_the_overview_and_payments(
    deps, fetch, make_account, make_user, portal, role
):
    shop = await make_account()
    session_id, order_id, _ = await paid_session(deps, fetch, shop)
    client = await portal(await make_user(shop, role=role))
    overview = await client.get("/portal/")
    assert overview.code == 200 and 'id="paid-count"' in overview.text
    listed = await client.get("/portal/payments")
    assert listed.code == 200 and order_id in listed.text
    detail = await client.get(f"/portal/payments/{session_id}")
    assert detail.code == 200 and "WRONG0001" in detail.text
    # Links to pages the role may not open are left out.
    event_links = "/portal/webhooks/events/" in detail.text
    assert event_links == (role in ("owner", "developer"))


async def test_signed_out_visitors_are_sent_to_sign_in(portal_client):
    client = portal_client()
    for path in ("/portal/", "/portal/payments", "/portal/payments/x"):
        page = await client.get(path, follow=False)
        assert page.code == 303 and page.location.startswith("/portal/login?next=")


async def test_another_accounts_payment_is_not_found_and_never_listed(
    deps, fetch, make_account, make_user, portal
):
    shop, other = await make_account(), await make_account()
    theirs, their_order, their_trx = await paid_session(deps, fetch, other)
    _, my_order, _ = await paid_session(deps, fetch, shop)
    client = await portal(await make_user(shop))
    page = await client.get(f"/portal/payments/{theirs}")
    assert page.code == 404
    assert their_order not in page.text and their_trx not in page.text
    for path in (
        "/portal/payments",
        f"/portal/payments?q={quote(their_order)}",
        f"/portal/payments?q={their_trx}",
        "/portal/payments?q=order-",
        "/portal/",
    ):
        seen = await client.get(path)
        assert seen.code == 200, path
        # The search text is echoed in the box; nothing of the other account is shown.
        shown = seen.text.replace(f'value="{their_order}"', "").replace(f'value="{their_trx}"', "")
        shown = shown.replace(f"“{their_order}”", "").replace(f"“{their_trx}”", "")
        assert theirs not in shown, path
        assert their_order not in shown and their_trx not in shown, path
    assert my_order in (await client.get("/portal/payments?q=order-")).text


@pytest.mark.parametrize(
    "query",
    [
        "q=" + "x" * 129,
        "q=a%00b",
        "q=%0a%0d",
        "q=%ff%fe",
        "status=%ff",
        "status=DONE",
        "status=" + "S" * 5000,
        "q=x&q=y&status=OPEN&status=FAILED",
    ],
)
async def test_bad_search_input_is_a_page_saying_so_never_a_500(
    deps, make_account, make_user, portal, query
):
    shop = await make_account()
    await open_session(deps, shop)
    client = await portal(await make_user(shop))
    page = await client.get(f"/portal/payments?{query}")
    assert page.code in (200, 400), page.text
    if page.code == 400:
        assert 'class="error"' in page.text and 'id="q"' in page.text
        assert 'aria-invalid="true"' in page.text and 'role="alert"' in page.text


async def test_search_by_order_id_and_trxid_finds_the_payment_and_its_history(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    session_id, order_id, trx_id = await paid_session(deps, fetch, shop)
    await open_session(deps, shop)  # another payment, not found by these searches
    client = await portal(await make_user(shop))
    by_order = await client.get(f"/portal/payments?q={quote(order_id)}")
    assert by_order.text.count('href="/portal/payments/') == 1
    assert f"/portal/payments/{session_id}" in by_order.text
    by_trx = await client.get(f"/portal/payments?q={trx_id.lower()}")
    assert f"/portal/payments/{session_id}" in by_trx.text
    assert 'id="transactions"' in by_trx.text and trx_id in by_trx.text
    by_failed = await client.get("/portal/payments?q=wrong0001")
    assert f"/portal/payments/{session_id}" in by_failed.text
    detail = await client.get(f"/portal/payments/{session_id}")
    assert detail.text.index(trx_id) < detail.text.index("WRONG0001")  # newest claim first
    assert "no SMS with this TrxID yet" in detail.text and "Your server (verify)" in detail.text
    event = await deps.db["events"].find_one({"session_id": session_id})
    assert f'href="/portal/webhooks/events/{event["_id"]}"' in detail.text


async def test_the_list_pages_by_cursor_and_filters_by_status(
    deps, fetch, make_account, make_user, portal, clock
):
    shop = await make_account()
    opened = []
    for _ in range(55):
        opened.append(await open_session(deps, shop))
        clock.advance(seconds=1)
    client = await portal(await make_user(shop))
    first = await client.get("/portal/payments?status=OPEN")
    assert opened[-1] in first.text and opened[4] not in first.text
    assert "pager-newest" not in first.text
    older = pager_link(first.text, "older")
    assert older.startswith("/portal/payments?status=OPEN&cursor=")  # the filter is kept
    second = await client.get(older)
    assert opened[4] in second.text and opened[-1] not in second.text
    assert "pager-older" not in second.text
    assert pager_link(second.text, "newest") == "/portal/payments?status=OPEN"
    none_completed = await client.get("/portal/payments?status=COMPLETED")
    assert 'id="no-payments"' in none_completed.text


@pytest.mark.parametrize("csrf", [None, "forged-token"])
async def test_the_money_pages_take_no_form_posts(
    deps, fetch, make_account, make_user, portal, csrf
):
    shop = await make_account()
    session_id, *_ = await paid_session(deps, fetch, shop)
    client = await portal(await make_user(shop))
    before = await deps.db["sessions"].find_one({"_id": session_id})
    for path in ("/portal/payments", f"/portal/payments/{session_id}"):
        refused = await client.post(path, {"status": "CANCELLED"}, csrf=csrf)
        assert refused.code == 403, path
        allowed_token = await client.post(path, {"status": "CANCELLED"})
        assert allowed_token.code == 405, path
    assert await deps.db["sessions"].find_one({"_id": session_id}) == before


def pager_link(text: str, which: str) -> str:
    """The pager's "newest" or "older" address on a page."""
    found = re.search(rf'<a href="([^"]*)"[^>]*data-testid="pager-{which}"', text)
    assert found, which
    return unescape(found.group(1))


@pytest.mark.parametrize(
    ("query", "back"),
    [
        ("cursor=not-a-cursor", "/portal/payments"),
        ("cursor=WzEsMl0", "/portal/payments"),  # [1,2]: JSON, but no (moment, id)
        ("cursor=%5B%5D", "/portal/payments"),
        ("status=FAILED&cursor=not-a-cursor", "/portal/payments?status=FAILED"),
        ("mode=test&cursor=not-a-cursor", "/portal/payments?mode=test"),
    ],
)
async def test_a_bad_cursor_is_the_one_400_of_every_list_with_a_way_back(
    deps, make_account, make_user, portal, query, back
):
    """Before issue 24 the payments list said so in its own words; now it answers as every
    list does, with a link to its newest page that keeps its filter and mode."""
    shop = await make_account()
    await open_session(deps, shop)
    client = await portal(await make_user(shop))
    page = await client.get(f"/portal/payments?{query}")
    assert page.code == 400
    assert "That page of the list does not exist" in page.text
    assert f'<a href="{back.replace("&", "&amp;")}" data-testid="problem-back">' in page.text
    bangla = await client.get(f"/portal/payments?{query}&lang=bn")
    assert bangla.code == 400 and "তালিকার এই পাতাটি নেই" in bangla.text


async def test_a_cursor_that_is_not_utf8_is_a_400_never_a_500(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    page = await client.get("/portal/payments?cursor=%c3%28")
    assert page.code == 400 and "<h1>" in page.text


async def test_a_bad_status_is_said_beside_the_filter_with_the_search_kept(
    deps, make_account, make_user, portal
):
    shop = await make_account()
    await open_session(deps, shop)
    client = await portal(await make_user(shop))
    page = await client.get("/portal/payments?q=order-&status=DONE&lang=bn")
    assert page.code == 400
    assert '<p class="error field-error" id="status-problem">তালিকা থেকে একটি অবস্থা' in page.text
    assert 'aria-invalid="true" aria-describedby="status-problem"' in page.text
    assert 'value="order-"' in page.text  # what was typed stays in the box
    assert 'id="no-payments"' not in page.text


async def test_the_test_data_pager_stays_in_test_mode(
    deps, fetch, make_account, make_user, portal, monkeypatch
):
    monkeypatch.setattr(paging, "DEFAULT_LIMIT", 2)
    shop = await make_account()
    for _ in range(3):
        await open_test_session(deps, fetch, shop)
        deps.clock.advance(seconds=1)
    client = await portal(await make_user(shop))
    first = await client.get("/portal/payments?mode=test")
    older = pager_link(first.text, "older")
    assert older.startswith("/portal/payments?mode=test&cursor=")
    second = await client.get(older)
    assert second.code == 200 and 'id="test-banner"' in second.text
