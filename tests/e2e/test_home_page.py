"""The site root and an address cut short, in Chromium (issue 32): a person reads where to go
in their language (English on a phone, Bangla on a desktop); axe finds nothing at either size;
the portal link works."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import at_each_size, one_size_per_language
from tests.e2e.portal.conftest import LOCALES, assert_accessible

pytestmark = pytest.mark.e2e

HEADINGS = {
    ("/", "en"): "This is a payment service for shops",
    ("/", "bn"): "এটি একটি দোকানের পেমেন্ট সার্ভিস",
    ("/portal/invite/5HDVnUHy", "en"): "Page not found",
    ("/portal/invite/5HDVnUHy", "bn"): "পেজ পাওয়া যায়নি",
}


@one_size_per_language("path, lang", list(HEADINGS))
async def test_a_person_who_lands_here_reads_where_to_go(open_tab, server, path, lang):
    tab = await open_tab(f"{server}{path}", locale=LOCALES[lang])
    assert tab.response.status == (200 if path == "/" else 404)
    page = tab.page
    assert await page.locator("h1").inner_text() == HEADINGS[(path, lang)]
    assert await page.get_attribute("html", "lang") == lang
    await at_each_size(page, lambda size: assert_accessible(page))
    await page.locator("a[href^='/portal/login']").click()
    await page.wait_for_url("**/portal/login**")
    assert tab.errors == []
