"""Two-factor sign-in: enrol with a code, codes used once, recovery codes, turning it off."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from claimsvc import errors
from claimsvc.domain import totp
from claimsvc.domain.signin_limits import PER_USER_CODES
from tests.portal.conftest import PASSWORD

SECRET = re.compile(r'id="totp-secret">([A-Z2-7]+)<')
CODE = re.compile(r'<li class="secret">([a-z2-7]{5}-[a-z2-7]{5})</li>')


async def enrol(client, clock) -> tuple[str, list[str]]:
    """Turn two-factor on through the security page; the secret and the recovery codes."""
    await client.get("/portal/security")
    started = await client.post("/portal/security/totp/start")
    assert started.code == 200
    assert "data:image/svg+xml" in started.text
    secret = SECRET.search(started.text).group(1)
    done = await client.post(
        "/portal/security/totp/confirm", {"code": totp.code_at(secret, clock.now)}
    )
    assert done.code == 200, done.text
    codes = CODE.findall(done.text)
    assert len(codes) == 10
    return secret, codes


async def test_enrolled_user_signs_in_with_a_code_that_works_only_once(
    make_account, make_user, portal, portal_client, clock
):
    user = await make_user(await make_account())
    client = await portal(user)
    secret, codes = await enrol(client, clock)
    later = await client.get("/portal/security")
    assert "Two-factor sign-in is on" in later.text
    assert secret not in later.text and not any(c in later.text for c in codes)
    clock.advance(seconds=30)
    code = totp.code_at(secret, clock.now)
    first = portal_client()
    page = await first.sign_in(user.email, user.password, code)
    assert page.code == 200 and page.url.endswith("/portal/")
    second = portal_client()
    again = await second.sign_in(user.email, user.password, code)
    assert again.code == 401 and "wrong or was already used" in again.text
    assert (await second.get("/portal/", follow=False)).code == 303


async def test_a_wrong_code_at_enrolment_leaves_two_factor_off(
    make_account, make_user, portal, clock
):
    client = await portal(await make_user(await make_account()))
    started = await client.post("/portal/security/totp/start")
    secret = SECRET.search(started.text).group(1)
    wrong = await client.post("/portal/security/totp/confirm", {"code": "000000"})
    assert wrong.code == 400 and "Start the set-up again" in wrong.text
    assert secret not in wrong.text
    late = await client.post(
        "/portal/security/totp/confirm", {"code": totp.code_at(secret, clock.now)}
    )
    assert late.code == 200  # the pending secret stays until it is confirmed or replaced
    assert "Two-factor sign-in is on" in late.text


async def test_a_recovery_code_signs_in_once(make_account, make_user, portal, portal_client, clock):
    user = await make_user(await make_account())
    _secret, codes = await enrol(await portal(user), clock)
    page = await portal_client().sign_in(user.email, user.password, codes[3].upper())
    assert page.code == 200 and page.url.endswith("/portal/")
    again = await portal_client().sign_in(user.email, user.password, codes[3])
    assert again.code == 401


async def test_turning_two_factor_off_needs_a_code(
    make_account, make_user, portal, portal_client, clock
):
    user = await make_user(await make_account())
    client = await portal(user)
    secret, _codes = await enrol(client, clock)
    refused = await client.post("/portal/security/totp/disable", {"code": "123456"})
    assert refused.code == 401
    clock.advance(seconds=30)
    off = await client.post(
        "/portal/security/totp/disable", {"code": totp.code_at(secret, clock.now)}, follow=True
    )
    assert "Two-factor sign-in is off." in off.text
    page = await portal_client().sign_in(user.email, user.password)
    assert page.code == 200 and page.url.endswith("/portal/")


async def test_new_recovery_codes_replace_the_old_ones(
    make_account, make_user, portal, portal_client, clock
):
    user = await make_user(await make_account())
    client = await portal(user)
    _secret, old = await enrol(client, clock)
    renewed = await client.post("/portal/security/recovery", {"code": old[0]})
    fresh = CODE.findall(renewed.text)
    assert len(fresh) == 10 and not set(fresh) & set(old)
    assert (await portal_client().sign_in(user.email, user.password, old[1])).code == 401
    assert (await portal_client().sign_in(user.email, user.password, fresh[0])).code == 200


async def test_the_code_step_gets_a_new_session_id(
    make_account, make_user, portal, portal_client, clock
):
    user = await make_user(await make_account())
    secret, _codes = await enrol(await portal(user), clock)
    client = portal_client()
    await client.get("/portal/login")
    await client.post("/portal/login", {"email": user.email, "password": user.password})
    half = client.cookies["__Host-portal"]
    assert (await client.get("/portal/", follow=False)).code == 303  # not signed in yet
    await client.get("/portal/login/code")
    clock.advance(seconds=30)
    done = await client.post("/portal/login/code", {"code": totp.code_at(secret, clock.now)})
    assert done.code == 303
    assert client.cookies["__Host-portal"] != half
    stale = portal_client()
    stale.cookies["__Host-portal"] = half
    assert (await stale.get("/portal/", follow=False)).code == 303


async def test_the_right_password_does_not_reset_the_limit_on_codes(
    make_account, make_user, portal, deps, clock
):
    """With two-factor on, the code count is cleared only by a whole sign-in: a stolen
    password must not buy an attacker fresh code guesses (PER_USER_CODES from everywhere)."""
    user = await make_user(await make_account())
    secret, _ = await enrol(await portal(user), clock)
    window = {totp.code_at(secret, clock.now + timedelta(seconds=d)) for d in (-30, 0, 30)}
    wrong = next(c for c in (f"{n:06d}" for n in range(10**6)) if c not in window)
    signin = deps.services.signin
    for i in range(PER_USER_CODES.attempts):  # each round: the right password, a wrong code
        started = await signin.sign_in(user.email, PASSWORD, f"10.0.0.{i}")
        current = await signin.current(started.session_id)
        with pytest.raises(errors.CodeFailed):
            await signin.finish_code_step(current, wrong, f"10.0.0.{i}")
    started = await signin.sign_in(user.email, PASSWORD, "10.0.1.1")
    current = await signin.current(started.session_id)
    clock.advance(seconds=30)
    with pytest.raises(errors.SignInLimited):
        await signin.finish_code_step(current, totp.code_at(secret, clock.now), "10.0.1.1")
