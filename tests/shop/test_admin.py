"""wp-admin in Chromium: the gateway's settings page, the test-mode notice, "Check connection"
with the right key and a wrong one, in English and in Bangla; secrets never in the page."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, expect

from tests.e2e.conftest import VIEWPORTS, browser, chromium  # noqa: F401
from tests.shop.conftest import GATEWAY, SHOP_TIMEOUT_S, ShopUnderTest
from tests.shop.wordpress import ADMIN_PASSWORD, ADMIN_USER

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(SHOP_TIMEOUT_S)]

WAIT_MS = 90_000
"""How long a page may take on a busy 2-core machine (the shop's PHP is the slow part)."""

SCREENSHOTS = Path(os.environ.get("SCREENSHOTS_DIR", "docs/screenshots"))
SETTINGS_PAGE = f"/wp-admin/admin.php?page=wc-settings&tab=checkout&section={GATEWAY}"
WORDS = {
    "en": {
        "notice": "Wallet payments are in test mode",
        "check": "Check connection",
        "saved": "Saved. Leave empty to keep it.",
        "connected": "Connected. The service accepted the test key: payments are test payments.",
        "refused": "The service refused the API key: it is wrong or was revoked.",
        "save": "Save changes",
    },
    "bn": {
        "notice": "ওয়ালেট পেমেন্ট টেস্ট মোডে আছে",
        "check": "সংযোগ যাচাই করুন",
        "saved": "সেভ করা আছে। রাখতে চাইলে খালি রাখুন।",
        "connected": "সংযোগ ঠিক আছে। সার্ভিস টেস্ট কী গ্রহণ করেছে: পেমেন্টগুলো টেস্ট পেমেন্ট।",
        "refused": "সার্ভিস API কী প্রত্যাখ্যান করেছে",
        "save": "Save changes",
    },
}


@pytest.fixture
async def admin_page(browser: Browser, shop: ShopUnderTest) -> AsyncIterator[Page]:  # noqa: F811
    """wp-admin, signed in as the shop owner, on a desktop window."""
    context = await browser.new_context(viewport=VIEWPORTS["desktop"], ignore_https_errors=True)
    context.set_default_timeout(WAIT_MS)
    page = await context.new_page()
    await page.goto(f"{shop.url}/wp-login.php")
    await page.locator("#user_login").fill(ADMIN_USER)
    await page.locator("#user_pass").fill(ADMIN_PASSWORD)
    await page.locator("#wp-submit").click()
    await page.wait_for_url("**/wp-admin/**")
    yield page
    await context.close()
    shop.configure()
    shop.wp.option("WPLANG", "")


@pytest.mark.parametrize("lang", ["en", "bn"])
async def test_the_settings_page_shows_test_mode_and_checks_the_connection(
    shop: ShopUnderTest, admin_page: Page, lang: str
) -> None:
    words, page = WORDS[lang], admin_page
    shop.wp.option("WPLANG", "bn_BD" if lang == "bn" else "")
    await page.goto(shop.url + SETTINGS_PAGE)
    await expect(page.locator("#claimsvc-test-mode")).to_contain_text(
        words["notice"], timeout=WAIT_MS
    )
    await expect(page.get_by_text(words["saved"])).to_have_count(2, timeout=WAIT_MS)
    html = await page.content()
    for secret in ("test_key", "test_secret", "key", "secret"):
        assert shop.account[secret] not in html
    await page.get_by_role("button", name=words["check"]).click()
    await expect(page.locator("#claimsvc-check-result")).to_have_text(
        words["connected"], timeout=WAIT_MS
    )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = "woocommerce-settings.png" if lang == "en" else "woocommerce-settings-bn.png"
    # A window tall enough for the whole form: wp-admin's fixed menus break a full-page shot.
    await page.set_viewport_size({"width": 1280, "height": 1300})
    await page.screenshot(path=str(SCREENSHOTS / shot))
    await page.set_viewport_size(VIEWPORTS["desktop"])

    # The owner pastes a key the service does not know and saves.
    wrong = "sk_test_" + "x" * 32
    await page.locator(f"#woocommerce_{GATEWAY}_api_key").fill(wrong)
    await page.get_by_role("button", name=words["save"]).click()
    await page.wait_for_load_state()
    assert wrong not in await page.content()
    await expect(page.locator(f"#woocommerce_{GATEWAY}_api_key")).to_have_value("", timeout=WAIT_MS)
    await page.get_by_role("button", name=words["check"]).click()
    await expect(page.locator("#claimsvc-check-result")).to_contain_text(
        words["refused"], timeout=WAIT_MS
    )
    if lang == "en":
        await page.locator("#claimsvc-check-result").scroll_into_view_if_needed()
        await page.screenshot(path=str(SCREENSHOTS / "woocommerce-wrong-key.png"))
    assert shop.plugin_log_problems() == []
