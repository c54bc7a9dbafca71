"""The overview's figures and its "needs attention" list over HTTP: today's payments, a held
transaction in Bangla, links only to pages the role may open, and what is no alarm (moved
from the payments pages' tests, issue 24)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from claimsvc.domain.delivery import HOST_REFUSED, NO_SECRET, NO_WEBHOOK_URL, needs_merchant
from claimsvc.domain.modes import TEST, ledger_id
from claimsvc.domain.outbox import DEAD, DELIVERED, STOPPED, Event
from tests.claims_support import pay
from tests.portal.test_payments_pages import paid_session
from tests.worker.factories import record_event


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
