"""Webhooks in Chromium (issue 16): a failed webhook seen in the portal and sent again until
delivered, against a real HTTPS receiver and the real dispatcher; each attempt's request and
reply and its failure in words (issue 25); axe and screenshots."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from claimsvc.domain.outbox import DELIVERED
from claimsvc.worker.webhooks import make_dispatcher
from tests.e2e.portal.conftest import at_both_sizes, each_language
from tests.worker.conftest import (  # the real receiver and a session that trusts it
    RECEIVER_HOSTS,
    RECEIVER_SECRET,
    ca,
    ca_file,
    make_session,
    receiver,
    server_ssl,
    settings,
)
from tests.worker.factories import event, record_event

__all__ = ["ca", "ca_file", "make_session", "receiver", "server_ssl", "settings"]

pytestmark = pytest.mark.e2e


@pytest.fixture
async def worker(deps, make_session):
    deps.http = make_session()
    yield make_dispatcher(deps)
    deps.http = None


@each_language
async def test_a_failed_webhook_is_seen_and_sent_again_until_delivered(
    deps, make_account, make_user, portal_tab, server, viewport, receiver, worker, lang
):
    shop = await make_account(allowed_hosts=RECEIVER_HOSTS, callback_secret=RECEIVER_SECRET)
    user = await make_user(shop, role="developer")
    receiver.down = True
    event_id = await record_event(deps, shop.id, receiver.url("/toggle"))
    await worker.deliver_due()
    assert (await event(deps, event_id)).last_status_code == 500

    tab = await portal_tab(user, lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/webhooks?lang={lang}")
    row = page.locator(
        "tbody tr", has=page.locator(f"a[href='/portal/webhooks/events/{event_id}']")
    )
    await expect(row).to_contain_text("500")
    await at_both_sizes(page, "webhooks", lang, viewport)

    failed = {
        "en": "Your server failed while answering (500).",
        "bn": "উত্তর দিতে গিয়ে আপনার সার্ভারে সমস্যা হয়েছে (500)।",
    }[lang]
    await expect(row).to_contain_text(failed)
    await row.locator("a").first.click()
    await expect(page.locator("table.table tbody tr")).to_have_count(1)
    await expect(page.locator("table.table")).to_contain_text(failed)
    await expect(page.locator("table.table")).not_to_contain_text("HTTP 500")
    details = page.locator("[data-testid=attempt-details]")
    await expect(details).to_have_count(1)
    await expect(details.locator("[data-testid=request-headers]")).to_contain_text(
        "x-svc-signature: "
    )
    await expect(details.locator("[data-testid=response-headers]")).to_contain_text("500")
    await at_both_sizes(page, "event-failed", lang, viewport)

    receiver.down = False  # the merchant fixed the server
    await page.locator(
        f"form[action='/portal/webhooks/events/{event_id}/redeliver'] button"
    ).click()
    await expect(page.locator(".flash")).to_be_visible()
    await worker.deliver_due()
    await page.reload()
    await expect(page.locator("[data-testid=event-status]")).to_contain_text(
        "Delivered" if lang == "en" else "পৌঁছেছে"
    )
    await expect(page.locator("table.table tbody tr")).to_have_count(2)
    await expect(page.locator("[data-testid=attempt-details]")).to_have_count(2)
    await expect(page.locator("[data-testid=response-body]").first).to_have_text("ok")
    await at_both_sizes(page, "event", lang, viewport)
    done = await event(deps, event_id)
    assert (done.status, done.attempts) == (DELIVERED, 2)
    assert [r["headers"]["x-svc-event-id"] for r in receiver.requests] == [str(event_id)] * 2
    assert not tab.errors and not tab.csp_violations()
