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
CODE = re.compile(r'<li><span class="secret">([a-z2-7]{5}-[a-z2-7]{5})</span></li>')


async def start(client) -> tuple[str, object]:
    """Start a set-up: the POST redirects to the security page, which shows the secret."""
    await client.get("/portal/security")
    started = await client.post("/portal/security/totp/start")
    assert started.code == 303 and started.location == "/portal/security"
    page = await client.get("/portal/security")
    assert "data:image/svg+xml" in page.text
    return SECRET.search(page.text).group(1), page


async def enrol(client, clock) -> tuple[str, list[str]]:
    """Turn two-factor on through the security page; the secret and the recovery codes."""
    secret, _page = await start(client)
    done = await client.post(
        "/portal/security/totp/confirm", {"code": totp.code_at(secret, clock.now)}
    )
    assert done.code == 303, done.text
    shown = await client.get(done.location)
    codes = CODE.findall(shown.text)
    assert len(codes) == 10
    return secret, codes


def wrong_code(secret: str, now) -> str:
    window = {totp.code_at(secret, now + timedelta(seconds=d)) for d in (-30, 0, 30)}
    return next(c for c in (f"{n:06d}" for n in range(10**6)) if c not in window)


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
    assert again.code == 401 and "That code was used already" in again.text
    assert (await second.get("/portal/", follow=False)).code == 303


async def test_a_wrong_code_keeps_the_set_up_with_the_same_secret(
    make_account, make_user, portal, clock
):
    client = await portal(await make_user(await make_account()))
    secret, _page = await start(client)
    wrong = await client.post(
        "/portal/security/totp/confirm", {"code": wrong_code(secret, clock.now)}
    )
    assert wrong.code == 400 and "That code did not match" in wrong.text
    assert "4 tries left" in wrong.text
    assert SECRET.search(wrong.text).group(1) == secret  # the app's entry stays right
    again = await client.get("/portal/security")
    assert SECRET.search(again.text).group(1) == secret
    done = await client.post(
        "/portal/security/totp/confirm", {"code": totp.code_at(secret, clock.now)}, follow=True
    )
    assert "Two-factor sign-in is on" in done.text and len(CODE.findall(done.text)) == 10


async def test_the_fifth_wrong_code_ends_the_set_up(make_account, make_user, portal, clock):
    client = await portal(await make_user(await make_account()))
    secret, _page = await start(client)
    for left in (4, 3, 2, 1):
        page = await client.post(
            "/portal/security/totp/confirm", {"code": wrong_code(secret, clock.now)}
        )
        assert page.code == 400 and f"{left} tries left" in page.text
    ended = await client.post(
        "/portal/security/totp/confirm", {"code": wrong_code(secret, clock.now)}
    )
    assert ended.code == 400 and "The set-up ended" in ended.text
    assert secret not in ended.text and 'action="/portal/security/totp/start"' in ended.text
    late = await client.post(
        "/portal/security/totp/confirm", {"code": totp.code_at(secret, clock.now)}
    )
    assert late.code == 400 and "The set-up ended" in late.text
    assert "Two-factor sign-in is off" in (await client.get("/portal/security")).text
    fresh, _page = await start(client)
    assert fresh != secret


async def test_starting_again_keeps_the_waiting_secret_until_it_ends(
    make_account, make_user, portal, clock
):
    client = await portal(await make_user(await make_account()))
    secret, _page = await start(client)
    assert (await start(client))[0] == secret  # a second click, or the back button
    clock.advance(minutes=20)
    assert SECRET.search((await client.get("/portal/security")).text).group(1) == secret
    clock.advance(minutes=11)  # the portal session lives on (used 11 minutes ago)
    page = await client.get("/portal/security")
    assert secret not in page.text and "Two-factor sign-in is off" in page.text
    assert (await start(client))[0] != secret


async def test_cancelling_the_set_up_drops_its_secret(make_account, make_user, portal, clock):
    client = await portal(await make_user(await make_account()))
    secret, _page = await start(client)
    cancelled = await client.post("/portal/security/totp/cancel", follow=True)
    assert "The set-up is cancelled" in cancelled.text and secret not in cancelled.text
    late = await client.post(
        "/portal/security/totp/confirm", {"code": totp.code_at(secret, clock.now)}
    )
    assert late.code == 400 and "The set-up ended" in late.text


async def test_the_set_up_page_has_no_empty_two_factor_card(make_account, make_user, portal, clock):
    client = await portal(await make_user(await make_account()))
    _secret, page = await start(client)
    assert 'id="enrol-title"' in page.text and 'id="twofa-title"' not in page.text
    assert 'for="recovery-code"' not in page.text


async def test_the_recovery_codes_are_shown_once_and_a_reload_makes_none(
    make_account, make_user, portal, portal_client, clock
):
    user = await make_user(await make_account())
    client = await portal(user)
    secret, _page = await start(client)
    done = await client.post(
        "/portal/security/totp/confirm", {"code": totp.code_at(secret, clock.now)}
    )
    first = await client.get(done.location)
    codes = CODE.findall(first.text)
    assert len(codes) == 10 and first.headers["Cache-Control"] == "no-store"
    reload = await client.get(done.location)
    assert not CODE.findall(reload.text) and "shown once" in reload.text
    assert (await portal_client().sign_in(user.email, user.password, codes[0])).code == 200


async def test_the_two_code_fields_have_their_own_labels(make_account, make_user, portal, clock):
    client = await portal(await make_user(await make_account()))
    await enrol(client, clock)
    page = await client.get("/portal/security")
    labels = re.findall(r'<label for="(recovery-code|disable-code)">([^<]+)</label>', page.text)
    assert dict(labels) == {
        "recovery-code": "Code for new recovery codes",
        "disable-code": "Code to turn two-factor off",
    }


async def test_the_code_that_finished_the_set_up_is_refused_with_a_wait(
    make_account, make_user, portal, portal_client, clock
):
    """RFC 6238 §5.2: a code is accepted once. Signing in at once after the set-up with its
    code is refused, with words that say to wait for the next code; the next one works."""
    user = await make_user(await make_account())
    client = await portal(user)
    secret, _codes = await enrol(client, clock)
    same = await portal_client().sign_in(user.email, user.password, totp.code_at(secret, clock.now))
    assert same.code == 401 and "Wait for your app to show the next code" in same.text
    clock.advance(seconds=30)
    after = await portal_client().sign_in(
        user.email, user.password, totp.code_at(secret, clock.now)
    )
    assert after.code == 200 and after.url.endswith("/portal/")


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
    renewed = await client.post("/portal/security/recovery", {"code": old[0]}, follow=True)
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
