"""The security page's password change."""

from __future__ import annotations

import re

from tests.portal.conftest import PASSWORD

NEW = "a brand new passphrase"


async def test_changing_the_password_signs_out_the_other_sessions(
    make_account, make_user, portal, portal_client
):
    user = await make_user(await make_account())
    here, elsewhere = await portal(user), await portal(user)
    await here.get("/portal/security")
    wrong = await here.post(
        "/portal/security/password",
        {"current_password": "not it at all", "new_password": NEW, "new_password_again": NEW},
    )
    assert wrong.code == 400 and "The current password is wrong." in wrong.text
    done = await here.post(
        "/portal/security/password",
        {"current_password": PASSWORD, "new_password": NEW, "new_password_again": NEW},
        follow=True,
    )
    assert "Your password is changed." in done.text
    assert NEW not in done.text and PASSWORD not in done.text
    assert (await elsewhere.get("/portal/", follow=False)).code == 303
    assert (await here.get("/portal/")).code == 200
    assert (await portal_client().sign_in(user.email, PASSWORD)).code == 401
    assert (await portal_client().sign_in(user.email, NEW)).code == 200


async def test_a_wrong_current_password_is_said_beside_it_with_400(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    await client.get("/portal/security")
    form = {"current_password": "not it at all", "new_password": NEW, "new_password_again": NEW}
    page = await client.post("/portal/security/password", form)
    assert page.code == 400
    current = re.search(r'<input id="current-password"[^>]*>', page.text)
    assert current and 'aria-invalid="true"' in current[0]
    said = "The current password is wrong."
    assert 'id="current-password-problem" role="alert">' + said in page.text
    assert page.text.count(said) == 1  # beside its field, once (issue 32)
    assert NEW not in page.text and "not it at all" not in page.text  # passwords never kept


async def test_a_common_new_password_is_said_beside_the_new_password(
    make_account, make_user, portal
):
    client = await portal(await make_user(await make_account()))
    await client.get("/portal/security?lang=bn")
    common = "password12"
    form = {"current_password": PASSWORD, "new_password": common, "new_password_again": common}
    page = await client.post("/portal/security/password", form)
    assert page.code == 400
    assert 'id="new-password-problem" role="alert">এই পাসওয়ার্ডটি খুব প্রচলিত' in page.text
    assert page.text.count("এই পাসওয়ার্ডটি খুব প্রচলিত") == 1


async def test_a_mismatch_is_said_once_beside_the_second_password(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    await client.get("/portal/security")
    form = {"current_password": PASSWORD, "new_password": NEW, "new_password_again": NEW + "x"}
    page = await client.post("/portal/security/password", form)
    assert page.code == 400
    assert 'id="new-password-again-problem" role="alert">' in page.text
    mismatch = re.search(r'id="new-password-again-problem" role="alert">([^<]+)<', page.text)
    assert mismatch and page.text.count(mismatch.group(1)) == 1


async def test_the_security_pages_actions_only_take_their_forms(make_account, make_user, portal):
    """GET /portal/security/password showed the security page (200): an action inherited it."""
    client = await portal(await make_user(await make_account()))
    for tail in ("password", "totp/start", "totp/confirm", "totp/cancel", "recovery"):
        page = await client.get(f"/portal/security/{tail}", follow=False)
        assert page.code == 405 and "This address only takes a form" in page.text, tail
