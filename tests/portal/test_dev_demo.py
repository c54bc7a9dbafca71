"""`claimsvc dev` seeds a portal owner whose one-time link sets a password."""

from __future__ import annotations

from claimsvc.dev import DEMO_OWNER, seed_demo
from claimsvc.runner import Component


async def test_the_demo_owner_can_set_a_password_through_the_banners_link(deps):
    demo = await seed_demo(deps, Component())
    line = demo.extra["portal owner"]
    assert line.startswith(DEMO_OWNER)
    link = line.rsplit(" ", 1)[1]
    assert link.startswith(f"{deps.settings.public_base_url}/portal/invite/")
    user = await deps.services.users.accept_invite(link.rsplit("/", 1)[1], "a demo pass phrase")
    assert (user.account_id, user.role, user.email) == (demo.account_id, "owner", DEMO_OWNER)
