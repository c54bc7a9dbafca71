"""The test callback secret in the portal (issue 30): beside the live one on the Webhooks page
and beside the test keys on the keys page, shown once per click and rotated with a grace as the
live one is, in English and Bangla, each audited; the live secret never changes with it."""

from __future__ import annotations

import logging
import re

import pytest

from claimsvc.domain.modes import TEST

SECRET = re.compile(r'data-testid="new-secret">([^<]+)<')
REVEAL = "/portal/webhooks/test-secret/reveal"
ROTATE = "/portal/webhooks/test-secret"


async def test_the_test_secret_is_revealed_once_labelled_and_audited(deps, shop, owner, caplog):
    caplog.set_level(logging.DEBUG)
    test_secret = (await deps.services.admin.get_account(shop.id)).test_callback_secret
    assert test_secret and test_secret != shop.account.callback_secret
    page = await owner.get("/portal/webhooks")
    section = page.text.split('data-testid="test-secret"')[1].split("</section>")[0]
    assert "Test callback secret" in section and "Show the test secret" in section
    assert test_secret not in page.text
    made = await owner.post(REVEAL)
    assert made.code == 303 and made.location.startswith("/portal/webhooks?shown=")
    shown = await owner.get(made.location)
    assert SECRET.findall(shown.text) == [test_secret]
    assert "Your test callback secret" in shown.text and 'data-mode="test"' in shown.text
    assert shop.account.callback_secret not in shown.text
    assert "no-store" in shown.headers["Cache-Control"]
    assert test_secret not in (await owner.get(made.location)).text  # once
    audit = await owner.get("/portal/audit")
    assert "Test callback secret shown" in audit.text and test_secret not in audit.text
    assert test_secret not in caplog.text


async def test_rotating_the_test_secret_keeps_the_old_for_the_grace_and_the_live_alone(
    deps, shop, owner
):
    old = (await deps.services.admin.get_account(shop.id)).test_callback_secret
    await owner.get("/portal/webhooks")
    made = await owner.post(ROTATE, {"grace": "24"})
    shown = await owner.get(made.location)
    (new,) = SECRET.findall(shown.text)
    assert "Your new test callback secret" in shown.text
    assert "The old test secret stays valid until" in shown.text
    account = await deps.services.admin.get_account(shop.id)
    assert (account.test_callback_secret, account.previous_test_callback_secret) == (new, old)
    assert account.callback_secret == shop.account.callback_secret
    assert account.previous_callback_secret is None
    audit = await owner.get("/portal/audit")
    assert "Test callback secret rotated" in audit.text and new not in audit.text


async def test_a_grace_not_offered_is_refused_on_the_test_form_and_nothing_changes(
    deps, shop, owner
):
    before = await deps.services.admin.get_account(shop.id)
    await owner.get("/portal/webhooks")
    page = await owner.post(ROTATE, {"grace": "5"})
    assert page.code == 400 and 'id="test-grace-problem"' in page.text
    assert 'id="grace-problem"' not in page.text  # the live form is not the one blamed
    after = await deps.services.admin.get_account(shop.id)
    assert after.test_callback_secret == before.test_callback_secret


async def test_the_keys_page_offers_the_test_secret_beside_the_test_keys_in_both_languages(
    deps, shop, owner
):
    await deps.services.admin.mint_key(shop.id, "ci", TEST)
    page = await owner.get("/portal/keys")
    section = page.text.split('data-testid="test-secret"')[1].split("</section>")[0]
    assert "signed with the test callback secret" in section
    assert f'action="{REVEAL}"' in section
    made = await owner.post(REVEAL)
    shown = await owner.get(made.location)
    assert SECRET.findall(shown.text) == [
        (await deps.services.admin.get_account(shop.id)).test_callback_secret
    ]
    bangla = await owner.get("/portal/keys?lang=bn")
    assert "টেস্ট কলব্যাক সিক্রেট দেখান" in bangla.text
    webhooks = await owner.get("/portal/webhooks?lang=bn")
    assert "টেস্ট কলব্যাক সিক্রেট" in webhooks.text and "টেস্ট সিক্রেট বদলান" in webhooks.text


async def test_an_account_made_before_test_secrets_gets_one_when_its_page_is_shown(
    deps, shop, owner
):
    await deps.db["accounts"].update_one({"_id": shop.id}, {"$unset": {"test_callback_secret": ""}})
    made = await owner.post(REVEAL)
    shown = await owner.get(made.location)
    (secret,) = SECRET.findall(shown.text)
    account = await deps.services.admin.get_account(shop.id)
    assert account.test_callback_secret == secret != account.callback_secret


@pytest.mark.parametrize("path", [REVEAL, ROTATE])
async def test_staff_can_neither_see_nor_rotate_the_test_secret(
    deps, shop, make_user, portal, path
):
    before = await deps.services.admin.get_account(shop.id)
    staff = await portal(await make_user(shop, role="staff"))
    await staff.get("/portal/")
    reply = await staff.post(path, {"grace": "0"})
    assert reply.code == 403 and before.test_callback_secret not in reply.text
    after = await deps.services.admin.get_account(shop.id)
    assert after.test_callback_secret == before.test_callback_secret
