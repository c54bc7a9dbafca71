"""The hosted checkout page without a browser: headers, states, 404s, secrets, languages, assets."""

from __future__ import annotations

import re
import uuid
from html.parser import HTMLParser
from typing import Any

import pytest

from claimsvc.services.transactions import NewTransaction
from tests.conftest import initialize_body

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)


class Tags(HTMLParser):
    """Every start tag of a page with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, Any]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags_of(html: str) -> list[tuple[str, dict[str, Any]]]:
    parser = Tags()
    parser.feed(html)
    return parser.tags


@pytest.fixture
async def open_session(fetch, make_account):
    """open_session(account overrides, **initialize overrides) -> (merchant, initialize answer)."""

    async def _open(account: dict[str, Any] | None = None, **body: Any) -> tuple[Any, Any]:
        merchant = await make_account(**(account or {}))
        reply = await fetch(
            "/api/v1/checkout/initialize", json=initialize_body(**body), key=merchant.key
        )
        assert reply.code == 201, reply.body
        return merchant, reply.json()

    return _open


async def page(fetch, session_id: str, **headers: str):
    return await fetch(f"/checkout/{session_id}", headers=headers)


async def test_page_of_an_open_session_shows_merchant_amount_and_wallet(fetch, open_session):
    _, session = await open_session({"name": "Rahim Store"}, amount=1500.5)
    reply = await page(fetch, session["session_id"])
    html = reply.body.decode()
    assert reply.code == 200
    assert reply.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "Pay Rahim Store" in html
    assert '<span id="amount">1,500.50</span>' in html
    assert "01700000001" in html
    assert "Send Money" in html
    assert 'id="claim-form"' in html


async def test_page_carries_a_strict_policy_and_anti_framing_headers(fetch, open_session):
    _, session = await open_session()
    reply = await page(fetch, session["session_id"])
    assert reply.headers["Content-Security-Policy"] == CSP
    assert reply.headers["X-Frame-Options"] == "DENY"
    assert reply.headers["Referrer-Policy"] == "no-referrer"
    assert reply.headers["X-Content-Type-Options"] == "nosniff"
    assert reply.headers["Cache-Control"] == "no-store"


async def test_page_has_no_inline_script_style_or_outside_asset(fetch, open_session):
    _, session = await open_session()
    html = (await page(fetch, session["session_id"])).body.decode()
    tags = tags_of(html)
    scripts = [attrs for tag, attrs in tags if tag == "script"]
    assert scripts and all(a.get("src", "").startswith("/static/checkout/") for a in scripts)
    assert "<style" not in html
    inline = [t for t, attrs in tags if "style" in attrs or any(k.startswith("on") for k in attrs)]
    assert not inline
    links = [a["href"] for tag, a in tags if tag == "link"]
    assert all(href.startswith("/static/checkout/") for href in links)


@pytest.mark.parametrize(
    "raw_id",
    [
        "0b6f3c2e-5d1a-4e7b-9c8d-2f4a6b8e1d3c",
        "not-a-session",
        "..%2F..%2Fetc%2Fpasswd",
        "x" * 500,
        "%00",
        "",
    ],
)
async def test_unknown_or_malformed_session_shows_a_404_page(fetch, raw_id):
    reply = await fetch(f"/checkout/{raw_id}")
    html = reply.body.decode()
    assert reply.code == 404
    assert reply.headers["Content-Type"] == "text/html; charset=utf-8"
    assert reply.headers["Content-Security-Policy"] == CSP
    assert "Checkout not found" in html
    assert "Traceback" not in html and "claimsvc" not in html


async def test_page_reveals_no_key_secret_or_other_session(fetch, open_session):
    merchant, session = await open_session(
        {"callback_secret": "very-secret-callback-value-42"},
        customer={"email": "buyer@example.com"},
        metadata={"note": "internal-note-77"},
    )
    other = await fetch(
        "/api/v1/checkout/initialize",
        json=initialize_body(order_id="other-order-99"),
        key=merchant.key,
    )
    html = (await page(fetch, session["session_id"])).body.decode()
    secrets = [merchant.key, "very-secret-callback-value-42", merchant.id, session["payment_id"]]
    others = [other.json()["session_id"], "other-order-99"]
    private = ["https://shop.example.com/webhook", "buyer@example.com", "internal-note-77"]
    for value in secrets + others + private:
        assert value not in html
    # Its own order id is shown (issue 25: the buyer sees which order it pays; the session
    # read has always answered it to the holder of the session id).
    assert f"Order {session['order_id']}" in html


@pytest.mark.parametrize(
    ("accept", "lang"),
    [
        ("bn-BD,bn;q=0.9,en;q=0.8", "bn"),
        ("en-US,en;q=0.9", "en"),
        ("fr-FR, bn;q=0.5, en;q=0.4", "bn"),
        ("bn;q=0, en;q=0.1", "en"),
        ("", "en"),
    ],
)
async def test_language_follows_accept_language(fetch, open_session, accept, lang):
    _, session = await open_session()
    reply = await page(fetch, session["session_id"], **{"Accept-Language": accept})
    html = reply.body.decode()
    assert f'<html lang="{lang}">' in html
    assert reply.headers["Content-Language"] == lang
    assert ('<span id="amount">৫০০</span>' in html) == (lang == "bn")
    assert "Accept-Language" in reply.headers["Vary"]


async def test_lang_switch_overrides_the_browser_language(fetch, open_session):
    _, session = await open_session()
    sid = session["session_id"]
    bangla = await fetch(f"/checkout/{sid}?lang=bn", headers={"Accept-Language": "en"})
    english = await fetch(f"/checkout/{sid}?lang=en", headers={"Accept-Language": "bn"})
    assert '<html lang="bn">' in bangla.body.decode()
    assert "সেন্ড মানি" in bangla.body.decode()
    assert '<html lang="en">' in english.body.decode()
    assert 'href="?lang=bn"' in english.body.decode()


async def test_expired_session_shows_its_state_instead_of_the_form(fetch, open_session, clock):
    _, session = await open_session()
    clock.advance(minutes=31)
    html = (await page(fetch, session["session_id"])).body.decode()
    assert "Session expired" in html
    assert 'id="claim-form"' not in html


async def test_cancelled_session_shows_its_state_and_the_way_back(fetch, open_session):
    _, session = await open_session()
    sid = session["session_id"]
    cancelled = await fetch("/api/v1/checkout/cancel", json={"sessionId": sid})
    assert cancelled.code == 200, cancelled.body
    html = (await page(fetch, sid)).body.decode()
    assert "Payment cancelled" in html
    assert 'href="https://shop.example.com/cancel"' in html
    assert 'id="claim-form"' not in html


async def test_locked_session_shows_its_state_instead_of_the_form(fetch, open_session):
    _, session = await open_session({"max_failed_attempts": 1})
    sid = session["session_id"]
    body = {"sessionId": sid, "trxId": "WRONG12345", "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=body)).code == 429
    html = (await page(fetch, sid, **{"Accept-Language": "bn"})).body.decode()
    assert "পেমেন্ট বন্ধ" in html
    assert 'id="claim-form"' not in html


@pytest.mark.parametrize(
    ("wallets", "named"),
    [
        (["bkash", "nagad"], True),
        (["bkash"], False),  # the page offers no Nagad: it cannot tell the buyer to choose it
    ],
)
async def test_a_reload_after_a_wrong_wallet_claim_names_the_wallet_the_page_offers(
    fetch, open_session, deps, wallets, named
):
    listed = [{"provider": p, "number": "01700000001", "kind": "personal"} for p in wallets]
    merchant, session = await open_session({"wallets": listed})
    sid = session["session_id"]
    await deps.services.transactions.record(
        merchant.id,
        NewTransaction(
            provider="nagad", trx_id="N8G4D123", amount_poisha=50000, received_at=deps.clock()
        ),
    )
    body = {"sessionId": sid, "trxId": "N8G4D123", "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=body)).code == 400
    english = (await page(fetch, sid)).body.decode()
    bangla = (await page(fetch, sid, **{"Accept-Language": "bn"})).body.decode()
    assert ("This TrxID is a Nagad payment." in english) is named
    assert ("এই TrxID একটি নগদ পেমেন্টের।" in bangla) is named
    assert 'id="claim-form"' in english  # the buyer may claim again with the right wallet


async def test_completed_session_shows_its_state_and_the_way_back(fetch, open_session, deps):
    merchant, session = await open_session()
    sid = session["session_id"]
    await deps.services.transactions.record(
        merchant.id,
        NewTransaction(
            provider="bkash", trx_id="8N7A6D5EE7M", amount_poisha=50000, received_at=deps.clock()
        ),
    )
    body = {"sessionId": sid, "trxId": "8N7A6D5EE7M", "provider": "bkash"}
    assert (await fetch("/api/v1/checkout/submit", json=body)).code == 200
    html = (await page(fetch, sid)).body.decode()
    assert "Payment received" in html
    assert 'href="https://shop.example.com/success"' in html
    assert "8N7A6D5EE7M" not in html


async def test_page_answers_carry_a_request_id_and_no_server_banner(fetch, open_session):
    _, session = await open_session()
    html = (await page(fetch, session["session_id"])).body.decode()
    asset = re.findall(r'src="(/static/checkout/[^"]+)"', html)[0]
    for path in (f"/checkout/{session['session_id']}", f"/checkout/{uuid.uuid4()}", asset):
        reply = await fetch(path)
        assert "Server" not in reply.headers, path
        if path.startswith("/checkout/"):
            assert re.fullmatch(r"[0-9a-f]{16}", reply.headers["X-Request-Id"]), path


async def test_page_answers_other_methods_with_an_html_page(fetch, open_session):
    _, session = await open_session()
    reply = await fetch(f"/checkout/{session['session_id']}", method="POST", body=b"")
    assert reply.code == 405
    assert reply.headers["Content-Type"] == "text/html; charset=utf-8"
    assert reply.headers["Allow"] == "GET"


async def test_static_assets_are_content_hashed_cacheable_and_revalidate(fetch, open_session):
    _, session = await open_session()
    html = (await page(fetch, session["session_id"])).body.decode()
    urls = re.findall(r'(?:src|href)="(/static/checkout/[^"]+)"', html)
    assert len(urls) == 3
    for path in urls:
        first = await fetch(path)
        assert first.code == 200
        assert "max-age=31536000" in first.headers["Cache-Control"]
        assert first.headers["X-Content-Type-Options"] == "nosniff"
        again = await fetch(path, headers={"If-None-Match": first.headers["Etag"]})
        assert again.code == 304


@pytest.mark.parametrize(
    "path", ["/static/checkout/nope.js", "/static/checkout/../page.py", "/static/checkout/"]
)
async def test_static_route_serves_only_the_page_files(fetch, path):
    reply = await fetch(path)
    assert reply.code in (403, 404)
    assert b"Traceback" not in reply.body


async def test_whole_page_is_under_100_kb(fetch, open_session):
    _, session = await open_session(
        {
            "wallets": [
                {"provider": p, "number": "01700000001", "kind": k}
                for p in ("bkash", "nagad", "rocket", "upay", "cellfin")
                for k in ("personal", "agent", "merchant")
            ]
        }
    )
    reply = await page(fetch, session["session_id"], **{"Accept-Language": "bn"})
    html = reply.body.decode()
    assets = re.findall(r'(?:src|href)="(/static/checkout/[^"]+)"', html)
    total = len(reply.body) + sum([len((await fetch(a)).body) for a in assets])
    assert total < 100 * 1024
