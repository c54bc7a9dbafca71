"""The portal's security properties: session fixation, CSRF (nothing changes), roles, accounts
kept apart, and no secret in a later page or a log (the sign-in limits:
test_signin_limits.py)."""

from __future__ import annotations

import logging

import pytest

from tests.conftest import make_settings
from tests.portal.conftest import PASSWORD


@pytest.fixture
def settings():
    # One trusted hop: the test sets X-Forwarded-For, so one test can come from many addresses.
    return make_settings(trusted_proxy_hops=1)


async def test_a_session_id_planted_before_sign_in_is_not_the_one_used_after(
    make_account, make_user, portal, portal_client
):
    shop = await make_account()
    attacker = await portal(await make_user(shop, role="staff"))
    planted = attacker.cookies["__Host-portal"]
    victim_user = await make_user(shop)
    victim = portal_client()
    victim.cookies["__Host-portal"] = planted
    page = await victim.sign_in(victim_user.email, victim_user.password)
    assert page.code == 200 and victim_user.email in page.text
    assert victim.cookies["__Host-portal"] != planted
    # The planted id was ended at sign-in: it opens nothing, least of all the victim's pages.
    assert (await attacker.get("/portal/", follow=False)).code == 303


async def test_a_made_up_cookie_is_ignored_and_replaced(make_account, make_user, portal_client):
    user = await make_user(await make_account())
    client = portal_client()
    client.cookies["__Host-portal"] = "chosen-by-the-attacker"
    assert (await client.get("/portal/", follow=False)).code == 303
    await client.sign_in(user.email, user.password)
    assert client.cookies["__Host-portal"] != "chosen-by-the-attacker"


@pytest.mark.parametrize("token", [None, "wrong-token"])
async def test_csrf_missing_or_wrong_is_refused_and_nothing_changes(
    make_account, make_user, portal, portal_client, deps, token
):
    shop = await make_account()
    owner = await make_user(shop)
    staff = await make_user(shop, role="staff")
    client = await portal(owner)
    await client.get("/portal/team")
    attempts = [
        (
            "/portal/security/password",
            {
                "current_password": PASSWORD,
                "new_password": "brand new pass 9",
                "new_password_again": "brand new pass 9",
            },
        ),
        ("/portal/team/invite", {"email": "x@shop.example.com", "role": "owner"}),
        (f"/portal/team/{staff.id}/role", {"role": "owner"}),
        (f"/portal/team/{staff.id}/disable", {}),
        ("/portal/security/totp/start", {}),
        ("/portal/logout", {}),
    ]
    for path, form in attempts:
        page = await client.post(path, form, csrf=token)
        assert page.code == 403, path
        assert "The form had expired" in page.text
    team = await deps.services.users.of_account(shop.id)
    assert {(u.email, u.role, u.status) for u in team} == {
        (owner.email, "owner", "active"),
        (staff.email, "staff", "active"),
    }
    assert (await deps.stores.users.get(owner.id)).totp_secret is None
    assert (await portal_client().sign_in(owner.email, PASSWORD)).code == 200
    assert (await client.get("/portal/team")).code == 200  # still signed in


async def test_a_token_of_another_session_is_refused(make_account, make_user, portal):
    shop = await make_account()
    mine = await portal(await make_user(shop))
    theirs = await portal(await make_user(shop))
    page = await mine.post(
        "/portal/team/invite", {"email": "y@shop.example.com", "role": "staff"}, csrf=theirs.csrf
    )
    assert page.code == 403


async def test_a_post_without_origin_or_referer_is_refused(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    client.origin = "null"
    assert (await client.post("/portal/logout")).code == 403


@pytest.mark.parametrize(
    ("role", "path", "status"),
    [
        ("staff", "/portal/team", 403),
        ("staff", "/portal/audit", 403),
        ("developer", "/portal/team", 403),
        ("developer", "/portal/audit", 403),
        ("owner", "/portal/team", 200),
        ("owner", "/portal/audit", 200),
        ("staff", "/portal/security", 200),
    ],
)
async def test_roles_decide_the_pages(make_account, make_user, portal, role, path, status):
    client = await portal(await make_user(await make_account(), role=role))
    page = await client.get(path)
    assert page.code == status
    if status == 403:
        assert "Your role does not allow this page." in page.text


async def test_staff_cannot_invite_through_the_team_action(make_account, make_user, portal, deps):
    shop = await make_account()
    client = await portal(await make_user(shop, role="staff"))
    await client.get("/portal/")
    page = await client.post(
        "/portal/team/invite", {"email": "z@shop.example.com", "role": "owner"}
    )
    assert page.code == 403
    assert len(await deps.services.users.of_account(shop.id)) == 1


async def test_the_menu_shows_only_what_the_role_may_open(make_account, make_user, portal):
    shop = await make_account()
    staff = await portal(await make_user(shop, role="staff"))
    page = await staff.get("/portal/")
    assert 'href="/portal/team"' not in page.text and 'href="/portal/audit"' not in page.text
    owner = await portal(await make_user(shop))
    page = await owner.get("/portal/")
    assert 'href="/portal/team"' in page.text and 'href="/portal/audit"' in page.text


async def test_an_owner_reaches_nothing_of_another_account(make_account, make_user, portal, deps):
    mine, theirs = await make_account(), await make_account(name="Other Shop")
    client = await portal(await make_user(mine))
    other_owner = await make_user(theirs, email="other-owner@other.example.com")
    other_staff = await make_user(theirs, role="staff", email="other-staff@other.example.com")
    await deps.services.audit.record(theirs.id, other_owner.id, other_owner.email, "secret_thing")
    await client.get("/portal/team")
    for action, form in (("role", {"role": "owner"}), ("disable", {}), ("link", {})):
        page = await client.post(f"/portal/team/{other_staff.id}/{action}", form)
        assert page.code == 404, action
    team = await client.get("/portal/team")
    audit = await client.get("/portal/audit")
    for page in (team, audit):
        assert "other.example.com" not in page.text and "Other Shop" not in page.text
    assert "secret_thing" not in audit.text
    assert (await deps.stores.users.get(other_staff.id)).status == "active"


async def test_an_owner_is_offered_no_action_on_themselves_and_the_server_refuses_them(
    make_account, make_user, portal, deps
):
    """The page offers no role, disable or link form on the owner's own row, and a forged
    POST is refused (409) with nothing changed: with two owners, one demoting or disabling
    themselves by mistake would lock themselves out."""
    shop = await make_account()
    owner = await make_user(shop)
    second = await make_user(shop)
    client = await portal(owner)
    team = await client.get("/portal/team")
    assert f"/portal/team/{owner.id}/" not in team.text
    assert f"/portal/team/{second.id}/disable" in team.text
    assert "another owner changes your role or access" in team.text
    for action, form in (("role", {"role": "staff"}), ("disable", {}), ("link", {})):
        page = await client.post(f"/portal/team/{owner.id}/{action}", form)
        assert page.code == 409 and "You cannot change your own role" in page.text, action
    mine = await deps.stores.users.get(owner.id)
    assert (mine.role, mine.status) == ("owner", "active")
    assert (await client.get("/portal/", follow=False)).code == 200  # still signed in
    moved = await client.post(f"/portal/team/{second.id}/role", {"role": "developer"}, follow=True)
    assert "The role is changed." in moved.text


async def test_bangla_team_page_names_the_own_row_in_bangla(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    page = await client.get("/portal/team?lang=bn")
    assert "আপনার ভূমিকা বা প্রবেশাধিকার অন্য একজন মালিক বদলান" in page.text


async def test_team_invite_shows_the_link_once(make_account, make_user, portal, caplog):
    caplog.set_level(logging.DEBUG)
    client = await portal(await make_user(await make_account()))
    await client.get("/portal/team")
    page = await client.post(
        "/portal/team/invite",
        {"email": "Mina@Shop.example.com", "role": "developer", "name": "Mina"},
        follow=True,  # POST/redirect/GET: the page it redirects to shows the link once
    )
    assert page.code == 200 and "mina@shop.example.com" in page.text
    link = page.text.split('id="invite-link">', 1)[1].split("<", 1)[0]
    assert link.startswith("https://pay.example.test/portal/invite/")
    token = link.rsplit("/", 1)[1]
    later = [await client.get(p) for p in ("/portal/team", "/portal/audit", "/portal/", page.url)]
    assert all(token not in p.text for p in later)
    assert "mina@shop.example.com" in later[0].text
    assert "User invited" in later[1].text
    assert token not in logged(caplog)


def logged(caplog) -> str:
    """Every log record with its extra fields, as one text to search."""
    return "\n".join(f"{r.getMessage()} {vars(r)}" for r in caplog.records)


async def test_no_password_token_code_or_secret_reaches_a_log(
    fetch, make_account, make_user, portal, portal_client, clock, caplog
):
    from tests.portal.test_security_two_factor import enrol

    caplog.set_level(logging.DEBUG)
    shop = await make_account()
    url = (
        await fetch(
            f"/admin/v1/accounts/{shop.id}/users",
            json={"email": "log@shop.example.com", "role": "owner"},
            admin=True,
        )
    ).json()["invite_url"]
    token = url.rsplit("/", 1)[1]
    visitor = portal_client()
    await visitor.get(url.removeprefix("https://pay.example.test"))
    await visitor.post("/portal/invite", {"password": PASSWORD, "password_again": PASSWORD})
    await portal_client().sign_in("log@shop.example.com", "a wrong password 1")
    user = await make_user(shop)
    client = await portal(user)
    secret, codes = await enrol(client, clock)
    clock.advance(seconds=30)
    await portal_client().sign_in(user.email, user.password, codes[0])
    text = logged(caplog)
    assert "request" in text  # the access log was captured
    for value in (
        token,
        PASSWORD,
        "a wrong password 1",
        secret,
        *codes,
        client.cookies["__Host-portal"],
    ):
        assert value not in text


async def test_a_get_on_a_team_member_action_is_405_not_500(make_account, make_user, portal):
    shop = await make_account()
    owner = await make_user(shop)
    staff = await make_user(shop, role="staff")
    client = await portal(owner)
    for action in ("role", "disable", "link"):
        for user_id in (staff.id, f"usr_{'0' * 24}"):
            page = await client.get(f"/portal/team/{user_id}/{action}", follow=False)
            assert page.code == 405, (action, page.code)
