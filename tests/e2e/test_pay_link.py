"""A buyer pays a payment link in headless Chromium, in English on a phone and in Bangla on a
desktop: the link's page, the hosted page, and our own result page; axe-core finds nothing on
any of them, at either size."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Page, Route, expect

from tests.e2e.conftest import TRX_ID, at_each_size, load_axe, one_size_per_language

pytestmark = pytest.mark.e2e

PUBLIC = "https://pay.example.test"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
FORM_LABELS = {"en": "Pay now", "bn": "এখন পেমেন্ট করুন"}


async def axe_all(page: Page) -> list[dict[str, Any]]:
    """Every axe-core violation on the page as it is now, whatever its impact."""
    await load_axe(page)
    return await page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
            .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.html)}))"""
    )


async def check(page: Page, name: str, lang: str) -> None:
    """axe-core finds nothing on the page as it is now, at the flow's size and at the other one
    (resized), and docs/screenshots/pay-<name>-<lang>-<size>.png of each: the visible window
    only (small)."""

    async def at(size: str) -> None:
        assert await axe_all(page) == [], size
        await page.screenshot(path=str(SHOTS / f"pay-{name}-{lang}-{size}.png"))

    await at_each_size(page, at)


def proxy_to(server: str) -> Any:
    """A route handler answering the public base URL (where link sessions return the buyer)
    from the test app."""

    async def _proxy(route: Route) -> None:
        local = route.request.url.replace(PUBLIC, server, 1)
        await route.fulfill(response=await route.fetch(url=local))

    return _proxy


@pytest.fixture
def serve_public(server):
    async def _attach(page: Page) -> None:
        await page.context.route(f"{PUBLIC}/**", proxy_to(server))

    return _attach


async def new_link(shop, **fields) -> tuple[Any, dict[str, Any]]:
    merchant = await shop.make_account(name="Rina Boutique")
    body = {"amount": 500, "description": "Blue kurta, size M", "order_ref": "INV-7", **fields}
    reply = await shop.fetch("/api/v1/payment-links", json=body, key=merchant.key)
    assert reply.code == 201, reply.body
    return merchant, reply.json()


async def receive(shop, merchant) -> None:
    """The wallet payment arrives, as tests/e2e/conftest.py's Shop.receive records it."""
    from tests.e2e.conftest import Checkout

    await shop.receive(Checkout(merchant, "", ""), TRX_ID, 50_000)


@one_size_per_language("lang", ["en", "bn"])
async def test_a_buyer_pays_a_link_and_lands_on_the_result_page(shop, open_tab, serve_public, lang):
    merchant, link = await new_link(shop, single_use=True)
    slug = link["url"].rsplit("/", 1)[1]
    tab = await open_tab(f"{shop.server}/pay/{slug}?lang={lang}")
    page = tab.page
    await serve_public(page)
    await expect(page.locator("#amount")).to_have_text("500" if lang == "en" else "৫০০")
    await expect(page.locator("#description")).to_have_text("Blue kurta, size M")
    await check(page, "link", lang)

    await page.get_by_role("button", name=FORM_LABELS[lang]).click()
    await expect(page).to_have_url(re.compile(rf"/checkout/[0-9a-f-]{{36}}\?lang={lang}$"))
    await expect(page.locator("#trx-id")).to_be_visible()
    session_id = page.url.split("/checkout/")[1].split("?")[0]
    await receive(shop, merchant)
    await page.locator("#trx-id").press_sequentially(TRX_ID.lower())
    await page.locator("#claim-form button[type=submit]").click()

    await expect(page).to_have_url(f"{PUBLIC}/pay/result/{session_id}")
    await expect(page.locator("#state")).to_have_class("state state-completed")
    await check(page, "paid", lang)
    assert not tab.errors and not tab.csp_violations()

    again = await open_tab(f"{shop.server}/pay/{slug}?lang={lang}")
    await expect(again.page.locator("#state")).to_have_class("state state-used")
    await check(again.page, "used", lang)


@one_size_per_language("lang", ["en", "bn"])
async def test_a_disabled_link_says_so_and_offers_no_button(shop, open_tab, lang):
    merchant, link = await new_link(shop)
    await shop.fetch(f"/api/v1/payment-links/{link['id']}/disable", body="", key=merchant.key)
    slug = link["url"].rsplit("/", 1)[1]
    tab = await open_tab(f"{shop.server}/pay/{slug}?lang={lang}")
    await expect(tab.page.locator("#state")).to_have_class("state state-disabled")
    await expect(tab.page.get_by_role("button")).to_have_count(0)
    await check(tab.page, "disabled", lang)
