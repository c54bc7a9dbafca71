"""Issue 32: a person who lands on the site root, or on an address cut short (a set-password
link a terminal broke), reads a page in their language that says where to go; an API client
keeps the JSON 404."""

from __future__ import annotations

import pytest

BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
CUT_SHORT = "/portal/invite/5HDVnUHy"  # a set-password link's first characters


@pytest.mark.parametrize(
    ("lang", "heading", "portal"),
    [
        ("en", "This is a payment service for shops", "Sign in to the merchant portal"),
        ("bn", "এটি একটি দোকানের পেমেন্ট সার্ভিস", "মার্চেন্ট পোর্টালে সাইন ইন করুন"),
    ],
)
async def test_a_browser_at_the_site_root_reads_where_to_go(fetch, lang, heading, portal):
    reply = await fetch("/", headers={"Accept": BROWSER, "Accept-Language": lang})
    assert reply.code == 200
    assert reply.headers["Content-Type"].startswith("text/html")
    assert reply.headers["Content-Language"] == lang
    assert "Accept" in reply.headers["Vary"]
    page = reply.body.decode()
    assert f'<h1 id="state-title">{heading}</h1>' in page
    assert f'<a href="/portal/login?lang={lang}">{portal}</a>' in page
    assert '<a href="/openapi.yaml">' in page


@pytest.mark.parametrize("path", ["/", "/no/such/page"])
async def test_an_api_client_keeps_the_json_404(fetch, path):
    for accept in (None, "application/json", "*/*"):
        reply = await fetch(path, headers={"Accept": accept} if accept else {})
        assert (reply.code, reply.json()) == (404, {"error": "Not found"}), accept
        assert reply.headers["Content-Type"].startswith("application/json")


@pytest.mark.parametrize(
    ("lang", "title", "hint"),
    [
        ("en", "Page not found", "copy the whole link and try again"),
        ("bn", "পেজ পাওয়া যায়নি", "পুরো লিংকটি কপি করে আবার চেষ্টা করুন"),
    ],
)
async def test_a_browser_at_an_address_cut_short_reads_what_to_do(fetch, lang, title, hint):
    path = "/no/such/page"
    reply = await fetch(path, headers={"Accept": BROWSER, "Accept-Language": lang})
    assert reply.code == 404
    assert reply.headers["Content-Type"].startswith("text/html")
    assert reply.headers["Content-Security-Policy"].startswith("default-src 'none'")
    page = reply.body.decode()
    assert f"<title>{title}</title>" in page and hint in page
    assert f'<a href="/?lang={lang}">' in page and "/portal/login" in page
    assert '{"error"' not in page


@pytest.mark.parametrize(
    ("lang", "title", "hint"),
    [
        ("en", "Page not found", "copy the whole link and try again"),
        ("bn", "পেজ পাওয়া যায়নি", "পুরো লিংকটি কপি করে আবার চেষ্টা করুন"),
    ],
)
async def test_a_portal_link_cut_short_gets_the_portals_page_saying_what_to_do(
    fetch, lang, title, hint
):
    """Under /portal/ the portal's own page (its frame, signed in or not), with the same advice;
    any client gets it, as every portal address is a page for a person."""
    for accept in (BROWSER, None):
        headers = {"Accept-Language": lang} | ({"Accept": accept} if accept else {})
        reply = await fetch(CUT_SHORT + f"?lang={lang}", headers=headers)
        assert reply.code == 404
        assert reply.headers["Content-Type"].startswith("text/html")
        page = reply.body.decode()
        assert title in page and hint in page
        assert f'<a href="/portal/login?lang={lang}"' in page  # signed out: the way in
        assert '{"error"' not in page


async def test_a_long_but_cut_invite_link_leads_a_browser_to_a_page_not_json(fetch):
    """A link cut after its first 20 characters still matches the invite route: the portal
    takes it and answers with its own page (the link is not valid), never raw JSON."""
    reply = await fetch("/portal/invite/" + "5HDVnUHywccz" * 2, headers={"Accept": BROWSER})
    assert reply.code in (200, 303, 400, 404), reply.code
    if reply.code == 303:
        reply = await fetch(reply.headers["Location"], headers={"Accept": BROWSER})
    assert reply.headers["Content-Type"].startswith("text/html"), reply.headers["Content-Type"]
    assert '{"error"' not in reply.body.decode()
