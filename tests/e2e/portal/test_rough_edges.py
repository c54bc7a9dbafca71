"""Issue 25's portal rough edges in Chromium at 360x640 and desktop, both languages, axe on each
page: the first-steps checklist and the overview's figures, a menu one line high on a phone,
copy and share buttons, the pairing warning, the key list's state and the owner's own row."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.e2e.conftest import at_one_size
from tests.e2e.portal.conftest import at_both_sizes, each_language

pytestmark = pytest.mark.e2e

SHARE_STUB = """
window.__shared = [];
navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
"""
"""A Web Share API for the test (headless Chromium has none), recording what it was given."""


@each_language
async def test_a_new_account_s_overview_lists_its_first_steps_each_linking_to_its_page(
    make_account, make_user, portal_tab, server, viewport, deps, lang
):
    shop = await make_account(name="Rahim Store")
    await deps.services.admin.revoke_key(shop.key_id)
    tab = await portal_tab(await make_user(shop, name="Rahim"), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/?lang={lang}")
    steps = page.locator("#first-steps-list li")
    await expect(steps).to_have_count(5)
    await expect(page.locator("#first-steps-list li.done")).to_have_count(0)
    await at_both_sizes(page, "overview-first-steps", lang, viewport)
    # The figures sit beside their labels, not indented under them.
    label = await page.locator(".figures dt").first.bounding_box()
    value = await page.locator("#paid-count").bounding_box()
    assert value["x"] > label["x"] + label["width"] - 1 and abs(value["y"] - label["y"]) < 8
    # The menu is one row on a phone (it was four lines before any content).
    menu = await page.locator("nav.menu").bounding_box()
    assert menu["height"] < 60, menu
    await page.locator("#first-steps-list a[href='/portal/keys']").click()
    await expect(page).to_have_url(f"{server}/portal/keys")
    await page.locator("#label").fill("shop server")
    await page.locator("form[action='/portal/keys'] button").click()
    await expect(page.locator("[data-testid=new-key]")).to_be_visible()
    await page.goto(f"{server}/portal/")
    await expect(page.locator("#first-steps-list li[data-step=key]")).to_have_class("done")
    await expect(page.locator("#first-steps-list li.todo")).to_have_count(4)
    assert not tab.errors and not tab.csp_violations()


@each_language
async def test_copy_and_share_a_payment_link(
    make_account, make_user, portal_tab, server, viewport, lang
):
    shop = await make_account(name="Rina Boutique")
    tab = await portal_tab(await make_user(shop, role="staff"), lang=lang)
    page = tab.page
    await page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    await page.add_init_script(SHARE_STUB)
    await page.goto(f"{server}/portal/links?lang={lang}")
    await page.locator("#amount").fill("500")
    await page.locator("#description").fill("Blue kurta, size M")
    await page.locator("form[action='/portal/links'] button[type=submit]").click()
    await expect(page.locator("#link-url")).to_be_visible()
    url = await page.locator("#link-url").input_value()
    copy = page.locator(".copy-row button.copy")
    share = page.locator(".copy-row button.share")
    await expect(copy).to_be_visible()
    await expect(share).to_be_visible()
    await copy.click()
    await expect(page.locator(".copy-said")).to_have_text(
        "Copied." if lang == "en" else "কপি হয়েছে।"
    )
    assert await page.evaluate("navigator.clipboard.readText()") == url
    await share.click()
    assert await page.evaluate("window.__shared") == [{"url": url}]
    await at_both_sizes(page, "link-share", lang, viewport)
    assert not tab.errors and not tab.csp_violations()


@at_one_size("mobile")
async def test_without_a_share_api_only_copy_shows_and_without_script_neither(
    make_account, make_user, portal_tab, browser, server, viewport
):
    shop = await make_account()
    user = await make_user(shop, role="staff")
    tab = await portal_tab(user)
    page = tab.page
    await page.goto(f"{server}/portal/links")
    await page.locator("#amount").fill("100")
    await page.locator("#description").fill("Tea")
    await page.locator("form[action='/portal/links'] button[type=submit]").click()
    await expect(page.locator(".copy-row button.copy")).to_be_visible()
    assert not await page.evaluate("typeof navigator.share === 'function'")
    await expect(page.locator(".copy-row button.share")).to_be_hidden()
    link_page = page.url
    quiet = await browser.new_context(
        java_script_enabled=False, storage_state=await page.context.storage_state()
    )
    try:
        bare = await quiet.new_page()
        await bare.goto(link_page)
        await expect(bare.locator("#link-url")).to_be_visible()
        buttons = bare.locator(".copy-row button")
        await expect(buttons).to_have_count(2)
        for i in range(2):
            await expect(buttons.nth(i)).to_be_hidden()  # no dead buttons without a script
    finally:
        await quiet.close()


@each_language
async def test_the_devices_page_warns_when_a_phone_cannot_reach_the_sms_address(
    make_account, make_user, portal_tab, server, viewport, deps, lang
):
    deps.settings = deps.settings.replace(public_sms_url="http://localhost:8081")
    tab = await portal_tab(await make_user(await make_account()), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/devices?lang={lang}")
    warning = page.locator("#unreachable")
    await expect(warning).to_be_visible()
    await expect(warning).to_contain_text("CLAIMSVC_PUBLIC_SMS_URL")
    await expect(warning).to_contain_text("http://localhost:8081")
    await at_both_sizes(page, "devices-unreachable", lang, viewport)
    deps.settings = deps.settings.replace(public_sms_url="http://192.168.1.20:8081")
    await page.reload()
    await expect(page.locator("#unreachable")).to_have_count(0)
    assert not tab.errors and not tab.csp_violations()


@each_language
async def test_keys_show_their_state_and_the_owner_s_own_row_offers_no_action(
    make_account, make_user, portal_tab, server, viewport, deps, lang
):
    shop = await make_account()
    owner = await make_user(shop)
    await make_user(shop, role="developer")
    tab = await portal_tab(owner, lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/keys?lang={lang}")
    await expect(page.locator("[data-testid=key-state]")).to_have_text(
        "active" if lang == "en" else "সক্রিয়"
    )
    await at_both_sizes(page, None, lang, viewport)  # the screenshot: test_keys_flow.py
    await page.goto(f"{server}/portal/team")
    await expect(page.locator(f"form[action^='/portal/team/{owner.id}/']")).to_have_count(0)
    await expect(page.locator("form[action$='/disable']")).to_have_count(1)
    await at_both_sizes(page, None, lang, viewport)  # the screenshot: test_signin_flow.py
    assert not tab.errors and not tab.csp_violations()
