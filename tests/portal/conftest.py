"""The portal's HTTP tier: users made through the real invite path, and a browser-like client
that signs in through the real sign-in form and keeps its cookies."""

from __future__ import annotations

import re
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urljoin

import pytest
from tornado.httpclient import AsyncHTTPClient

from claimsvc.bootstrap import Deps

PASSWORD = "correct horse battery"
CSRF_INPUT = re.compile(r'name="_csrf" value="([^"]+)"')


@dataclass(frozen=True)
class PortalTestUser:
    """A portal user as a test drives it: the stored user's fields and its password."""

    id: str
    account_id: str
    email: str
    role: str
    password: str
    name: str | None = None


@dataclass
class Page:
    """One HTTP answer of the portal."""

    code: int
    headers: Any
    body: bytes
    url: str

    @property
    def text(self) -> str:
        return self.body.decode()

    @property
    def location(self) -> str | None:
        return self.headers.get("Location")

    def csrf(self) -> str | None:
        found = CSRF_INPUT.search(self.text)
        return found.group(1) if found else None


@dataclass
class PortalClient:
    """A browser without JavaScript: keeps cookies, echoes the last page's CSRF token in every
    form, sends its Origin (the public base URL's: the page a browser shows is there).
    `csrf=None` leaves the token out; a string sends that one."""

    server: str
    cookies: dict[str, str] = field(default_factory=dict)
    csrf: str | None = None
    origin: str | None = None
    history: list[Page] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    """Sent with every request (an X-Real-Ip, say)."""

    async def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Page:
        hdrs = {"Origin": self.origin or self.server, **self.headers, **(headers or {})}
        if method == "GET":
            hdrs.pop("Origin")
        if self.cookies:
            hdrs["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        url = urljoin(self.server, path)
        resp = await AsyncHTTPClient().fetch(
            url,
            method=method,
            body=body,
            headers=hdrs,
            follow_redirects=False,
            raise_error=False,
            request_timeout=60,
        )
        for line in resp.headers.get_list("Set-Cookie"):
            self._keep(line)
        page = Page(resp.code, resp.headers, resp.body or b"", url)
        token = page.csrf() if "html" in resp.headers.get("Content-Type", "") else None
        self.csrf = token or self.csrf
        self.history.append(page)
        return page

    def _keep(self, line: str) -> None:
        jar: SimpleCookie = SimpleCookie()
        jar.load(line)
        for name, morsel in jar.items():
            if morsel.value == "" or morsel["max-age"] == "0" or "1970" in morsel["expires"]:
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = morsel.value

    async def get(self, path: str, follow: bool = True) -> Page:
        page = await self.request("GET", path)
        while follow and page.code in (301, 302, 303) and page.location:
            page = await self.request("GET", page.location)
        return page

    async def post(
        self,
        path: str,
        form: dict[str, str] | None = None,
        *,
        follow: bool = False,
        csrf: str | bool | None = True,
        headers: dict[str, str] | None = None,
    ) -> Page:
        """POST a form; with `follow`, GET where it redirects (POST-redirect-GET)."""
        fields = dict(form or {})
        if csrf is True and self.csrf:
            fields["_csrf"] = self.csrf
        elif isinstance(csrf, str):
            fields["_csrf"] = csrf
        body = urlencode(fields).encode()
        hdrs = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
        page = await self.request("POST", path, body, hdrs)
        if follow and page.code == 303 and page.location:
            return await self.get(page.location)
        return page

    async def sign_in(
        self,
        email: str,
        password: str,
        code: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Page:
        """Through the real form: the sign-in page, the password, the code step if asked."""
        self.headers.update(headers or {})
        await self.get("/portal/login")
        page = await self.post("/portal/login", {"email": email, "password": password})
        if page.code == 303 and page.location and page.location.startswith("/portal/login/code"):
            await self.get(page.location)
            page = await self.post("/portal/login/code", {"code": code or ""})
        if page.code == 303 and page.location:
            return await self.get(page.location)
        return page


MakeUser = Callable[..., Awaitable[PortalTestUser]]


@pytest.fixture
def make_user(deps: Deps) -> MakeUser:
    """make_user(account, role="owner", email=None, password=PASSWORD) -> PortalTestUser,
    invited through the user service and with its password set through the invite."""

    async def _make(
        account: Any,
        role: str = "owner",
        email: str | None = None,
        password: str = PASSWORD,
        name: str | None = None,
    ) -> PortalTestUser:
        account_id = account if isinstance(account, str) else account.id
        email = email or f"user-{uuid.uuid4().hex[:10]}@shop.example.com"
        invited = await deps.services.users.invite(account_id, email, role, name)
        await deps.services.users.accept_invite(invited.token, password)
        return PortalTestUser(invited.user.id, account_id, invited.user.email, role, password, name)

    return _make


@pytest.fixture
def portal_client(server: str, deps: Deps) -> Callable[[], PortalClient]:
    """A fresh client with no cookies (not signed in)."""
    return lambda: PortalClient(server, origin=deps.settings.public_base_url)


@pytest.fixture
def portal(server: str, deps: Deps) -> Callable[..., Awaitable[PortalClient]]:
    """portal(user, code=None) -> a client signed in through the real sign-in form."""

    async def _signed_in(user: PortalTestUser, code: str | None = None) -> PortalClient:
        client = PortalClient(server, origin=deps.settings.public_base_url)
        page = await client.sign_in(user.email, user.password, code)
        assert page.code == 200, page.text
        assert "/portal/login" not in page.url, page.text
        return client

    return _signed_in


@pytest.fixture
async def shop(make_account):
    """An account, Rahim Store (the webhooks and keys pages' tests)."""
    return await make_account(name="Rahim Store")


@pytest.fixture
async def owner(shop, make_user, portal):
    """Rahim Store's owner, signed in."""
    return await portal(await make_user(shop, role="owner"))
