"""Portal users through the admin API and the CLI, and the invite link in a browser-like client."""

from __future__ import annotations

import argparse

import pytest

from claimsvc.runtime import cli_admin
from tests.portal.conftest import PASSWORD


async def invite(fetch, account_id: str, email: str = "new@shop.example.com", role: str = "staff"):
    return await fetch(
        f"/admin/v1/accounts/{account_id}/users",
        json={"email": email, "role": role, "name": "Karim"},
        admin=True,
    )


async def test_operator_invites_a_user_and_the_link_is_in_that_answer_only(fetch, make_account):
    shop = await make_account()
    reply = await invite(fetch, shop.id, email="  New@Shop.Example.com ")
    assert reply.code == 201, reply.body
    body = reply.json()
    assert body["email"] == "new@shop.example.com"
    assert (body["role"], body["status"], body["name"]) == ("staff", "invited", "Karim")
    assert body["invite_url"].startswith("https://pay.example.test/portal/invite/")
    token = body["invite_url"].rsplit("/", 1)[1]
    listed = await fetch(f"/admin/v1/accounts/{shop.id}/users", admin=True)
    assert listed.code == 200
    assert [u["email"] for u in listed.json()["items"]] == ["new@shop.example.com"]
    assert token not in listed.body.decode() and "invite_url" not in listed.body.decode()


async def test_one_email_is_one_user_across_accounts(fetch, make_account):
    one, two = await make_account(), await make_account()
    assert (await invite(fetch, one.id)).code == 201
    again = await invite(fetch, two.id, email="NEW@shop.example.com")
    assert again.code == 409
    assert again.json() == {"error": "A user with this email already exists"}


async def test_invite_refuses_bad_input_and_unknown_accounts(fetch, make_account):
    shop = await make_account()
    bad_role = await invite(fetch, shop.id, role="admin")
    assert bad_role.code == 400
    bad_email = await invite(fetch, shop.id, email="not-an-email")
    assert bad_email.code == 400
    assert (await invite(fetch, "acc_nope")).code == 404
    unauthorised = await fetch(f"/admin/v1/accounts/{shop.id}/users")
    assert unauthorised.code == 401
    listed = await fetch(f"/admin/v1/accounts/{shop.id}/users", admin=True)
    assert listed.json()["items"] == []


async def test_invite_link_sets_the_password_once(fetch, make_account, portal_client):
    shop = await make_account()
    url = (await invite(fetch, shop.id)).json()["invite_url"]
    path = url.removeprefix("https://pay.example.test")
    client = portal_client()
    moved = await client.get(path, follow=False)
    assert moved.code == 303 and moved.location == "/portal/invite"
    assert moved.headers["Referrer-Policy"] == "no-referrer"
    form = await client.get("/portal/invite")
    assert form.code == 200 and "new@shop.example.com" in form.text
    token = path.rsplit("/", 1)[1]
    assert token not in form.text
    done = await client.post(
        "/portal/invite", {"password": PASSWORD, "password_again": PASSWORD}, follow=True
    )
    assert "Your password is set. Please sign in." in done.text
    assert "__Host-portal-invite" not in client.cookies
    # The sign-in form that follows has the email filled in (read once, from a cookie).
    assert 'value="new@shop.example.com"' in done.text
    assert "__Host-portal-email" not in client.cookies
    again = await client.get("/portal/login")
    assert 'value="new@shop.example.com"' not in again.text
    page = await portal_client().get(path)
    assert page.code == 404 and "expired or was already used" in page.text
    signed = await portal_client().sign_in("new@shop.example.com", PASSWORD)
    assert signed.code == 200 and "/portal/login" not in signed.url


async def test_password_policy_and_mismatch_are_shown_and_keep_the_link(
    fetch, make_account, portal_client
):
    shop = await make_account()
    path = (
        (await invite(fetch, shop.id)).json()["invite_url"].removeprefix("https://pay.example.test")
    )
    client = portal_client()
    await client.get(path)
    short = await client.post("/portal/invite", {"password": "short", "password_again": "short"})
    assert short.code == 400 and "too short" in short.text
    common = await client.post(
        "/portal/invite", {"password": "password123", "password_again": "password123"}
    )
    assert common.code == 400 and "too common" in common.text
    mismatch = await client.post(
        "/portal/invite", {"password": PASSWORD, "password_again": PASSWORD + "x"}
    )
    assert mismatch.code == 400 and "not the same" in mismatch.text
    ok = await client.post("/portal/invite", {"password": PASSWORD, "password_again": PASSWORD})
    assert ok.code == 303


async def test_an_expired_invite_does_not_work(fetch, make_account, portal_client, clock):
    shop = await make_account()
    path = (
        (await invite(fetch, shop.id)).json()["invite_url"].removeprefix("https://pay.example.test")
    )
    clock.advance(hours=72)
    client = portal_client()
    page = await client.get(path)
    assert page.code == 404 and "expired" in page.text


async def test_operator_disables_a_user_who_is_then_signed_out(
    fetch, make_account, make_user, portal
):
    shop = await make_account()
    owner = await make_user(shop)
    staff = await make_user(shop, role="staff")
    client = await portal(staff)
    reply = await fetch(
        f"/admin/v1/accounts/{shop.id}/users/{staff.id}/disable", json={}, admin=True
    )
    assert reply.code == 200 and reply.json()["status"] == "disabled"
    assert (await client.get("/portal/", follow=False)).code == 303
    again = await portal_client_sign_in(client, staff)
    assert again.code == 401
    last = await fetch(
        f"/admin/v1/accounts/{shop.id}/users/{owner.id}/disable", json={}, admin=True
    )
    assert last.code == 409 and "last active owner" in last.json()["error"]


async def portal_client_sign_in(client, user):
    client.cookies.clear()
    return await client.sign_in(user.email, user.password)


async def test_operator_reissues_a_link_and_the_old_one_stops(fetch, make_account, portal_client):
    shop = await make_account()
    first = (await invite(fetch, shop.id)).json()
    second = await fetch(
        f"/admin/v1/accounts/{shop.id}/users/{first['id']}/invite", json={}, admin=True
    )
    assert second.code == 200
    assert second.json()["invite_url"] != first["invite_url"]
    old = portal_client()
    assert (await old.get(first["invite_url"].removeprefix("https://pay.example.test"))).code == 404
    other = await make_account()
    cross = await fetch(
        f"/admin/v1/accounts/{other.id}/users/{first['id']}/invite", json={}, admin=True
    )
    assert cross.code == 404


def test_cli_builds_the_user_commands():
    parser = argparse.ArgumentParser()
    cli_admin.add_arguments(parser)
    env = {"CLAIMSVC_ADMIN_URL": "http://api:8080", "CLAIMSVC_ADMIN_TOKEN": "t"}
    args = parser.parse_args(
        ["users", "invite", "acc_1", "--email", "a@b.example", "--role", "owner", "--name", "Ana"]
    )
    request = cli_admin.build_request(args, env)
    assert (request.method, request.full_url) == (
        "POST",
        "http://api:8080/admin/v1/accounts/acc_1/users",
    )
    assert request.data == b'{"email": "a@b.example", "role": "owner", "name": "Ana"}'
    for action, method, tail in (
        (["users", "list", "acc_1"], "GET", "/accounts/acc_1/users"),
        (["users", "disable", "acc_1", "usr_2"], "POST", "/accounts/acc_1/users/usr_2/disable"),
        (["users", "reset", "acc_1", "usr_2"], "POST", "/accounts/acc_1/users/usr_2/invite"),
    ):
        request = cli_admin.build_request(parser.parse_args(action), env)
        assert (request.method, request.full_url) == (method, "http://api:8080/admin/v1" + tail)


@pytest.mark.parametrize("kept", ["not-an-email", "%22%3E%3Cscript%3E", "a%40b"])
async def test_a_forged_email_cookie_fills_in_nothing(portal_client, kept):
    client = portal_client()
    client.cookies["__Host-portal-email"] = kept
    page = await client.get("/portal/login")
    assert page.code == 200 and 'id="email" name="email" type="email" value=""' in page.text
    assert "<script>" not in page.text
