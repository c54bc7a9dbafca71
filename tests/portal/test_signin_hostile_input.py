"""What a careless or hostile browser sends the sign-in pages (issue 23, findings 5, 6 and 8):
odd cookies, odd `next` paths, digits of other scripts, forms from other origins. Each gets a
page or a redirect of ours, never a 500, and nothing it sent is echoed."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

import pytest
from tornado.httpclient import AsyncHTTPClient

from claimsvc.domain import totp
from tests.portal.conftest import PASSWORD
from tests.portal.test_security_two_factor import SECRET, enrol

SIGNIN_COOKIE = "__Host-portal-signin"
# The last: UTF-8 bytes of Bangla letters, as a header carries them (one latin-1 char a byte).
ODD_COOKIES = ['abc"', 'abc""', "<b>bold</b>", "a b", '"quoted"', "x" * 5000, "\xe0\xa6\x95" * 30]
BAD_NEXT = [
    "/portal/\r\nSet-Cookie: planted=1",
    "/portal/%0d%0aX: y",
    "/portal/\x00",
    "https://evil.example/",
    "//evil.example/portal/",
    "/\\evil.example",
    "/portal/ক",
]


async def raw_get(server: str, path: str, cookie: str) -> tuple[int, str, dict[str, str]]:
    """GET with a Cookie header exactly as given (the test client would refuse some)."""
    resp = await AsyncHTTPClient().fetch(
        server + path,
        headers={"Cookie": cookie},
        follow_redirects=False,
        raise_error=False,
    )
    return resp.code, (resp.body or b"").decode(), resp.headers


@pytest.mark.parametrize("value", ODD_COOKIES)
async def test_a_malformed_sign_in_cookie_is_treated_as_absent_and_never_echoed(
    server, portal_client, make_account, make_user, value
):
    code, text, headers = await raw_get(server, "/portal/login", f"{SIGNIN_COOKIE}={value}")
    assert code == 200
    assert value not in text and "<b>bold" not in text
    fresh = [c for c in headers.get_list("Set-Cookie") if c.startswith(SIGNIN_COOKIE)]
    assert fresh and value not in fresh[0]


async def test_the_form_never_holds_the_sign_in_cookie_itself(
    portal_client, make_account, make_user
):
    user = await make_user(await make_account())
    client = portal_client()
    first = await client.get("/portal/login")
    second = await client.get("/portal/login")
    cookie = client.cookies[SIGNIN_COOKIE]
    assert cookie not in first.text and cookie not in second.text
    assert first.csrf() != second.csrf()  # masked afresh on every page
    assert (await client.post("/portal/login", {"email": user.email, "password": PASSWORD})).code
    assert client.history[-1].code == 303  # either page's token signs in


@pytest.mark.parametrize("cookie", ["__Host-portal=a b", '__Host-portal="x"', "__Host-portal=<b>"])
async def test_a_malformed_session_cookie_is_no_session(server, cookie):
    code, _, headers = await raw_get(server, "/portal/payments", cookie)
    assert code == 303 and headers["Location"].startswith("/portal/login")


async def test_a_malformed_invite_cookie_is_the_not_found_page(server):
    code, text, _ = await raw_get(server, "/portal/invite", '__Host-portal-invite="a b"')
    assert code == 404 and "a b" not in text


@pytest.mark.parametrize("bad", BAD_NEXT)
async def test_a_next_that_is_no_portal_path_is_dropped_on_every_step(
    portal_client, portal, make_account, make_user, bad
):
    user = await make_user(await make_account())
    client = portal_client()
    page = await client.get(f"/portal/login?next={quote(bad, safe='')}")
    assert page.code == 200 and 'name="next" value="/portal/"' in page.text
    signed_in = await client.post(
        "/portal/login", {"email": user.email, "password": PASSWORD, "next": bad}
    )
    assert signed_in.code == 303 and signed_in.location == "/portal/"
    again = await client.get(f"/portal/login?next={quote(bad, safe='')}", follow=False)
    assert again.code == 303 and again.location == "/portal/"


async def test_a_portal_next_with_a_query_survives_the_code_step(
    portal, portal_client, make_account, make_user, clock
):
    user = await make_user(await make_account())
    secret, _ = await enrol(await portal(user), clock)
    clock.advance(seconds=30)
    client = portal_client()
    await client.get("/portal/login")
    wanted = "/portal/payments?status=OPEN&lang=bn"
    step = await client.post(
        "/portal/login", {"email": user.email, "password": PASSWORD, "next": wanted}
    )
    assert step.code == 303
    form = await client.get(step.location)
    kept = html.unescape(re.search(r'name="next" value="([^"]*)"', form.text).group(1))
    assert kept == wanted
    code = totp.code_at(secret, clock.now)
    done = await client.post("/portal/login/code", {"code": code, "next": kept})
    assert done.code == 303 and done.location == wanted


@pytest.mark.parametrize("typed", ["١٢٣٤٥٦", "¹²³⁴⁵⁶", "①②③④⑤⑥", "12345\u0000"])
async def test_digits_of_other_scripts_are_a_wrong_code_not_a_fault(
    portal, portal_client, make_account, make_user, clock, typed
):
    user = await make_user(await make_account())
    client = await portal(user)
    started = await client.post("/portal/security/totp/start", follow=True)
    enrolment = await client.post("/portal/security/totp/confirm", {"code": typed})
    assert enrolment.code == 400 and "did not match" in enrolment.text
    secret = SECRET.search(started.text).group(1)
    confirmed = await client.post(
        "/portal/security/totp/confirm", {"code": totp.code_at(secret, clock.now)}
    )
    assert confirmed.code == 303
    clock.advance(seconds=30)
    page = await portal_client().sign_in(user.email, PASSWORD, typed)
    assert page.code == 401 and "wrong or was already used" in page.text


async def test_a_code_typed_in_bangla_digits_is_read(
    portal, portal_client, make_account, make_user, clock
):
    user = await make_user(await make_account())
    secret, _ = await enrol(await portal(user), clock)
    clock.advance(seconds=30)
    bangla = totp.code_at(secret, clock.now).translate(str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯"))
    page = await portal_client().sign_in(user.email, PASSWORD, bangla)
    assert page.code == 200 and page.url.endswith("/portal/")


@pytest.mark.parametrize(
    "origin",
    [
        "http://pay.example.test",  # the public host over plain HTTP
        "https://pay.example.test:8443",
        "https://pay.example.test.evil.example",
        "SERVER",  # the request's own Host: not the public origin
    ],
)
async def test_a_form_from_any_origin_but_the_public_one_is_refused(
    server, portal, make_account, make_user, origin
):
    client = await portal(await make_user(await make_account()))
    sent = server if origin == "SERVER" else origin
    page = await client.post("/portal/logout", headers={"Origin": sent})
    assert page.code == 403
    referred = await client.post("/portal/logout", headers={"Origin": "", "Referer": sent + "/"})
    assert referred.code == 403
    assert (await client.get("/portal/", follow=False)).code == 200
    assert (await client.post("/portal/logout")).code == 303  # the public origin is accepted
