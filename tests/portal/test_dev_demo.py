"""`claimsvc dev` seeds a portal owner; each start makes a set-password link that works while no
password is set (the credentials file holds it; the banner line names its variable and shows
only its start), and after one is set, the banner says where to sign in and how to get a new
link (never the used one again)."""

from __future__ import annotations

from claimsvc.devstack.demo import (
    DEMO_OWNER,
    adopt_demo,
    claimsvc_command,
    owner_line,
    seed_demo,
)
from claimsvc.runtime.runner import Component
from tests.conftest import initialize_body

SOURCE = ". /home/dev/shop/.claimsvc-dev/credentials.env"


async def _link(deps, demo) -> str:
    """A start's link: the value for the credentials file, which the banner line never shows."""
    line = await owner_line(deps, demo, SOURCE)
    assert line.link is not None and line.link.variable == "CLAIMSVC_DEMO_OWNER_LINK"
    assert line.link.value not in line.text
    return line.link.value


async def test_the_demo_owner_can_set_a_password_through_the_start_s_link(deps):
    demo = await seed_demo(deps, Component())
    line = await owner_line(deps, demo, SOURCE)
    assert line.link is not None
    link = line.link.value
    assert link.startswith(f"{deps.settings.public_base_url}/portal/invite/")
    token = link.rsplit("/", 1)[1]
    assert line.text == (
        f"  portal owner:  {DEMO_OWNER}, set a password at $CLAIMSVC_DEMO_OWNER_LINK "
        f"({deps.settings.public_base_url}/portal/invite/{token[:12]}…)"
    )
    user = await deps.services.users.accept_invite(token, "a demo pass phrase")
    assert (user.account_id, user.role, user.email) == (demo.account_id, "owner", DEMO_OWNER)


async def test_the_demo_test_key_opens_test_sessions_that_a_test_payment_pays(deps, fetch):
    demo = await seed_demo(deps, Component())
    test_key = demo.extra["demo test key"]
    assert test_key.startswith("sk_test_")
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=test_key)
    assert opened.code == 201
    body = {"session_id": opened.json()["session_id"], "outcome": "paid", "wait": False}
    made = await fetch("/api/v1/test/payments", json=body, key=test_key)
    assert made.code == 202 and made.json()["sms"] == "queued"
    # The live demo key cannot.
    assert (await fetch("/api/v1/test/payments", json=body, key=demo.api_key)).code == 403


async def test_after_a_restart_the_banner_never_points_at_a_used_link(deps):
    demo = await seed_demo(deps, Component())
    first = await _link(deps, demo)
    await deps.services.users.accept_invite(first.rsplit("/", 1)[1], "a demo pass phrase")
    again = await owner_line(deps, demo, None)  # the next start, on the operator's token
    assert again.link is None
    assert first not in again.text and "/portal/invite/" not in again.text
    assert f"sign in at {deps.settings.public_base_url}/portal/login" in again.text
    # The CLI as a shell without the virtualenv finds it, on this start's port.
    where = f"CLAIMSVC_ADMIN_URL=http://localhost:{deps.settings.api_port}"
    command = f"{where} {claimsvc_command()} admin users reset {demo.account_id} "
    assert command in again.text
    assert "/.venv/bin/claimsvc" in claimsvc_command() or " -m claimsvc" in claimsvc_command()
    # The operator's own token is theirs to give (environment or .env), never printed.
    assert "(with your CLAIMSVC_ADMIN_TOKEN)" in again.text
    assert "CLAIMSVC_ADMIN_TOKEN=" not in again.text
    # With a generated token, the command reads it from the credentials file.
    generated = await owner_line(deps, demo, SOURCE)
    assert f"{SOURCE} && CLAIMSVC_ADMIN_TOKEN=$CLAIMSVC_ADMIN_TOKEN {command}" in generated.text


async def test_a_restart_before_the_password_is_set_makes_a_new_link_and_ends_the_old(deps):
    demo = await seed_demo(deps, Component())
    first = await _link(deps, demo)
    second = await _link(deps, demo)
    assert second != first
    token = second.rsplit("/", 1)[1]
    user = await deps.services.users.accept_invite(token, "a demo pass phrase")
    assert user.email == DEMO_OWNER


async def test_each_demo_account_gets_its_own_callback_secret(deps):
    first, second = [await seed_demo(deps, Component()) for _ in range(2)]
    secrets = [
        (await deps.stores.accounts.get(d.account_id)).callback_secret for d in (first, second)
    ]
    assert secrets[0] != secrets[1] and all(s and len(s) >= 32 for s in secrets)
    assert "demo-callback-secret" not in "".join(secrets)


async def test_a_new_data_folder_adopts_the_demo_the_database_holds_with_new_keys(deps, fetch):
    """Issue 32: another data folder (or your own MongoDB) on a database that holds the demo
    finds it by its owner, instead of stopping on the owner's email being taken."""
    assert await adopt_demo(deps, Component()) is None  # nothing to adopt yet
    made = await seed_demo(deps, Component())
    adopted = await adopt_demo(deps, Component())
    assert adopted is not None and adopted.account_id == made.account_id
    assert adopted.api_key != made.api_key  # only hashes are stored: new keys
    for key in (adopted.api_key, made.api_key, adopted.extra["demo test key"]):
        opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=key)
        assert opened.code == 201, key[:8]
    (owner,) = await deps.services.users.of_account(made.account_id)
    assert owner.email == DEMO_OWNER
    line = await owner_line(deps, adopted, SOURCE)  # a set-password link for the new start
    assert line.link is not None
