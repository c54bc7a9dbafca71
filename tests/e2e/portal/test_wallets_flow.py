"""The wallets page in Chromium: add a wallet, then set a balance anchor on the shop's phone."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.e2e.portal.conftest import at_both_sizes, each_language

pytestmark = pytest.mark.e2e


@each_language
async def test_add_a_wallet_and_set_an_anchor(
    make_account, make_user, portal_tab, server, deps, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    await deps.services.devices.register(shop.id, "Shop phone", None)
    tab = await portal_tab(await make_user(shop), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/wallets?lang={lang}")
    await at_both_sizes(page, None, lang, viewport)
    await page.locator("#w-provider").select_option("nagad")
    await page.locator("#w-number").fill("01800000002")
    await page.locator("#w-kind").select_option("merchant")
    await page.locator("form[action='/portal/wallets'] button[type=submit]").click()
    await expect(page.locator("table").first).to_contain_text("01800000002")
    await page.locator("#a-balance").fill("lots")  # refused: the form again, 400
    await page.locator("form[action='/portal/wallets/anchor'] button[type=submit]").click()
    await expect(page.locator("#a-balance-problem")).to_be_visible()
    await expect(page.locator("#a-balance")).to_have_attribute("aria-invalid", "true")
    await expect(page.locator("#a-balance")).to_have_value("lots")
    await at_both_sizes(page, None, lang, viewport)
    await page.locator("#a-balance").fill("12500.75")
    await page.locator("form[action='/portal/wallets/anchor'] button[type=submit]").click()
    await expect(page.locator(".flash")).to_be_visible()
    await expect(page.locator("table").nth(1)).to_contain_text("Shop phone")
    await at_both_sizes(page, "wallets", lang, viewport)
    [chain] = await deps.services.wallet_admin.chains(shop.id)
    assert chain.running == 1_250_075
    assert not tab.errors and not tab.csp_violations()
