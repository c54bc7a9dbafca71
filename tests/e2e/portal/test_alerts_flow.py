"""Alerts in Chromium (issue 27): link Telegram by the code the page shows once, verify an email
address by the link it receives, choose which alerts each gets (the optional ones too), pick the
daily summary's hour, unlink in one click; both
languages, a phone and a desktop, axe and screenshots."""

from __future__ import annotations

import re

import pytest
from playwright.async_api import expect

from claimsvc.domain import alerts as al
from tests.alerts.smtp_server import smtp, smtp_settings
from tests.conftest import make_settings
from tests.e2e.portal.conftest import at_both_sizes, each_language
from tests.portal.test_alerts_page import bot_link

pytestmark = pytest.mark.e2e
__all__ = ["smtp"]


@pytest.fixture
def settings(smtp):
    return make_settings(
        telegram_bot_token="1:e2e-test-token",
        telegram_bot_username="shop_bot",
        **smtp_settings(smtp),
    )


@each_language
async def test_linking_telegram_and_choosing_alerts(
    deps, make_account, make_user, portal_tab, server, viewport, lang, smtp
):
    shop = await make_account(name="Rahim Store")
    user = await make_user(shop, role="owner")
    tab = await portal_tab(user, lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/alerts?lang={lang}")
    await expect(page.locator("nav.menu a[aria-current=page]")).to_be_visible()
    await at_both_sizes(page, None, lang, viewport)

    await page.locator("form[action='/portal/alerts/telegram'] button[type=submit]").click()
    code = (await page.locator("[data-testid=link-code]").inner_text()).strip()
    assert len(code) == 10
    await expect(page.locator(f"a[href='https://t.me/shop_bot?start={code}']")).to_be_visible()
    await at_both_sizes(page, "alerts-code", lang, viewport)

    said = await bot_link(deps, code)
    assert said[0][1]["text"].startswith("Linked" if lang == "en" else "যুক্ত হয়েছে")
    await page.goto(f"{server}/portal/alerts?lang={lang}")
    await expect(page.locator("[data-testid=channel-state]")).to_be_visible()
    await expect(page.locator(f"#telegram-{al.DAILY_SUMMARY}")).not_to_be_checked()
    await page.locator(f"#telegram-{al.SMS_NOT_UNDERSTOOD}").uncheck()
    await page.locator(f"#telegram-{al.DAILY_SUMMARY}").check()
    await page.locator("form[action$='/kinds'] button[type=submit]").click()
    await expect(page.locator(".flash")).to_be_visible()
    await expect(page.locator(f"#telegram-{al.SMS_NOT_UNDERSTOOD}")).not_to_be_checked()
    [channel] = await deps.services.alert_channels.of_user(user.id)
    kept = tuple(k for k in al.DEFAULT_KINDS if k != al.SMS_NOT_UNDERSTOOD)
    assert channel.kinds == (*kept, al.DAILY_SUMMARY)

    # The daily summary's hour, picked from the select (Dhaka time).
    await page.locator("#hour").select_option("21")
    await page.locator("form[action='/portal/alerts/summary'] button[type=submit]").click()
    await expect(page.locator(".flash")).to_be_visible()
    now = "every day at 9:00 PM" if lang == "en" else "প্রতিদিন রাত"
    await expect(page.locator("[data-testid=summary-hour]")).to_contain_text(now)
    assert (await deps.stores.accounts.get(shop.id)).alert_summary_hour == 21
    await at_both_sizes(page, None, lang, viewport)

    await page.locator("#address").fill("alerts@rahim.example.com")
    await page.locator("form[action='/portal/alerts/email'] button[type=submit]").click()
    await expect(page.locator("[data-testid=email-state]")).to_contain_text(
        "alerts@rahim.example.com"
    )
    [mail] = smtp.to("alerts@rahim.example.com")
    link = re.search(r"https?://\S+/portal/alerts/email/verify/\S+", mail.get_content()).group(0)
    await page.goto(link)
    await at_both_sizes(page, None, lang, viewport)
    await page.locator("form[action*='/email/verify/'] button[type=submit]").click()
    await expect(page.locator(".flash")).to_be_visible()
    await page.locator(f"#email-{al.PAYMENT_HELD}").uncheck()
    await page.locator("form[action$='/kinds'] >> nth=1").locator("button").click()
    await expect(page.locator(f"#email-{al.PAYMENT_HELD}")).not_to_be_checked()
    await at_both_sizes(page, "alerts", lang, viewport)

    await page.locator("form[action$='/unlink'] button.danger >> nth=0").click()
    await expect(page.locator(".flash")).to_be_visible()
    kinds = [c.kind for c in await deps.services.alert_channels.of_user(user.id)]
    assert kinds == [al.EMAIL]
    await at_both_sizes(page, None, lang, viewport)
    assert not tab.errors and not tab.csp_violations()
