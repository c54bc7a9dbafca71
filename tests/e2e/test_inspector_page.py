"""The local webhook inspector's page in Chromium (issue 25): served over HTTPS with the dev
CA's certificate, a signed webhook and a forged one listed with their verdicts, on a 360x640
phone and a desktop, in both languages; axe and screenshots."""

from __future__ import annotations

import ssl
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Browser, expect
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer

from claimsvc.domain.modes import LIVE
from claimsvc.domain.signing import svc_signature
from claimsvc.inspector.app import Signers, make_inspector
from claimsvc.inspector.certs import dev_certificates
from tests.e2e.portal.conftest import LOCALES, assert_accessible, viewport_name
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


@pytest.mark.parametrize("lang", ["en", "bn"])
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
    await assert_accessible(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"inspector-{lang}-{viewport_name(viewport)}.png"
    await page.screenshot(path=str(path), full_page=True, scale="css", animations="disabled")
    await tab.close()
