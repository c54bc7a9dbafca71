"""The local webhook inspector's page in Chromium (issue 25): served over HTTPS with the dev
CA's certificate, a signed webhook and a forged one listed with their verdicts, in English on a
360x640 phone and in Bangla on a desktop; axe and screenshots at both sizes."""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, expect
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer

from claimsvc.devstack.local_alerts import LocalAlerts, catch_alerts, for_inspector
from claimsvc.domain.modes import LIVE
from claimsvc.domain.signing import svc_signature
from claimsvc.inspector.app import Signers, make_inspector
from claimsvc.inspector.certs import dev_certificates
from tests.conftest import make_settings
from tests.e2e.conftest import at_each_size, one_size_per_language
from tests.e2e.portal.conftest import LOCALES, assert_accessible
from tests.ops.processes import free_port

pytestmark = pytest.mark.e2e

SECRET = "demo-callback-secret-change-me"
BODY = (
    b'{"order_id":"order-20261126-101500","payment_status":"COMPLETED",'
    b'"trid":"pay_0d2c0e4772f8a1974a85","amount":1250.5}'
)
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


async def secrets_of(event_id: str) -> Signers | None:
    return Signers(LIVE, SECRET) if event_id == "1" else None


@pytest.fixture
async def inspector(tmp_path: Path) -> AsyncIterator[tuple[str, ssl.SSLContext]]:
    """The inspector over HTTPS as `claimsvc dev` serves it; its address and a client context
    that trusts the dev CA."""
    certs = dev_certificates(tmp_path / "inspector", None)
    port = free_port()
    server = HTTPServer(make_inspector(secrets_of), ssl_options=certs.server)
    server.listen(port, address="127.0.0.1")
    yield f"https://localhost:{port}", ssl.create_default_context(cafile=str(certs.ca_file))
    server.stop()


async def deliver(base: str, context: ssl.SSLContext, signature: str) -> int:
    headers = {
        "content-type": "application/json",
        "x-svc-signature": signature,
        "x-svc-event-id": "1",
        "x-svc-attempt": "1",
    }
    reply = await AsyncHTTPClient().fetch(
        f"{base}/webhook",
        method="POST",
        body=BODY,
        headers=headers,
        ssl_options=context,
        raise_error=False,
    )
    return reply.code


@one_size_per_language("lang", ["en", "bn"])
async def test_the_inspector_lists_a_signed_and_a_forged_webhook(
    browser: Browser, inspector, viewport, lang
):
    base, context = inspector
    assert await deliver(base, context, svc_signature(SECRET, BODY)) == 200
    assert await deliver(base, context, "0" * 64) == 401
    # The developer's browser does not know the dev CA (the banner names its file).
    tab = await browser.new_context(
        viewport=viewport, locale=LOCALES[lang], ignore_https_errors=True
    )
    page = await tab.new_page()
    await page.goto(f"{base}/?lang={lang}")
    verdicts = page.locator("[data-testid=verdict]")
    await expect(verdicts).to_have_count(2)
    assert [await v.get_attribute("data-verdict") for v in await verdicts.all()] == [
        "mismatch",
        "current",
    ]
    await expect(page.locator("[data-testid=body]").first).to_contain_text("order-20261126")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    async def check(size: str) -> None:
        await assert_accessible(page)
        path = SCREENSHOTS / f"inspector-{lang}-{size}.png"
        await page.screenshot(path=str(path), full_page=True, scale="css", animations="disabled")

    await at_each_size(page, check)
    await tab.close()


@pytest.fixture
async def caught_inspector(tmp_path: Path) -> AsyncIterator[tuple[str, LocalAlerts]]:
    """The inspector with the dev stack's mail catcher and Telegram stand-in, over HTTPS."""
    _, caught = await catch_alerts(make_settings())
    certs = dev_certificates(tmp_path / "inspector", None)
    port = free_port()
    app = make_inspector(secrets_of, caught=for_inspector(caught))
    server = HTTPServer(app, ssl_options=certs.server)
    server.listen(port, address="127.0.0.1")
    yield f"https://localhost:{port}", caught
    server.stop()
    await caught.stop()


@one_size_per_language("lang", ["en", "bn"])
async def test_the_inspectors_alert_pages_let_the_developer_play_the_merchant(
    browser: Browser, caught_inspector, viewport, lang
):
    """Issue 32: the Telegram page shows what the bot sent with its buttons; the developer
    writes to the bot from it; the emails page lists the caught mail; axe finds nothing."""
    base, caught = caught_inspector
    bot = caught.telegram
    assert bot is not None
    buttons = {"inline_keyboard": [[{"text": "Confirm", "callback_data": "c:7"}]]}
    bot.answer("sendMessage", {"chat_id": 1001, "text": "A payment waits", "reply_markup": buttons})
    tab = await browser.new_context(
        viewport=viewport, locale=LOCALES[lang], ignore_https_errors=True
    )
    page = await tab.new_page()
    await page.goto(f"{base}/telegram?lang={lang}")
    await expect(page.locator("[data-testid=caught]")).to_contain_text("A payment waits")
    await at_each_size(page, lambda size: assert_accessible(page))
    await page.fill("#text", "/start 424242")
    await page.locator("form[action='/telegram/send'] button").click()
    await page.wait_for_url(f"{base}/telegram")
    await page.get_by_role("button", name="Confirm").click()
    await page.wait_for_url(f"{base}/telegram")
    kinds = [next(k for k in u if k != "update_id") for u in bot.updates]
    assert kinds == ["message", "callback_query"]
    assert bot.updates[0]["message"]["text"] == "/start 424242"
    await page.goto(f"{base}/emails?lang={lang}")
    await expect(page.locator("[data-testid=no-messages]")).to_be_visible()
    await at_each_size(page, lambda size: assert_accessible(page))
    await tab.close()
