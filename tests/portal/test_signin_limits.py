"""Sign-in limits keep brute force out without letting a stranger lock a user out (issue 23,
finding 3; the policy and its numbers: claimsvc/domain/signin_limits.py, docs/decisions.md).

The test server trusts one proxy hop, so each test comes from the addresses it names in
X-Forwarded-For; what a client can write (X-Real-Ip, values further left) changes nothing."""

from __future__ import annotations

import re

import pytest

from claimsvc import errors
from claimsvc.domain import known_devices, totp
from claimsvc.domain.signin_limits import (
    GUARDED_PAIR,
    PER_ADDRESS,
    PER_PAIR,
    PER_USER,
    PER_USER_CODES,
)
from tests.conftest import make_settings
from tests.portal.conftest import PASSWORD
from tests.portal.test_security_two_factor import enrol

GUARDED = "This account has had too many failed sign-ins"
LIMITED = "Too many sign-in attempts. Please wait 15 minutes"
DEVICE = "__Host-portal-device"


@pytest.fixture
def settings():
    return make_settings(trusted_proxy_hops=1)


def at(address: str, spoof: str = "198.51.100.250") -> dict[str, str]:
    """Headers of a request from `address` behind the ingress, with client-written decoys."""
    return {"X-Real-Ip": spoof, "X-Forwarded-For": f"{spoof}, {address}"}


async def fail_from_everywhere(deps, email: str, attempts: int) -> None:
    """`attempts` wrong passwords for `email`, spread over addresses so no pair limit stops
    them (through the service: the HTTP path is tested below)."""
    per_address = PER_PAIR.attempts
    for i in range(attempts):
        with pytest.raises(errors.SignInFailed):
            await deps.services.signin.sign_in(email, "wrong", f"192.0.2.{i // per_address}")


async def post_login(portal_client, address: str, form: dict[str, str]):
    """The sign-in form posted once, by a fresh browser at `address`; the page it answers."""
    client = portal_client()
    client.headers.update(at(address))
    await client.get("/portal/login")
    return await client.post("/portal/login", form, follow=True)


def error_text(page) -> str:
    found = re.search(r'<p class="error"[^>]*>([^<]*)</p>', page.text)
    return found.group(1) if found else ""


async def test_a_strangers_failures_lock_only_the_strangers_address(
    make_account, make_user, portal_client
):
    user = await make_user(await make_account())
    for i in range(PER_PAIR.attempts):
        page = await portal_client().sign_in(
            user.email, "wrong password", headers=at("203.0.113.66", f"198.51.100.{i}")
        )
        assert page.code == 401
    blocked = await portal_client().sign_in(user.email, PASSWORD, headers=at("203.0.113.66"))
    assert blocked.code == 429 and LIMITED in blocked.text
    assert blocked.headers["Retry-After"] == "900"
    owner = await portal_client().sign_in(user.email, PASSWORD, headers=at("198.51.100.9"))
    assert owner.code == 200 and owner.url.endswith("/portal/")


async def test_the_limit_per_address_holds_across_users_whatever_the_client_writes(
    make_account, make_user, portal_client
):
    user = await make_user(await make_account())
    for i in range(PER_ADDRESS.attempts):
        page = await portal_client().sign_in(
            f"nobody{i}@shop.example.com", "x", headers=at("203.0.113.7", f"198.51.100.{i}")
        )
        assert page.code == 401
    blocked = await portal_client().sign_in(user.email, PASSWORD, headers=at("203.0.113.7"))
    assert blocked.code == 429
    elsewhere = await portal_client().sign_in(user.email, PASSWORD, headers=at("198.51.100.1"))
    assert elsewhere.code == 200


async def test_the_limit_per_address_counts_an_ipv6_subscriber_by_its_64(
    make_account, make_user, portal_client
):
    """A subscriber picks any address in its /64: a fresh one per attempt is still one client."""
    user = await make_user(await make_account())
    for i in range(PER_ADDRESS.attempts):
        page = await portal_client().sign_in(
            f"nobody{i}@shop.example.com", "x", headers=at(f"2001:db8:5:6::{i + 1:x}")
        )
        assert page.code == 401
    blocked = await portal_client().sign_in(user.email, PASSWORD, headers=at("2001:db8:5:6::ff"))
    assert blocked.code == 429
    next_64 = await portal_client().sign_in(user.email, PASSWORD, headers=at("2001:db8:5:7::1"))
    assert next_64.code == 200


async def test_a_success_clears_the_user_s_failures(make_account, make_user, portal_client):
    user = await make_user(await make_account())
    for _ in range(PER_PAIR.attempts - 1):
        await portal_client().sign_in(user.email, "wrong password")
    assert (await portal_client().sign_in(user.email, PASSWORD)).code == 200
    for _ in range(PER_PAIR.attempts - 1):
        assert (await portal_client().sign_in(user.email, "wrong password")).code == 401
    assert (await portal_client().sign_in(user.email, PASSWORD)).code == 200


async def campaign(deps, email: str, attempts: int, addresses: int) -> None:
    """`attempts` wrong passwords for `email` spread evenly over `addresses` addresses (past
    the per-user limit each is refused as guarded, then limited)."""
    for i in range(attempts):
        with pytest.raises((errors.SignInFailed, errors.SignInLimited)):
            await deps.services.signin.sign_in(email, "wrong", f"192.0.2.{i % addresses}")


async def test_during_a_campaign_the_owner_signs_in_from_a_new_browser_the_campaign_stays_slow(
    make_account, make_user, portal_client, deps
):
    """Issue 33: 120 wrong passwords from 12 addresses used to keep an owner without two-factor
    out of every new browser for as long as the campaign went on."""
    user = await make_user(await make_account())
    await campaign(deps, user.email, 120, 12)

    owner = portal_client()
    page = await owner.sign_in(user.email, PASSWORD, headers=at("198.51.100.77"))
    assert page.code == 200 and page.url.endswith("/portal/")
    assert DEVICE in owner.cookies  # this phone is known from now on

    # The campaign is still slowed: its addresses are refused, whatever they send; a new
    # address gets GUARDED_PAIR tries, then not even the right password passes from it.
    for i in range(12):
        refused = await portal_client().sign_in(user.email, "wrong", headers=at(f"192.0.2.{i}"))
        assert refused.code == 429, i
    fresh = "203.0.113.90"
    for _ in range(GUARDED_PAIR.attempts):
        wrong = await portal_client().sign_in(user.email, "guess", headers=at(fresh))
        assert wrong.code == 429 and GUARDED in wrong.text
    right = await portal_client().sign_in(user.email, PASSWORD, headers=at(fresh))
    assert right.code == 429 and GUARDED in right.text
    assert error_text(right) == error_text(wrong)  # the same answer: nothing learnt
    # And the owner's sign-in did not lift the guard for anyone else.
    other = await portal_client().sign_in(user.email, "guess", headers=at("203.0.113.91"))
    assert other.code == 429 and GUARDED in other.text


async def test_past_the_per_user_limit_a_password_alone_gets_a_few_tries_per_address(
    make_account, make_user, portal_client, deps
):
    user = await make_user(await make_account())
    await fail_from_everywhere(deps, user.email, PER_USER.attempts)
    client = portal_client()
    for _ in range(GUARDED_PAIR.attempts):
        page = await client.sign_in(user.email, "wrong password", headers=at("198.51.100.77"))
        assert page.code == 429 and GUARDED in page.text
    page = await client.sign_in(user.email, PASSWORD, headers=at("198.51.100.77"))
    assert page.code == 429 and GUARDED in page.text
    assert 'name="code"' in page.text  # the form asks for a code too
    assert "__Host-portal" not in client.cookies  # no session, not even a half one
    assert int(page.headers["Retry-After"]) <= GUARDED_PAIR.window_ms // 1000


async def test_past_the_per_user_limit_a_browser_the_user_signed_in_from_still_signs_in(
    make_account, make_user, portal_client, deps
):
    """A user without two-factor is not kept out by a campaign from many addresses: the
    browser they signed in from before passes the guard with the right password; a new browser
    does not, and neither does a known browser with a wrong password."""
    user = await make_user(await make_account())
    before = portal_client()
    assert (await before.sign_in(user.email, PASSWORD, headers=at("198.51.100.20"))).code == 200
    token = before.cookies[DEVICE]
    await fail_from_everywhere(deps, user.email, PER_USER.attempts)

    for _ in range(GUARDED_PAIR.attempts):  # a new browser's few tries from this address
        await portal_client().sign_in(user.email, "guess", headers=at("198.51.100.22"))
    stranger = await portal_client().sign_in(user.email, PASSWORD, headers=at("198.51.100.22"))
    assert stranger.code == 429 and GUARDED in stranger.text
    forged = portal_client()
    forged.cookies[DEVICE] = token[:-4] + "AAAA"
    refused = await forged.sign_in(user.email, PASSWORD, headers=at("198.51.100.22"))
    assert refused.code == 429
    known = portal_client()
    known.cookies[DEVICE] = token
    wrong = await known.sign_in(user.email, "wrong password", headers=at("198.51.100.22"))
    assert wrong.code == 429 and GUARDED in wrong.text  # the same answer as any refusal
    page = await known.sign_in(user.email, PASSWORD, headers=at("198.51.100.22"))
    assert page.code == 200 and page.url.endswith("/portal/")
    assert known.cookies[DEVICE] == token  # already known: not made known again


async def test_a_known_browser_is_forgotten_after_its_lifetime(
    make_account, make_user, portal_client, deps, clock
):
    user = await make_user(await make_account())
    before = portal_client()
    assert (await before.sign_in(user.email, PASSWORD)).code == 200
    clock.advance(seconds=known_devices.LIFETIME.total_seconds() + 1)
    await fail_from_everywhere(deps, user.email, PER_USER.attempts)
    old = portal_client()
    old.cookies[DEVICE] = before.cookies[DEVICE]
    for _ in range(GUARDED_PAIR.attempts):  # a forgotten browser spends a new one's tries
        await old.sign_in(user.email, "guess", headers=at("198.51.100.24"))
    page = await old.sign_in(user.email, PASSWORD, headers=at("198.51.100.24"))
    assert page.code == 429 and GUARDED in page.text


@pytest.fixture
async def guarded(make_account, make_user, portal, deps, clock):
    """A user with two-factor on, past the per-user limit: (user, TOTP secret, recovery codes)."""
    user = await make_user(await make_account())
    secret, codes = await enrol(await portal(user), clock)
    await fail_from_everywhere(deps, user.email, PER_USER.attempts)
    clock.advance(seconds=30)
    return user, secret, codes


async def test_past_the_per_user_limit_the_password_and_a_code_together_sign_in(
    guarded, portal_client, clock
):
    user, secret, _ = guarded
    sign_in = {"email": user.email, "password": PASSWORD}
    alone = await post_login(portal_client, "198.51.100.78", sign_in)
    assert alone.code == 429 and GUARDED in alone.text
    code = totp.code_at(secret, clock.now)
    both = await post_login(portal_client, "198.51.100.78", {**sign_in, "code": code})
    assert both.code == 200 and both.url.endswith("/portal/")
    # Signed in with both: the user's counts are cleared, the usual two steps are back.
    again = await portal_client().sign_in(user.email, PASSWORD, headers=at("198.51.100.79"))
    assert again.code == 401 and "wrong or was already used" in again.text  # the code step


async def test_past_the_per_user_limit_every_refusal_is_the_same(guarded, portal_client, clock):
    user, secret, codes = guarded
    right_code = totp.code_at(secret, clock.now)
    answers = []
    for i, (password, code) in enumerate(
        [("wrong", right_code), (PASSWORD, "000000"), (PASSWORD, ""), ("wrong", codes[0])]
    ):
        form = {"email": user.email, "password": password, "code": code}
        page = await post_login(portal_client, f"198.51.100.{100 + i}", form)
        answers.append((page.code, error_text(page)))
    assert len(set(answers)) == 1 and answers[0][0] == 429
    # Nothing was used up: the right code and a recovery code still work.
    form = {"email": user.email, "password": PASSWORD, "code": codes[0]}
    page = await post_login(portal_client, "198.51.100.120", form)
    assert page.code == 200 and page.url.endswith("/portal/")


async def test_codes_are_limited_per_user_from_everywhere(
    make_account, make_user, portal, portal_client, clock
):
    user = await make_user(await make_account())
    secret, _ = await enrol(await portal(user), clock)
    clock.advance(seconds=30)
    for i in range(PER_USER_CODES.attempts):
        page = await portal_client().sign_in(
            user.email, PASSWORD, "000000", headers=at(f"203.0.113.{i}")
        )
        assert page.code == 401
    page = await portal_client().sign_in(
        user.email, PASSWORD, totp.code_at(secret, clock.now), headers=at("203.0.113.200")
    )
    assert page.code == 429 and LIMITED in page.text
