"""A merchant creates a payment link in the portal, a buyer pays it through the hosted page, and
the merchant sees it completed and counted: headless Chromium at 360x640 and at desktop size."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from tests.e2e.conftest import TRX_ID, Checkout
from tests.e2e.portal.conftest import at_both_sizes, each_language
from tests.e2e.test_pay_link import PUBLIC, proxy_to

pytestmark = pytest.mark.e2e

CREATE = {"en": "Create link", "bn": "লিংক তৈরি করুন"}
PAY = {"en": "Pay now", "bn": "এখন পেমেন্ট করুন"}


@each_language
async def test_create_a_link_pay_it_and_see_it_counted(
    shop, make_user, portal_tab, open_tab, viewport, lang
):
    merchant = await shop.make_account(name="Rina Boutique")
    staff = await make_user(merchant.id, role="staff")
    tab = await portal_tab(staff, lang=lang)
    page = tab.page
    await page.goto(f"{shop.server}/portal/links?lang={lang}")
    await at_both_sizes(page, None, lang, viewport)

    await page.locator("#amount").fill("500")
    await page.locator("#description").fill("Blue kurta, size M")
    await page.locator("#order_ref").fill("INV-7")
    await page.locator("#single_use").check()
    await page.get_by_role("button", name=CREATE[lang]).click()
    await expect(page).to_have_url(re.compile(r"/portal/links/lnk_[0-9a-f]+$"))
    await expect(page.locator(".flash")).to_be_visible()
    await expect(page.locator("img.qr")).to_be_visible()
    await at_both_sizes(page, None, lang, viewport)
    link_page = page.url
    url = await page.locator("#link-url").input_value()
    assert url.startswith(f"{PUBLIC}/pay/")

    # The buyer opens the link (served by the test app) and pays on the hosted page.
    buyer = await open_tab(url.replace(PUBLIC, shop.server))
    await buyer.page.context.route(f"{PUBLIC}/**", proxy_to(shop.server))
    await buyer.page.get_by_role("button", name=PAY["en"]).click()
    await expect(buyer.page.locator("#trx-id")).to_be_visible()
    await shop.receive(Checkout(merchant, "", ""), TRX_ID, 50_000)
    await buyer.page.locator("#trx-id").press_sequentially(TRX_ID)
    await buyer.page.locator("#claim-form button[type=submit]").click()
    await expect(buyer.page).to_have_url(re.compile(rf"^{PUBLIC}/pay/result/[0-9a-f-]{{36}}$"))
    await expect(buyer.page.locator("#state")).to_have_class("state state-completed")

    await page.goto(link_page)
    await expect(page.locator("#link-payments")).to_have_text("1" if lang == "en" else "১")
    await page.goto(f"{shop.server}/portal/links")
    await expect(page.locator("#links .payments")).to_have_text("1" if lang == "en" else "১")
    await at_both_sizes(page, "links", lang, viewport)
    await page.goto(link_page)
    await at_both_sizes(page, "link", lang, viewport, axe=False)
    assert not tab.errors
