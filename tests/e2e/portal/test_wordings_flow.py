"""Teaching an SMS wording in Chromium, on a phone and a desktop, in English and Bangla: pick a
message not understood, choose its parts, preview, save, and see its payments read."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from sms_ingest.app import build
from sms_ingest.consumer import Tuning
from tests.e2e.portal.conftest import at_both_sizes, each_language
from tests.portal.phone_support import store_message
from tests.portal.test_wordings_pages import FIRST, SECOND

pytestmark = pytest.mark.e2e


@each_language
async def test_an_owner_teaches_a_wording_and_its_messages_are_read(
    make_account, make_user, portal_tab, server, deps, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    first = await store_message(deps, shop.id, "unparsed", "no_pattern", FIRST)
    await store_message(deps, shop.id, "unparsed", "no_pattern", SECOND)
    tab = await portal_tab(await make_user(shop), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/transactions?lang={lang}")
    await page.locator(f"a[href='/portal/wordings/teach?message={first.id}']").click()
    await expect(page.locator("#sms-text")).to_contain_text("017****5678")
    await at_both_sizes(page, None, lang, viewport)
    await page.locator("button[value=preview]").click()  # nothing chosen yet: field errors
    await expect(page.locator("#wd-trx-problem")).to_be_visible()
    await expect(page.locator("#wd-trx")).to_have_attribute("aria-invalid", "true")
    await at_both_sizes(page, None, lang, viewport)

    await page.locator("#wd-trx").select_option(label="NEWQ1W2E3R")
    await page.locator("#wd-amount").select_option(label="500.00")
    await page.locator("#wd-balance").select_option(label="1,500.00")
    await page.locator("#wd-kind").select_option("received")
    await page.locator("button[value=preview]").click()
    preview = page.locator("#preview")
    await expect(preview).to_contain_text("NEWQ1W2E3R")
    await expect(preview).to_contain_text("NEWZ9X8C7V")
    await at_both_sizes(page, "wording-teach", lang, viewport)

    await page.locator("#wd-save").click()
    await page.wait_for_url(f"{server}/portal/wordings")
    await expect(page.locator(".flash")).to_be_visible()
    # The wallet by its brand, as every portal page names it (bKash, বিকাশ).
    await expect(page.locator("table").first).to_contain_text(re.compile("bKash|বিকাশ"))
    await at_both_sizes(page, "wordings", lang, viewport)

    sms = build(deps, Tuning(idle_backoff_s=0.01, block_ms=1, sweep_every_s=3600))
    while await sms.consumer.tick():
        pass
    await page.goto(f"{server}/portal/transactions?lang={lang}")
    transactions = page.locator("table").first
    await expect(transactions).to_contain_text("NEWQ1W2E3R")
    await expect(transactions).to_contain_text("NEWZ9X8C7V")
    assert not tab.errors and not tab.csp_violations()
