"""The audit log page: every action and detail in the page's language, newest first, paged by
the one cursor rule."""

from __future__ import annotations


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
        await deps.services.audit.record(shop.id, owner.id, owner.email, "key.mint", f"key-{i:02d}")
    clock.advance(seconds=1)  # the sign-in is the newest entry, not tied with key-59
    client = await portal(owner)
    first = await client.get("/portal/audit")
    assert first.text.index("Signed in") < first.text.index("key-59")
    assert "key-10" not in first.text
    older = first.text.split('href="/portal/audit?cursor=', 1)[1].split('"', 1)[0]
    second = await client.get(f"/portal/audit?cursor={older}")
    assert "key-00" in second.text and "key-59" not in second.text
    assert 'href="/portal/audit" data-testid="pager-newest">Newest' in second.text


async def test_a_cursor_the_audit_log_did_not_write_is_the_one_400_of_every_list(
    make_account, make_user, portal
):
    """It showed the first page as if nothing were wrong (issue 24)."""
    client = await portal(await make_user(await make_account()))
    for junk in ("not-a-cursor", "MTIz"):
        page = await client.get(f"/portal/audit?cursor={junk}")
        assert page.code == 400, junk
        assert "That page of the list does not exist" in page.text
        assert 'href="/portal/audit" data-testid="problem-back"' in page.text
        assert "<table" not in page.text  # no entry shown as if it were the first page


async def test_every_action_and_detail_is_words_in_bangla_even_under_an_old_name(
    make_account, make_user, portal, deps
):
    """The log showed `key.mint` and `prefix:` on a Bangla page (issue 24)."""
    shop = await make_account()
    owner = await make_user(shop)
    audit = deps.services.audit
    await audit.record(shop.id, owner.id, owner.email, "key.mint", "key:k1", {"prefix": "ck_1"})
    await audit.record(
        shop.id, owner.id, owner.email, "user_role_changed", "a@b.c", {"role": "staff"}
    )
    client = await portal(owner)
    page = await client.get("/portal/audit?lang=bn")
    assert "এপিআই কী তৈরি" in page.text and "কী-এর শুরু: ck_1" in page.text
    assert "ভূমিকা বদল" in page.text  # an entry stored before the names were made one style
    assert "ভূমিকা: কর্মী" in page.text  # a role is a role's words
    assert "key.mint" not in page.text and "prefix:" not in page.text
    assert "user_role_changed" not in page.text
