"""The overview and payments pages over HTTP: what each role sees, another account's payments
never shown, bad search input answered with a page (never a 500), the figures and the history."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from urllib.parse import quote

import pytest

from claimsvc.api.words.portal import money
from claimsvc.domain import claims, payments, statuses
from claimsvc.domain.delivery import HOST_REFUSED, NO_SECRET, NO_WEBHOOK_URL, needs_merchant
from claimsvc.domain.modes import TEST, ledger_id
from claimsvc.domain.outbox import DEAD, DELIVERED, EVENT_STATUSES, STOPPED, Event
from tests.claims_support import claim_body, open_session, pay, relay_owed
from tests.worker.factories import record_event

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


async def test_links_lead_only_to_pages_the_role_may_open(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    await pay(deps, shop, status="held")
    session_id, *_ = await paid_session(deps, fetch, shop, failed_first=False)
    await deps.db["events"].update_many({"session_id": session_id}, {"$set": {"status": DEAD}})
    staff = await portal(await make_user(shop, role="staff"))
    developer = await portal(await make_user(shop, role="developer"))
    staff_page, developer_page = await staff.get("/portal/"), await developer.get("/portal/")
    assert "/portal/transactions?status=held" in staff_page.text
    assert "/portal/webhooks?status=dead" not in staff_page.text
    assert "/portal/webhooks?status=dead" in developer_page.text


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
        "cursor=%c3%28",
        "status=DONE",
        "status=" + "S" * 5000,
        "cursor=not-a-cursor",
        "cursor=WzEsMl0",  # [1,2]: JSON, but no (moment, id)
        "cursor=%5B%5D",
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


@pytest.mark.parametrize(
    "session_id",
    ["not-a-session", "%00", "00000000-0000-4000-8000-000000000000", "a" * 64, "%2e%2e"],
)
async def test_an_unknown_payment_is_a_not_found_page(make_account, make_user, portal, session_id):
    client = await portal(await make_user(await make_account()))
    page = await client.get(f"/portal/payments/{session_id}")
    assert page.code == 404
    assert "<h1>" in page.text


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
    first = await client.get("/portal/payments")
    assert opened[-1] in first.text and opened[4] not in first.text
    older = first.text.split('id="older" href="')[1].split('"')[0].replace("&amp;", "&")
    second = await client.get(older)
    assert opened[4] in second.text and opened[-1] not in second.text
    assert 'id="older"' not in second.text
    none_completed = await client.get("/portal/payments?status=COMPLETED")
    assert 'id="no-payments"' in none_completed.text


async def test_the_overview_shows_todays_payments_and_a_held_transaction_in_bangla(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account()
    await paid_session(deps, fetch, shop)
    await pay(deps, shop, status="held")
    client = await portal(await make_user(shop))
    page = await client.get("/portal/?lang=bn")
    assert 'id="paid-count"' in page.text and "৳ ৫০০" in page.text
    assert "নিশ্চিতকরণের অপেক্ষায় আটকে থাকা লেনদেন" in page.text
    english = await client.get("/portal/?lang=en")
    assert "৳ 500" in english.text and "Held transactions waiting for confirmation" in english.text


async def test_a_waiting_payment_links_to_confirming_it_for_roles_that_may(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account(balance_verification=True)
    session_id, tx = await open_session(deps, shop), await pay(deps, shop, status="held")
    assert (await fetch(VERIFY, json=claim_body(session_id, tx.trx_id), key=shop.key)).code == 202
    path = f"/portal/payments/{session_id}"
    staff = await (await portal(await make_user(shop, role="staff"))).get(path)
    developer = await (await portal(await make_user(shop, role="developer"))).get(path)
    assert 'id="waiting"' in staff.text and tx.trx_id in staff.text
    # The menu links every role that sees payments to the transactions page; the link to
    # confirm this payment there is for those who may confirm.
    confirm = f'<a href="/portal/transactions">{money.EN["payment.confirm_it"]}</a>'
    assert confirm in staff.text
    assert confirm not in developer.text


def test_every_word_of_the_money_pages_exists_in_both_languages():
    assert money.EN.keys() == money.BN.keys()
    needed = [f"reason.{p}" for p in claims.PROBLEMS]
    needed += [f"outcome.{o}" for o in claims.ATTEMPT_OUTCOMES]
    needed += [f"by.{b}" for b in (claims.MERCHANT, claims.BUYER)]
    needed += [f"status.{s}" for s in payments.SESSION_STATUSES]
    needed += [f"tx.{s}" for s in statuses.TRANSACTION_STATUSES]
    needed += [f"event.{s}" for s in EVENT_STATUSES]
    assert [key for key in needed if key not in money.EN] == []


@pytest.mark.parametrize("csrf", [None, "forged-token"])
async def test_the_money_pages_take_no_form_posts(
    deps, fetch, make_account, make_user, portal, csrf
):
    shop = await make_account()
    session_id, *_ = await paid_session(deps, fetch, shop)
    client = await portal(await make_user(shop))
    before = await deps.db["sessions"].find_one({"_id": session_id})
    for path in ("/portal/", "/portal/payments", f"/portal/payments/{session_id}"):
        refused = await client.post(path, {"status": "CANCELLED"}, csrf=csrf)
        assert refused.code == 403, path
        allowed_token = await client.post(path, {"status": "CANCELLED"})
        assert allowed_token.code == 405, path
    assert await deps.db["sessions"].find_one({"_id": session_id}) == before


async def test_no_webhook_stops_and_test_events_are_no_alarm_on_the_overview(
    deps, make_account, make_user, portal
):
    """A link payment's event stopped for having no webhook address is normal, and a test
    event is sent once by design: neither is "needs attention". A real stop and a real give-up
    still are."""
    shop = await make_account()
    url = "https://shop.example.com/hook"
    no_webhook = await record_event(deps, shop.id, "")
    test_dead = await record_event(deps, shop.id, url)
    test_stopped = await record_event(deps, shop.id, url)
    events = deps.db["events"]
    await events.update_one(
        {"_id": no_webhook}, {"$set": {"status": STOPPED, "stopped_reason": NO_WEBHOOK_URL}}
    )
    await events.update_one({"_id": test_dead}, {"$set": {"status": DEAD, "test": True}})
    await events.update_one(
        {"_id": test_stopped},
        {"$set": {"status": STOPPED, "test": True, "stopped_reason": HOST_REFUSED}},
    )
    # Test mode's events live under the test ledger id: a stopped or dead one is no alarm
    # either (the overview counts the live account id; domain/modes.py).
    test_ledger = ledger_id(shop.id, TEST)
    for status in (STOPPED, DEAD):
        mode_event = await record_event(deps, test_ledger, url)
        await events.update_one(
            {"_id": mode_event}, {"$set": {"status": status, "stopped_reason": NO_SECRET}}
        )
    client = await portal(await make_user(shop))
    calm = await client.get("/portal/")
    assert 'id="all-clear"' in calm.text and "/portal/webhooks?status=" not in calm.text
    stopped = await record_event(deps, shop.id, url)
    dead = await record_event(deps, shop.id, url)
    await events.update_one(
        {"_id": stopped}, {"$set": {"status": STOPPED, "stopped_reason": NO_SECRET}}
    )
    await events.update_one({"_id": dead}, {"$set": {"status": DEAD}})
    page = await client.get("/portal/")
    listed = page.text.split('id="attention-list"', 1)[1]
    assert '<a href="/portal/webhooks?status=stopped"><strong>1</strong>' in listed
    assert '<a href="/portal/webhooks?status=dead"><strong>1</strong>' in listed


def test_only_real_stops_and_give_ups_need_the_merchant():
    base = Event(
        id=1, account_id="acc", session_id="s", order_id="o", payment_id="p",
        payment_status="COMPLETED", webhook_url="https://x.example/h", body=b"{}",
        status=DEAD, attempts=15, created_at=datetime(2026, 11, 26, tzinfo=UTC),
        next_attempt_at=None,
    )  # fmt: skip
    assert needs_merchant(base)
    assert needs_merchant(replace(base, status=STOPPED, stopped_reason=NO_SECRET))
    assert not needs_merchant(replace(base, status=STOPPED, stopped_reason=NO_WEBHOOK_URL))
    assert not needs_merchant(replace(base, test=True))
    assert not needs_merchant(replace(base, status=DELIVERED))
