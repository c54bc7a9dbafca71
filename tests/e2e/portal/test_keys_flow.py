"""API keys in Chromium (issue 16): mint a key in the portal, use it against initialize, see
its last use, revoke it with a confirmation; axe and screenshots."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.conftest import initialize_body
from tests.e2e.portal.conftest import at_both_sizes, each_language

pytestmark = pytest.mark.e2e

INIT = "/api/v1/checkout/initialize"


@each_language
async def test_a_key_minted_in_the_portal_opens_a_session_then_is_revoked(
    make_account, make_user, portal_tab, server, viewport, fetch, lang
):
    shop = await make_account(name="Rahim Store")
    tab = await portal_tab(await make_user(shop, role="developer"), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/keys?lang={lang}")
    await at_both_sizes(page, None, lang, viewport)
    await page.locator("#label").fill("shop server")
    await page.locator("form[action='/portal/keys'] button[type=submit]").click()
    key = (await page.locator("[data-testid=new-key]").inner_text()).strip()
    assert key.startswith("sk_")
    await at_both_sizes(page, None, lang, viewport)

    assert (await fetch(INIT, json=initialize_body(), key=key)).code == 201

    await page.goto(f"{server}/portal/keys?lang={lang}")
    row = page.locator("tbody tr", has_text="shop server")
    await expect(row).to_contain_text(key[:12])
    await expect(row).not_to_contain_text("never" if lang == "en" else "কখনো না")
    assert key not in await page.content()
    await at_both_sizes(page, "keys", lang, viewport)

    await row.locator("a[href^='/portal/keys/']").click()
    await at_both_sizes(page, None, lang, viewport)
    await page.locator("form[action$='/revoke'] button.danger").click()
    await expect(page.locator(".flash")).to_be_visible()
    reply = await fetch(INIT, json=initialize_body(), key=key)
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized API Key"})
    assert not tab.errors and not tab.csp_violations()


@each_language
async def test_a_reload_after_make_key_or_rotate_makes_nothing_more(
    deps, make_account, make_user, portal_tab, server, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    tab = await portal_tab(await make_user(shop, role="owner"), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/keys?lang={lang}")
    await page.locator("#label").fill("shop server")
    await page.locator("form[action='/portal/keys'] button[type=submit]").click()
    key = (await page.locator("[data-testid=new-key]").inner_text()).strip()
    await page.reload()
    await expect(page.locator(".flash")).to_be_visible()
    await expect(page.locator("[data-testid=new-key]")).to_have_count(0)
    assert key not in await page.content()
    assert len(await deps.services.admin.list_keys(shop.id)) == 2  # the shop's own and this one
    await at_both_sizes(page, None, lang, viewport)

    await page.goto(f"{server}/portal/webhooks?lang={lang}")
    await page.locator("form[action='/portal/webhooks/secret'] button[type=submit]").click()
    secret = (await page.locator("[data-testid=new-secret]").inner_text()).strip()
    await page.reload()
    await expect(page.locator("[data-testid=new-secret]")).to_have_count(0)
    account = await deps.services.admin.get_account(shop.id)
    assert account.callback_secret == secret  # rotated once, not again by the reload
    assert not tab.errors and not tab.csp_violations()
