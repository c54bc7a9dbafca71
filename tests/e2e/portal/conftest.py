"""The portal in headless Chromium: signed-in tabs, the axe check and page screenshots."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import Browser, BrowserContext, Page

from claimsvc.bootstrap import Deps
from tests.e2e.conftest import (
    FLOW_SIZES,
    VIEWPORTS,
    Tab,
    load_axe,
    one_size_per_language,
    other_size,
)
from tests.portal.conftest import PortalTestUser, make_user

__all__ = ["make_user"]  # the HTTP tier's fixture, shared here

SCREENSHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
LOCALES = {"en": "en-US", "bn": "bn-BD"}


def viewport_name(viewport: dict[str, int] | str) -> str:
    """ "mobile" or "desktop" (the names the screenshots carry)."""
    if isinstance(viewport, str):
        return viewport
    return next(name for name, size in VIEWPORTS.items() if size == viewport)


async def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Every axe-core violation on the page as it is now, of any impact."""
    await load_axe(page)
    found: list[dict[str, Any]] = await page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
            .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.html)}))"""
    )
    return found


async def assert_accessible(page: Page) -> None:
    found = await axe_violations(page)
    assert found == [], found


each_language = one_size_per_language("lang", FLOW_SIZES)
"""A portal flow's parametrisation: once per language, on its size of FLOW_SIZES."""


async def at_both_sizes(
    page: Page,
    name: str | None,
    lang: str,
    viewport: dict[str, int],
    *also: Callable[[Page], Awaitable[None]],
    axe: bool = True,
) -> None:
    """axe-core (unless not `axe`) and each of `also` on the page as it is now, at the flow's
    size and then at the other one (resized: the same page state), each photographed as `name`
    (None: no photo); back at the flow's size after."""
    for size in (viewport, other_size(viewport)):
        await page.set_viewport_size(size)
        if axe:
            await assert_accessible(page)
        for check in also:
            await check(page)
        if name is not None:
            await screenshot(page, name, lang, size)
    await page.set_viewport_size(viewport)


async def assert_no_overlap(items: Any) -> None:
    """No two of the located elements' boxes overlap (recovery codes at 360 px did)."""
    boxes = [await items.nth(i).bounding_box() for i in range(await items.count())]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = (
                a["x"] + a["width"] <= b["x"]
                or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"]
                or b["y"] + b["height"] <= a["y"]
            )
            assert apart, (a, b)


async def screenshot(page: Page, name: str, lang: str, viewport: dict[str, int] | str) -> Path:
    """docs/screenshots/portal-<name>-<lang>-<viewport>.png of the whole page."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"portal-{name}-{lang}-{viewport_name(viewport)}.png"
    await page.screenshot(path=str(path), full_page=True, scale="css", animations="disabled")
    return path


async def sign_in(page: Page, server: str, email: str, password: str) -> None:
    """Through the real sign-in form."""
    await page.goto(f"{server}/portal/login")
    await page.locator("#email").fill(email)
    await page.locator("#password").fill(password)
    await page.locator("form[action='/portal/login'] button[type=submit]").click()


PortalTab = Callable[..., Awaitable[Tab]]


@pytest.fixture(autouse=True)
def served_at_its_public_address(deps: Deps, server: str) -> None:
    """The browser opens the app at `server`, so that is the public base URL the portal's
    forms must come from (the CSRF origin check reads it on every request)."""
    deps.settings = deps.settings.replace(public_base_url=server)


@pytest.fixture
async def portal_tab(
    browser: Browser, server: str, viewport: dict[str, int]
) -> AsyncIterator[PortalTab]:
    """portal_tab(user, viewport=None, lang="en", signed_in=True) -> Tab on /portal/, signed in
    through the real form (in a fresh browser context each call)."""
    contexts: list[BrowserContext] = []

    async def _open(
        user: PortalTestUser | None = None,
        viewport_: dict[str, int] | str | None = None,
        lang: str = "en",
        signed_in: bool = True,
    ) -> Tab:
        size = VIEWPORTS[viewport_] if isinstance(viewport_, str) else (viewport_ or viewport)
        context = await browser.new_context(viewport=size, locale=LOCALES[lang])
        contexts.append(context)
        tab = Tab(await context.new_page())
        tab.page.on("console", lambda msg: tab.console.append(f"{msg.type}: {msg.text}"))
        tab.page.on("pageerror", lambda exc: tab.errors.append(str(exc)))
        if user is not None and signed_in:
            await sign_in(tab.page, server, user.email, user.password)
            await tab.page.wait_for_url(f"{server}/portal/")
        return tab

    yield _open
    for context in contexts:
        await context.close()
