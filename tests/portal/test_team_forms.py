"""The team page's forms on the portal's one policy (issue 24): a wrong invite shows the page
again with 400, the problem beside its field and what was typed kept; a refused action on a
member says why beside that member; an action's address answers only its form (405)."""

from __future__ import annotations

import re

import pytest


async def test_an_invite_with_a_bad_email_shows_the_problem_beside_it_and_keeps_the_form(
    make_account, make_user, portal
):
    client = await portal(await make_user(await make_account()))
    await client.get("/portal/team")
    form = {"email": "not an email", "name": "Karim", "role": "developer"}
    page = await client.post("/portal/team/invite", form)
    assert page.code == 400
    field = re.search(r'<input id="invite-email"[^>]*>', page.text)
    assert field and 'aria-invalid="true"' in field[0] and 'value="not an email"' in field[0]
    assert 'id="invite-email-problem">Enter an email address' in page.text
    assert '<a href="#invite-email">Enter an email address' in page.text  # the summary
    assert 'value="Karim"' in page.text
    assert '<option value="developer" selected>' in page.text


async def test_an_invite_in_bangla_says_its_problem_in_bangla(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    await client.get("/portal/team?lang=bn")
    page = await client.post("/portal/team/invite", {"email": "x@y", "role": "boss"})
    assert page.code == 400
    assert "একটি ইমেইল ঠিকানা লিখুন" in page.text
    assert 'id="invite-role-problem">ভূমিকাগুলোর একটি বেছে নিন' in page.text


async def test_an_email_already_on_a_team_is_the_email_fields_problem(
    make_account, make_user, portal
):
    shop = await make_account()
    other = await make_user(shop, role="staff")
    client = await portal(await make_user(shop))
    await client.get("/portal/team")
    page = await client.post("/portal/team/invite", {"email": other.email, "role": "staff"})
    assert page.code == 409
    assert 'id="invite-email-problem">Someone with this email already has a portal user' in (
        page.text
    )


async def test_demoting_the_last_owner_is_refused_beside_that_owners_role(
    make_account, make_user, portal
):
    shop = await make_account()
    owner = await make_user(shop)
    other = await make_user(shop)
    client = await portal(owner)
    await client.get("/portal/team")
    await client.post(f"/portal/team/{other.id}/disable", {})
    await client.get("/portal/team")
    page = await client.post(f"/portal/team/{owner.id}/role", {"role": "staff"})
    assert page.code == 409  # yourself: another owner does it
    assert '<a href="#role-' + owner.id + '">' in page.text


@pytest.mark.parametrize("tail", ["role", "disable", "link"])
async def test_a_members_action_address_only_takes_its_form(make_account, make_user, portal, tail):
    """GET here was a 500 (the team page's get took no arguments)."""
    shop = await make_account()
    member = await make_user(shop, role="staff")
    client = await portal(await make_user(shop))
    page = await client.get(f"/portal/team/{member.id}/{tail}", follow=False)
    assert page.code == 405 and "This address only takes a form" in page.text
    invite = await client.get("/portal/team/invite", follow=False)
    assert invite.code == 405  # it showed the team page (200)
