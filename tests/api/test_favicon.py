"""/favicon.ico is served, and every page's head links the icon (issue 25: it was a 404 on
every page)."""

from __future__ import annotations

import re

import pytest

from tests.api.test_page import tags_of
from tests.conftest import initialize_body

ICO_HEADER = b"\x00\x00\x01\x00"
"""An ICO file starts with reserved 0 and type 1 (icon)."""


@pytest.mark.parametrize("method", ["GET", "HEAD"])
async def test_favicon_ico_is_a_small_icon_cached_for_a_day(fetch, method):
    reply = await fetch("/favicon.ico", method=method)
    assert reply.code == 200
    assert reply.headers["Content-Type"] == "image/x-icon"
    assert reply.headers["Cache-Control"] == "public, max-age=86400"
    assert "Server" not in reply.headers
    if method == "GET":
        assert reply.body.startswith(ICO_HEADER) and 0 < len(reply.body) < 8 * 1024


async def test_nothing_else_is_served_beside_it(fetch):
    for path in ("/favicon.svg", "/favicon.ico.bak", "/static/checkout/favicon.ico"):
        assert (await fetch(path)).code == 404, path


def icon_links(html: str) -> list[str]:
    return [a["href"] for tag, a in tags_of(html) if tag == "link" and a.get("rel") == "icon"]


async def test_the_checkout_page_the_not_found_page_and_the_portal_link_the_icon(
    fetch, make_account
):
    merchant = await make_account()
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=merchant.key)
    pages = [
        f"/checkout/{opened.json()['session_id']}",
        "/checkout/00000000-0000-4000-8000-000000000000",
        "/portal/login",
    ]
    for path in pages:
        html = (await fetch(path)).body.decode()
        (href,) = icon_links(html)
        assert re.fullmatch(r"/static/checkout/icon\.svg\?v=[0-9a-f]+", href), path
        assert (await fetch(href)).code == 200
