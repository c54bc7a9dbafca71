"""Alerts in Chromium (issue 27): link Telegram by the code the page shows once, choose which
alerts come, unlink in one click; both languages, a phone and a desktop, axe and screenshots."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from claimsvc.domain import alerts as al
from tests.conftest import make_settings
from tests.e2e.portal.conftest import assert_accessible, screenshot
from tests.portal.test_alerts_page import bot_link

pytestmark = pytest.mark.e2e


@pytest.fixture
def settings():
    return make_settings(telegram_bot_token="1:e2e-test-token", telegram_bot_username="shop_bot")


@pytest.mark.parametrize("lang", ["en", "bn"])
async def test_linking_telegram_and_choosing_alerts(
    deps, make_account, make_user, portal_tab, server, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    user = await make_user(shop, role="owner")
    tab = await portal_tab(user, lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/alerts?lang={lang}")
    await expect(page.locator("nav.menu a[aria-current=page]")).to_be_visible()
    await assert_accessible(page)

    await page.locator("form[action='/portal/alerts'] button[type=submit]").click()
    code = (await page.locator("[data-testid=link-code]").inner_text()).strip()
    assert len(code) == 10
    await expect(page.locator(f"a[href='https://t.me/shop_bot?start={code}']")).to_be_visible()
    await assert_accessible(page)
    await screenshot(page, "alerts-code", lang, viewport)

    said = await bot_link(deps, code)
    assert said[0][1]["text"].startswith("Linked" if lang == "en" else "যুক্ত হয়েছে")
    await page.goto(f"{server}/portal/alerts?lang={lang}")
    await expect(page.locator("[data-testid=channel-state]")).to_be_visible()
    await page.locator(f"#kind-{al.SMS_NOT_UNDERSTOOD}").uncheck()
    await page.locator("form[action$='/kinds'] button[type=submit]").click()
    await expect(page.locator(".flash")).to_be_visible()
    await expect(page.locator(f"#kind-{al.SMS_NOT_UNDERSTOOD}")).not_to_be_checked()
    [channel] = await deps.services.alert_channels.of_user(user.id)
    assert channel.kinds == tuple(k for k in al.KINDS if k != al.SMS_NOT_UNDERSTOOD)
    await assert_accessible(page)
    await screenshot(page, "alerts", lang, viewport)

    await page.locator("form[action$='/unlink'] button.danger").click()
    await expect(page.locator(".flash")).to_be_visible()
    assert await deps.services.alert_channels.of_user(user.id) == []
    await assert_accessible(page)
    assert not tab.errors and not tab.csp_violations()
