"""The portal frame in Chromium: sign in through the form, the overview, sign out."""

from __future__ import annotations

import pytest
from playwright.async_api import expect

from tests.e2e.portal.conftest import at_both_sizes, each_language

pytestmark = pytest.mark.e2e


@each_language
async def test_owner_signs_in_sees_the_overview_and_signs_out(
    make_account, make_user, portal_tab, server, viewport, lang
):
    user = await make_user(await make_account(name="Rahim Store"), name="Rahim")
    tab = await portal_tab(user, lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/?lang={lang}")
    await expect(page.locator("h1")).to_have_text("Overview" if lang == "en" else "সারসংক্ষেপ")
    await at_both_sizes(page, "overview", lang, viewport)
    cookies = {c["name"]: c for c in await page.context.cookies()}
    assert cookies["__Host-portal"]["httpOnly"] and cookies["__Host-portal"]["secure"]
    assert cookies["__Host-portal"]["sameSite"] == "Lax"
    await page.locator(".signout button").click()
    await expect(page).to_have_url(f"{server}/portal/login")
    await at_both_sizes(page, "login", lang, viewport)
    assert not tab.errors and not tab.csp_violations()
