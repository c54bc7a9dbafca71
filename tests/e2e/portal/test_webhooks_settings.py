"""The Webhooks page's settings in Chromium (issue 25): the callback secret revealed once and
rotated (POST/redirect/GET: a reload shows it no more), the allowed hosts added, refused with
the reason, and removed; phone and desktop, both languages, axe and screenshots."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.e2e.portal.conftest import at_both_sizes, each_language

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {
        "show": "Show the secret",
        "gone": "shown once and is no longer visible",
        "added": "The host was added.",
        "bad": "Write a host name only",
        "removed": "The host was removed.",
        "rotate": "Rotate secret",
    },
    "bn": {
        "show": "সিক্রেট দেখান",
        "gone": "একবারই দেখানো হয়েছিল",
        "added": "হোস্টটি যোগ হয়েছে।",
        "bad": "শুধু হোস্টের নাম লিখুন",
        "removed": "হোস্টটি সরানো হয়েছে।",
        "rotate": "সিক্রেট বদলান",
    },
}


@each_language
async def test_the_secret_is_revealed_once_and_hosts_are_edited(
    deps, make_account, make_user, portal_tab, server, viewport, lang
):
    shop = await make_account(callback_secret="cbs_the-shops-secret-0123456789abc")
    user = await make_user(shop, role="developer")
    tab = await portal_tab(user, lang=lang)
    page = tab.page
    words = WORDS[lang]
    await page.goto(f"{server}/portal/webhooks?lang={lang}")
    await expect(page.locator("#url-hint")).to_contain_text("shop.example.com")
    await at_both_sizes(page, None, lang, viewport)

    await page.get_by_role("button", name=words["show"], exact=True).click()
    await expect(page.locator("[data-testid=new-secret]")).to_have_text(
        "cbs_the-shops-secret-0123456789abc"
    )
    assert "shown=" in page.url
    await at_both_sizes(page, "webhooks-secret", lang, viewport)
    await page.reload()
    await expect(page.locator("[data-testid=new-secret]")).to_have_count(0)
    await expect(page.locator(".flash")).to_contain_text(words["gone"])

    await page.locator("#host").fill("https://hooks.rahim.example/x")
    await page.locator("form[action='/portal/webhooks/hosts'] #host").press("Enter")
    await expect(page.locator("#host-problem")).to_contain_text(words["bad"])
    await at_both_sizes(page, "webhooks-host-refused", lang, viewport)

    await page.locator("#host").fill("hooks.rahim.example")
    await page.locator("#host").press("Enter")
    await expect(page.locator(".flash")).to_have_text(words["added"])
    await expect(page.locator("[data-testid=allowed-hosts]")).to_contain_text("hooks.rahim.example")
    await expect(page.locator("#url-hint")).to_contain_text("hooks.rahim.example")
    await at_both_sizes(page, "webhooks-hosts", lang, viewport)

    remove = page.locator("[data-testid=allowed-hosts] li", has_text="hooks.rahim.example")
    await remove.get_by_role("button").click()
    await expect(page.locator(".flash")).to_have_text(words["removed"])
    await expect(page.locator("[data-testid=allowed-hosts]")).not_to_contain_text(
        "hooks.rahim.example"
    )

    await page.get_by_role("button", name=words["rotate"], exact=True).click()
    shown = await page.locator("[data-testid=new-secret]").text_content()
    assert shown and shown.startswith("cbs_") and "0123456789abc" not in shown
    await page.reload()
    await expect(page.locator("[data-testid=new-secret]")).to_have_count(0)
    account = await deps.services.admin.get_account(shop.id)
    assert account.callback_secret == shown
    assert account.allowed_hosts == ("shop.example.com",)
    assert not tab.errors and not tab.csp_violations()
