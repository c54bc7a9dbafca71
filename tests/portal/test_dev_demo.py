"""`claimsvc dev` seeds a portal owner whose one-time link sets a password."""

from __future__ import annotations

from claimsvc.dev import DEMO_OWNER, seed_demo
from claimsvc.runner import Component
from tests.conftest import initialize_body


async def test_the_demo_owner_can_set_a_password_through_the_banners_link(deps):
    demo = await seed_demo(deps, Component())
    line = demo.extra["portal owner"]
    assert line.startswith(DEMO_OWNER)
    link = line.rsplit(" ", 1)[1]
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
