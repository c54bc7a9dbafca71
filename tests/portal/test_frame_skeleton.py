"""The portal frame: signing in through the form, the CSRF check, roles, language."""

from __future__ import annotations

from tests.portal.conftest import PASSWORD


async def test_signed_in_owner_sees_the_overview_with_the_menu(make_account, make_user, portal):
    shop = await make_account(name="Rahim Store")
    user = await make_user(shop, name="Rahim")
    client = await portal(user)
    page = await client.get("/portal/")
    assert page.code == 200
    assert "Welcome, Rahim" in page.text
    assert "Rahim Store" in page.text
    assert 'href="/portal/"' in page.text


async def test_a_visitor_without_a_session_is_sent_to_sign_in(portal_client):
    client = portal_client()
    page = await client.get("/portal/", follow=False)
    assert page.code == 303
    assert page.location == "/portal/login?next=/portal/"


async def test_wrong_password_is_refused_on_the_page(make_account, make_user, portal_client):
    user = await make_user(await make_account())
    client = portal_client()
    page = await client.sign_in(user.email, "not the password")
    assert page.code == 401
    assert "Wrong email or password." in page.text
    assert "__Host-portal" not in client.cookies


async def test_sign_in_without_the_form_token_is_refused(make_account, make_user, portal_client):
    user = await make_user(await make_account())
    client = portal_client()
    await client.get("/portal/login")
    page = await client.post(
        "/portal/login", {"email": user.email, "password": PASSWORD}, csrf=None
    )
    assert page.code == 403
    assert "__Host-portal" not in client.cookies


async def test_a_post_from_another_origin_is_refused(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    page = await client.post("/portal/logout", headers={"Origin": "https://evil.example"})
    assert page.code == 403
    assert (await client.get("/portal/")).code == 200


async def test_sign_out_ends_the_session(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    stolen = dict(client.cookies)
    page = await client.post("/portal/logout", follow=True)
    assert "You are signed out." in page.text
    client.cookies = stolen
    assert (await client.get("/portal/", follow=False)).code == 303


async def test_bangla_is_chosen_by_query_and_remembered(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    page = await client.get("/portal/?lang=bn")
    assert 'lang="bn"' in page.text and "সারসংক্ষেপ" in page.text
    page = await client.get("/portal/")
    assert "সারসংক্ষেপ" in page.text


async def test_portal_pages_carry_the_strict_csp(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    page = await client.get("/portal/")
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    assert page.headers["Referrer-Policy"] == "same-origin"
    assert page.headers["Cache-Control"] == "no-store"


async def test_a_session_ends_after_30_idle_minutes(make_account, make_user, portal, clock):
    client = await portal(await make_user(await make_account()))
    clock.advance(minutes=29)
    assert (await client.get("/portal/", follow=False)).code == 200
    clock.advance(minutes=29)  # 29 minutes after the last use: still alive
    assert (await client.get("/portal/", follow=False)).code == 200
    clock.advance(minutes=31)
    assert (await client.get("/portal/", follow=False)).code == 303


async def test_a_busy_session_still_ends_12_hours_after_sign_in(
    make_account, make_user, portal, clock
):
    client = await portal(await make_user(await make_account()))
    for _ in range(24):  # 11 h 36 min of use, never 30 minutes idle
        clock.advance(minutes=29)
        assert (await client.get("/portal/", follow=False)).code == 200
    clock.advance(minutes=29)
    assert (await client.get("/portal/", follow=False)).code == 303


async def test_the_operator_s_invite_is_in_the_account_s_audit_log(
    fetch, make_account, make_user, portal
):
    shop = await make_account()
    reply = await fetch(
        f"/admin/v1/accounts/{shop.id}/users",
        json={"email": "staff@shop.example.com", "role": "staff"},
        admin=True,
    )
    assert reply.code == 201
    client = await portal(await make_user(shop))
    page = await client.get("/portal/audit")
    assert "Operator" in page.text and "staff@shop.example.com" in page.text
    assert "User invited" in page.text
