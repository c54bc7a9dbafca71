"""The issue's first browser flow, in English and Bangla (each page checked on a phone and a
desktop): invited by the operator, set a password, sign in, turn on two-factor, sign out, sign
in with a code; then the team and audit pages. axe-core on every page; screenshots of each."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from claimsvc.domain import totp
from tests.e2e.portal.conftest import assert_no_overlap, at_both_sizes, each_language
from tests.portal.conftest import PASSWORD
from tests.portal.test_security_two_factor import wrong_code

pytestmark = pytest.mark.e2e


async def check(page, name: str, lang: str, viewport, *also) -> None:
    await at_both_sizes(page, name, lang, viewport, *also)


async def codes_apart(page) -> None:
    await assert_no_overlap(page.locator("ol.codes li"))


async def sign_in_form(page, email: str, password: str) -> None:
    await page.locator("#email").fill(email)
    await page.locator("#password").fill(password)
    await page.locator("form[action='/portal/login'] button[type=submit]").click()


@each_language
async def test_invited_owner_sets_a_password_and_signs_in_with_two_factor(
    fetch, make_account, portal_tab, server, viewport, clock, lang
):
    shop = await make_account(name="Rahim Store")
    email = f"owner-{lang}-{viewport['width']}@shop.example.com"
    reply = await fetch(
        f"/admin/v1/accounts/{shop.id}/users",
        json={"email": email, "role": "owner", "name": "Rahim"},
        admin=True,
    )
    assert reply.code == 201
    link = reply.json()["invite_url"].replace("https://pay.example.test", server)
    tab = await portal_tab(lang=lang)
    page = tab.page
    await page.goto(f"{link}?lang={lang}")
    await expect(page).to_have_url(f"{server}/portal/invite")
    await check(page, "set-password", lang, viewport)
    await page.locator("#password").fill(PASSWORD)
    await page.locator("#password_again").fill(PASSWORD)
    await page.locator("form[action='/portal/invite'] button").click()
    await expect(page).to_have_url(f"{server}/portal/login")
    await expect(page.locator(".flash")).to_be_visible()
    await expect(page.locator("#email")).to_have_value(email)  # filled in after the password
    await page.locator("#password").fill(PASSWORD)
    await page.locator("form[action='/portal/login'] button[type=submit]").click()
    await expect(page).to_have_url(f"{server}/portal/")

    await page.goto(f"{server}/portal/security")
    await check(page, "security", lang, viewport)
    await page.locator("form[action='/portal/security/totp/start'] button").click()
    await expect(page).to_have_url(f"{server}/portal/security")
    secret = (await page.locator("#totp-secret").text_content() or "").strip()
    await expect(page.locator("img.qr")).to_be_visible()
    await expect(page.locator("#twofa-title")).to_have_count(0)  # no empty card beside it
    await check(page, "security-enrol", lang, viewport)
    # A wrong code keeps the set-up and its secret (the app's entry stays right).
    await page.locator("#enrol-code").fill(wrong_code(secret, clock.now))
    await page.locator("form[action='/portal/security/totp/confirm'] button").click()
    await expect(page.locator("#enrol-code-problem")).to_be_visible()
    await expect(page.locator("#enrol-code")).to_have_attribute("aria-invalid", "true")
    assert (await page.locator("#totp-secret").text_content() or "").strip() == secret
    await check(page, "security-enrol-wrong", lang, viewport)
    await page.locator("#enrol-code").fill(totp.code_at(secret, clock.now))
    await page.locator("form[action='/portal/security/totp/confirm'] button").click()
    await expect(page.locator("ol.codes li")).to_have_count(10)
    await check(page, "security-recovery-codes", lang, viewport, codes_apart)
    await page.reload()
    await expect(page.locator("ol.codes li")).to_have_count(0)  # shown once
    labels = page.locator("label[for=recovery-code], label[for=disable-code]")
    texts = [(t or "").strip() for t in await labels.all_text_contents()]
    assert len(set(texts)) == 2, texts

    await page.goto(f"{server}/portal/team")
    await check(page, "team", lang, viewport)
    await page.goto(f"{server}/portal/audit")
    await check(page, "audit", lang, viewport)

    await page.locator(".signout button").click()
    await expect(page).to_have_url(f"{server}/portal/login")
    await sign_in_form(page, email, PASSWORD)
    await expect(page).to_have_url(f"{server}/portal/login/code?next=/portal/")
    await check(page, "code", lang, viewport)
    # The code that finished the set-up, at once: refused as used, with words to wait.
    await page.locator("#code").fill(totp.code_at(secret, clock.now))
    await page.locator("form[action='/portal/login/code'] button").click()
    await expect(page.locator("#code-problem")).to_be_visible()
    await check(page, "code-used", lang, viewport)
    clock.advance(seconds=30)
    await page.locator("#code").fill(totp.code_at(secret, clock.now))
    await page.locator("form[action='/portal/login/code'] button").click()
    await expect(page).to_have_url(f"{server}/portal/")
    await expect(page.locator("footer")).to_contain_text(email)
    assert not tab.errors and not tab.csp_violations()
