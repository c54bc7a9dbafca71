"""`claimsvc dev` seeds a portal owner; each start's banner line gives a set-password link that
works while no password is set, and after one is set, where to sign in and how to get a new
link (never the used one again)."""

from __future__ import annotations

from claimsvc.devstack.demo import DEMO_OWNER, owner_line, seed_demo
from claimsvc.runtime.runner import Component
from tests.conftest import initialize_body


def _link(line: str) -> str:
    return line.rsplit(" ", 1)[1]


async def test_the_demo_owner_can_set_a_password_through_the_banners_link(deps):
    demo = await seed_demo(deps, Component())
    line = await owner_line(deps, demo, admin_token_shown=True)
    assert line.strip().startswith(f"portal owner:  {DEMO_OWNER}, set a password at ")
    link = _link(line)
    assert link.startswith(f"{deps.settings.public_base_url}/portal/invite/")
    user = await deps.services.users.accept_invite(link.rsplit("/", 1)[1], "a demo pass phrase")
    assert (user.account_id, user.role, user.email) == (demo.account_id, "owner", DEMO_OWNER)


async def test_the_demo_test_key_opens_test_sessions_that_a_test_payment_pays(deps, fetch):
    demo = await seed_demo(deps, Component())
    test_key = demo.extra["demo test key"].split(" ", 1)[0]
    assert test_key.startswith("sk_test_")
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=test_key)
    assert opened.code == 201
    body = {"session_id": opened.json()["session_id"], "outcome": "paid", "wait": False}
    made = await fetch("/api/v1/test/payments", json=body, key=test_key)
    assert made.code == 202 and made.json()["sms"] == "queued"
    # The live demo key cannot.
    assert (await fetch("/api/v1/test/payments", json=body, key=demo.api_key)).code == 403


async def test_after_a_restart_the_banner_never_prints_a_used_link(deps):
    demo = await seed_demo(deps, Component())
    first = _link(await owner_line(deps, demo, admin_token_shown=True))
    await deps.services.users.accept_invite(first.rsplit("/", 1)[1], "a demo pass phrase")
    again = await owner_line(deps, demo, admin_token_shown=False)  # the next start
    assert first not in again and "/portal/invite/" not in again
    assert f"sign in at {deps.settings.public_base_url}/portal/login" in again
    assert f"claimsvc admin users reset {demo.account_id} " in again
    assert "CLAIMSVC_ADMIN_TOKEN=... " in again  # the operator's own token, never printed


async def test_a_restart_before_the_password_is_set_prints_a_new_link_and_ends_the_old(deps):
    demo = await seed_demo(deps, Component())
    first = _link(await owner_line(deps, demo, admin_token_shown=True))
    second = _link(await owner_line(deps, demo, admin_token_shown=True))
    assert second != first
    token = second.rsplit("/", 1)[1]
    user = await deps.services.users.accept_invite(token, "a demo pass phrase")
    assert user.email == DEMO_OWNER
