"""The hosted page in headless Chromium: the real app in-process, a shop, and browser tabs."""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from playwright.async_api import (
    Browser,
    Page,
    Playwright,
    Request,
    Response,
    Route,
    async_playwright,
)

from claimsvc.bootstrap import Deps
from claimsvc.services.transactions import NewTransaction
from tests.conftest import ALLOWED_HOST, initialize_body
from tests.sms.conftest import drain, make_device, post_sms, sms, sms_server  # noqa: F401

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
VIEWPORTS = {"mobile": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}
SHOP = f"https://{ALLOWED_HOST}"
SUCCESS_URL, CANCEL_URL = f"{SHOP}/success", f"{SHOP}/cancel"
TRX_ID = "8N7A6D5EE7M"
FLOW_SIZES = {"en": "mobile", "bn": "desktop"}
"""The size each language's run of a browser flow is clicked through on. A flow ran four times
(two languages, two sizes) though the size changes only the layout; it runs once per language,
English on the phone and Bangla on the desktop (each size is still driven by clicks, each
language still read), and what the layout changes (axe-core, the screenshots) is checked at the
other size too on the same page state (`at_each_size`; issue 35: the suite's time)."""


def one_size_per_language(argnames: str, values: Iterable[Any]) -> pytest.MarkDecorator:
    """A browser test's parametrisation over `values` of `argnames` ("lang" or "locale", alone
    or beside others: "path, lang"), each row on its language's size of FLOW_SIZES instead of on
    both sizes (the `viewport` fixture's parameters)."""
    names = [name.strip() for name in argnames.split(",")]
    lang_at = next(i for i, name in enumerate(names) if name in ("lang", "locale"))
    rows = [value if isinstance(value, tuple) else (value,) for value in values]
    sizes = [FLOW_SIZES[row[lang_at][:2]] for row in rows]
    return pytest.mark.parametrize(
        (*names, "viewport"),
        [(*row, VIEWPORTS[size]) for row, size in zip(rows, sizes, strict=True)],
        ids=["-".join((size, *map(str, row))) for row, size in zip(rows, sizes, strict=True)],
    )


def at_one_size(size: str) -> pytest.MarkDecorator:
    """A browser test of behaviour the page's size does not change, clicked through at
    VIEWPORTS[size] only (the `viewport` fixture ran it at both sizes). The hosted page's
    stylesheet changes only type size and margins by size (tests/e2e/test_checkout_page.py
    holds it); the portal's also lays a phone's tables out as cards (their header moved off
    screen) and lets its menu scroll, so a portal test at one size must not be about those.
    What the size changes is checked at both sizes on the same page state (`at_each_size`)."""
    return pytest.mark.parametrize("viewport", [VIEWPORTS[size]], ids=[size])


def size_name(viewport: dict[str, int] | None) -> str:
    """ "mobile" or "desktop", the VIEWPORTS name of a page's size."""
    return next(name for name, size in VIEWPORTS.items() if size == viewport)


def other_size(viewport: dict[str, int] | None) -> dict[str, int]:
    return next(size for size in VIEWPORTS.values() if size != viewport)


async def at_size(page: Page, size: str, action: Callable[[], Awaitable[Any]]) -> None:
    """`action()` with the page resized to VIEWPORTS[size] (the same page state), then back."""
    own = page.viewport_size
    await page.set_viewport_size(VIEWPORTS[size])
    try:
        await action()
    finally:
        if own is not None:
            await page.set_viewport_size(own)


async def at_each_size(page: Page, check: Callable[[str], Awaitable[Any]]) -> None:
    """`check(size name)` on the page as it is now, at its own size and then at the other one
    (resized: the same page state); back at its own size after."""
    own = page.viewport_size
    for size in (own, other_size(own)):
        await page.set_viewport_size(size)
        await check(size_name(size))
    if own is not None:
        await page.set_viewport_size(own)


@functools.cache
def _axe_source() -> str:
    return AXE.read_text()


async def load_axe(page: Page) -> None:
    """axe-core into the page's document unless it holds it already (a navigation drops it):
    read from disk once per process and sent once per document, not on every check (500 kB
    each time). Evaluated through the DevTools protocol, so the page's CSP does not block it."""
    require(AXE, "run `python tools/ensure_node_deps.py` (npm ci; make test does)")
    if not await page.evaluate("typeof window.axe === 'object'"):
        await page.evaluate(_axe_source())


def require(path: Path | str, advice: str) -> None:
    """Skip without the tool locally; in CI its absence is a failure, never a silent skip."""
    if os.path.exists(path):
        return
    if os.environ.get("CI"):
        pytest.fail(f"{path} is missing: {advice}")
    pytest.skip(f"{path} is missing: {advice}")


# One Chromium per test process, a fresh context per test. Launching the Playwright driver and
# Chromium took 2-5 s of every browser test's set-up on the shared 2-core machine (issue 35);
# a new context is as isolated as a new browser for what these tests check (cookies, storage,
# cache and permissions are per context). Playwright's objects belong to the event loop that
# made them, so every test and fixture here runs on the session's loop (the override below of
# pytest-asyncio's per-test runner); the other test directories keep a loop per test.


@pytest.fixture
def _function_scoped_runner(_session_scoped_runner: Any) -> Any:
    """pytest-asyncio's per-test loop, replaced here by its session loop (see above)."""
    return _session_scoped_runner


class SharedChromium:
    """The process's one Chromium, launched when first asked for, again if it went away."""

    def __init__(self, playwright: Playwright) -> None:
        self._playwright = playwright
        self._browser: Browser | None = None
        self.loop = asyncio.get_running_loop()

    async def get(self) -> Browser:
        if self._browser is None or not self._browser.is_connected():
            self._browser = await self._playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS
            )
        return self._browser

    async def close(self) -> None:
        if self._browser is not None:
            await self._browser.close()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def chromium() -> AsyncIterator[SharedChromium]:
    async with async_playwright() as pw:
        shared = SharedChromium(pw)
        yield shared
        await shared.close()


@pytest.fixture
async def browser(chromium: SharedChromium) -> AsyncIterator[Browser]:
    """The shared Chromium; whatever contexts a test leaves open are closed after it, as when
    each test had its own browser."""
    require(CHROMIUM, "run `python tools/ensure_chromium.py` (make test does)")
    if asyncio.get_running_loop() is not chromium.loop:
        # A test outside tests/e2e that imports this fixture runs on a loop of its own, which
        # the shared Chromium cannot serve: it gets a browser of its own, as before.
        async with async_playwright() as pw:
            own = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield own
            await own.close()
        return
    shared = await chromium.get()
    yield shared
    for context in list(shared.contexts):
        await context.close()


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    """Each browser test runs on a 360x640 phone and on a desktop window."""
    return VIEWPORTS[request.param]


@dataclass
class Checkout:
    """One session as the test drives it: its merchant, id and page address."""

    merchant: Any
    session_id: str
    url: str


@dataclass
class Shop:
    """The merchant's side: opens sessions, receives wallet payments, confirms them."""

    deps: Deps
    server: str
    fetch: Callable[..., Awaitable[Any]]
    make_account: Callable[..., Awaitable[Any]]

    async def open(self, account: dict[str, Any] | None = None, **body: Any) -> Checkout:
        merchant = await self.make_account(**(account or {}))
        reply = await self.fetch(
            "/api/v1/checkout/initialize", json=initialize_body(**body), key=merchant.key
        )
        assert reply.code == 201, reply.body
        sid = reply.json()["session_id"]
        return Checkout(merchant, sid, f"{self.server}/checkout/{sid}")

    async def receive(
        self,
        checkout: Checkout,
        trx_id: str = TRX_ID,
        poisha: int = 50000,
        provider: str = "bkash",
    ) -> str:
        """A wallet payment arrives (as the SMS pipeline records it); its transaction id."""
        recorded = await self.deps.services.transactions.record(
            checkout.merchant.id,
            NewTransaction(
                provider=provider,
                trx_id=trx_id,
                amount_poisha=poisha,
                received_at=self.deps.clock(),
            ),
        )
        return str(recorded.transaction.id)

    async def confirm(self, transaction_id: str) -> None:
        await self.deps.services.transactions.confirm(transaction_id)


@pytest.fixture
def shop(deps: Deps, server: str, fetch: Any, make_account: Any) -> Shop:
    return Shop(deps, server, fetch, make_account)


@dataclass
class Tab:
    """A browser tab on the page, with what it logged and what it downloaded."""

    page: Page
    response: Response | None = None
    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)

    async def transferred(self) -> int:
        """Bytes of every response so far, headers and bodies (what the buyer's phone downloads)."""
        total = 0
        for request in self.requests:
            sizes = await request.sizes()
            total += sizes["responseBodySize"] + sizes["responseHeadersSize"]
        return total

    def csp_violations(self) -> list[str]:
        return [line for line in self.console if "Content Security Policy" in line]

    async def axe_violations(self) -> list[dict[str, Any]]:
        """axe-core's serious and critical violations on the page as it is now."""
        await load_axe(self.page)
        found = await self.page.evaluate(
            """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
                .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.html)}))"""
        )
        return [v for v in found if v["impact"] in ("serious", "critical")]

    async def axe_violations_at_both_sizes(self) -> list[dict[str, Any]]:
        """axe_violations() at the tab's size and at the other one, on the same page state (a
        flow clicked through at one size, see FLOW_SIZES), each named with its size."""
        found: list[dict[str, Any]] = []

        async def check(size: str) -> None:
            found.extend({**v, "size": size} for v in await self.axe_violations())

        await at_each_size(self.page, check)
        return found


async def _shop_page(route: Route) -> None:
    """The merchant's own pages, answered locally: the test only checks where the buyer lands."""
    body = "<!doctype html><html lang='en'><title>Shop</title><p>Back at the shop</p></html>"
    await route.fulfill(status=200, content_type="text/html", body=body)


@pytest.fixture
async def open_tab(browser: Browser, viewport: dict[str, int]) -> AsyncIterator[Any]:
    """open_tab(url, locale="en-US", javascript=True) -> Tab, in a fresh browser context."""
    contexts = []

    async def _open(url: str, locale: str = "en-US", javascript: bool = True) -> Tab:
        context = await browser.new_context(
            viewport=viewport, locale=locale, java_script_enabled=javascript
        )
        contexts.append(context)
        await context.route(f"{SHOP}/**", _shop_page)
        tab = Tab(await context.new_page())
        tab.page.on("console", lambda msg: tab.console.append(f"{msg.type}: {msg.text}"))
        tab.page.on("pageerror", lambda exc: tab.errors.append(str(exc)))
        tab.page.on("requestfinished", lambda request: tab.requests.append(request))
        tab.response = await tab.page.goto(url)
        return tab

    yield _open
    for context in contexts:
        await context.close()
