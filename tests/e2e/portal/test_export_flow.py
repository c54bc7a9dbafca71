"""The CSV export page in Chromium, on a phone (360x640) and a desktop, in English and Bangla:
the form downloads the month's payments; a range it cannot export shows the form again with
the problem beside the day it concerns; its Test data view downloads the test sessions in a file
marked test. axe-core finds nothing; each page is photographed."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import expect

from tests.claims_support import open_session
from tests.conftest import initialize_body
from tests.e2e.portal.conftest import at_both_sizes, each_language

pytestmark = pytest.mark.e2e

TOO_LONG = {"en": "at most 366 days", "bn": "সর্বোচ্চ ৩৬৬ দিন"}


@each_language
async def test_the_export_page_downloads_a_csv(
    deps, make_account, make_user, portal_tab, server, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    await open_session(deps, shop)
    tab = await portal_tab(await make_user(shop, role="staff"), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/export?lang={lang}")
    await at_both_sizes(page, "export", lang, viewport)
    async with page.expect_download() as download_info:
        await page.locator("#export-form button[type=submit]").click()
    download = await download_info.value
    assert download.suggested_filename == "payments-2026-11-01-to-2026-11-21.csv"
    text = Path(await download.path()).read_text(encoding="utf-8-sig")
    assert text.startswith("created_at_dhaka,order_id") and "total,payments,1" in text


@each_language
async def test_a_range_too_long_is_said_beside_the_last_day(
    deps, make_account, make_user, portal_tab, server, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    tab = await portal_tab(await make_user(shop, role="staff"), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/export?lang={lang}")
    await page.locator("#from").fill("2025-01-01")
    await page.locator("#export-form button[type=submit]").click()
    await expect(page.locator("#to-problem")).to_contain_text(TOO_LONG[lang])
    await expect(page.locator("#to")).to_have_attribute("aria-invalid", "true")
    await expect(page.locator("#from")).to_have_value("2025-01-01")
    await expect(page.locator("#export-problems a[href='#to']")).to_be_visible()
    await at_both_sizes(page, None, lang, viewport)
    assert not tab.errors


@each_language
async def test_test_data_downloads_the_test_sessions_in_a_file_marked_test(
    deps, fetch, make_account, make_user, portal_tab, server, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    await open_session(deps, shop)  # live: never in the test file
    test_key = (await deps.services.admin.mint_key(shop.id, "tests", "test")).secret
    body = initialize_body(order_id="test-order-1")
    assert (await fetch("/api/v1/checkout/initialize", json=body, key=test_key)).code == 201
    tab = await portal_tab(await make_user(shop, role="staff"), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/export?lang={lang}")
    await page.locator("#mode-test").click()
    await expect(page.locator("#test-banner")).to_be_visible()
    await expect(page.locator("#export-test-hint")).to_be_visible()
    await at_both_sizes(page, "export-test", lang, viewport)
    async with page.expect_download() as download_info:
        await page.locator("#export-form button[type=submit]").click()
    download = await download_info.value
    assert download.suggested_filename == "payments-2026-11-01-to-2026-11-21-test.csv"
    text = Path(await download.path()).read_text(encoding="utf-8-sig")
    assert "test-order-1" in text and "total,payments,1" in text
    assert text.splitlines()[-1] == "mode,test"
    assert not tab.errors
