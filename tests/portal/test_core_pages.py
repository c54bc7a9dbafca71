"""The security page's password change, and the audit log page."""

from __future__ import annotations

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


async def test_the_audit_log_lists_actions_newest_first_in_both_languages(
    make_account, make_user, portal, portal_client, clock
):
    shop = await make_account()
    owner = await make_user(shop)
    staff = await make_user(shop, role="staff")
    await portal_client().sign_in(staff.email, "wrong password 12")
    clock.advance(minutes=1)
    client = await portal(owner)
    page = await client.get("/portal/audit")
    text = page.text
    assert text.index("Signed in") < text.index("Failed sign-in")
    assert staff.email in text and owner.email in text
    bangla = await client.get("/portal/audit?lang=bn")
    assert "ব্যর্থ সাইন ইন" in bangla.text and "অডিট লগ" in bangla.text


async def test_the_audit_log_pages_by_cursor(make_account, make_user, portal, deps, clock):
    shop = await make_account()
    owner = await make_user(shop)
    for i in range(60):
        clock.advance(seconds=1)
        await deps.services.audit.record(
            shop.id, owner.id, owner.email, "key_minted", f"key-{i:02d}"
        )
    clock.advance(seconds=1)  # the sign-in is the newest entry, not tied with key-59
    client = await portal(owner)
    first = await client.get("/portal/audit")
    assert first.text.index("Signed in") < first.text.index("key-59")
    assert "key-10" not in first.text
    older = first.text.split('href="/portal/audit?cursor=', 1)[1].split('"', 1)[0]
    second = await client.get(f"/portal/audit?cursor={older}")
    assert "key-00" in second.text and "key-59" not in second.text
    assert 'href="/portal/audit">Newest' in second.text
    junk = await client.get("/portal/audit?cursor=not-a-cursor")
    assert junk.code == 200
