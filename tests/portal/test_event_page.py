"""The event page shows each attempt's request and reply (issue 25): the body sent, the headers
sent with the signatures, the reply's status, headers and body with a note when cut, and what
went wrong in words in both languages, never a library's class name."""

from __future__ import annotations

import pytest

from claimsvc.domain.delivery import attempt_record
from claimsvc.domain.exchange import BODY_CAP, capture
from tests.worker.factories import event, record_event

SECRET = "test-callback-secret-0123456789"


@pytest.fixture
async def shop(make_account):
    return await make_account(name="Rahim Store", callback_secret=SECRET)


async def failed_twice(deps, shop) -> int:
    """An event whose first attempt got no reply (DNS) and whose second got a long 500."""
    event_id = await record_event(deps, shop.id, "https://shop.example.com/hook")
    sent = [("content-type", "application/json"), ("x-svc-signature", "ab" * 32)]
    for number, (code, error, reply) in enumerate(
        [
            (None, "ClientConnectorDNSError", None),
            (500, "HTTP 500", ([("Set-Cookie", "sid=1")], f"oops {SECRET} ".encode() * 400)),
        ],
        start=1,
    ):
        current = await event(deps, event_id)
        begun = await deps.stores.events.begin_attempt(current, deps.clock())
        assert begun is not None
        headers, body = reply if reply else (None, None)
        exchange = capture(sent, headers, body, (SECRET, None))
        record = attempt_record(number, deps.clock(), code, error, 12.5, exchange)
        assert await deps.stores.events.mark_failed(begun, record, deps.clock())
    return event_id


async def test_each_attempt_shows_request_reply_and_words(deps, shop, make_user, portal):
    event_id = await failed_twice(deps, shop)
    owner = await portal(await make_user(shop, role="owner"))
    page = await owner.get(f"/portal/webhooks/events/{event_id}")
    assert page.code == 200
    text = page.text
    assert "The host name could not be found (DNS)" in text
    assert "Your server failed while answering (500)." in text
    assert "ClientConnectorDNSError" not in text and "HTTP 500" not in text
    assert text.count('data-testid="attempt-details"') == 2
    assert "x-svc-signature: " + "ab" * 32 in text
    assert "No reply came." in text
    assert "Set-Cookie: •••" in text and "sid=1" not in text
    assert SECRET not in text
    assert f"Cut to its first {BODY_CAP:,} characters." in text
    sent = (await event(deps, event_id)).body.decode()
    assert sent.replace('"', "&quot;") in text
    listed = await owner.get("/portal/webhooks")
    assert "Your server failed while answering (500)." in listed.text
    assert "HTTP 500" not in listed.text


async def test_the_page_speaks_bangla(deps, shop, make_user, portal):
    event_id = await failed_twice(deps, shop)
    owner = await portal(await make_user(shop, role="owner"))
    page = await owner.get(f"/portal/webhooks/events/{event_id}?lang=bn")
    assert "হোস্টের নাম খুঁজে পাওয়া যায়নি" in page.text
    assert "কোনো উত্তর আসেনি।" in page.text and "পাঠানো অনুরোধ" in page.text
    assert "ClientConnectorDNSError" not in page.text


async def test_an_attempt_recorded_before_details_were_kept_says_so(deps, shop, make_user, portal):
    event_id = await record_event(deps, shop.id, "https://shop.example.com/hook")
    begun = await deps.stores.events.begin_attempt(await event(deps, event_id), deps.clock())
    assert begun is not None
    record = attempt_record(1, deps.clock(), 503, "HTTP 503", 3.0)
    assert await deps.stores.events.mark_failed(begun, record, deps.clock())
    owner = await portal(await make_user(shop, role="owner"))
    page = await owner.get(f"/portal/webhooks/events/{event_id}")
    assert "Not recorded for this attempt" in page.text
