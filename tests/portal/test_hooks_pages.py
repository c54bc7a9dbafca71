"""The Webhooks and API keys pages over HTTP (issue 16, hooks part): roles, CSRF, another
account's ids, and secrets shown once, never on a later page or in a log."""

from __future__ import annotations

import logging
import re

import pytest

from tests.conftest import initialize_body
from tests.worker.factories import event, record_event

INIT = "/api/v1/checkout/initialize"
KEY = re.compile(r'data-testid="new-key">([^<]+)<')
SECRET = re.compile(r'data-testid="new-secret">([^<]+)<')


@pytest.mark.parametrize(("role", "code"), [("owner", 200), ("developer", 200), ("staff", 403)])
@pytest.mark.parametrize("path", ["/portal/keys", "/portal/webhooks"])
async def test_the_role_table_decides_who_opens_keys_and_webhooks(
    shop, make_user, portal, role, code, path
):
    client = await portal(await make_user(shop, role=role))
    assert (await client.get(path)).code == code


async def test_staff_cannot_mint_a_key_or_rotate_the_secret(deps, shop, make_user, portal):
    staff = await portal(await make_user(shop, role="staff"))
    await staff.get("/portal/")
    assert (await staff.post("/portal/keys", {"label": "x"})).code == 403
    assert (await staff.post("/portal/webhooks/secret", {"grace": "24"})).code == 403
    assert len(await deps.services.admin.list_keys(shop.id)) == 1
    account = await deps.services.admin.get_account(shop.id)
    assert account.callback_secret == shop.account.callback_secret


async def test_a_minted_key_is_shown_once_works_and_never_appears_again(
    deps, shop, owner, fetch, caplog
):
    caplog.set_level(logging.DEBUG)
    await owner.get("/portal/keys")
    made = await owner.post("/portal/keys", {"label": "  shop   server "})
    assert made.code == 303 and made.location.startswith("/portal/keys?shown=")
    assert KEY.findall(made.text) == []
    page = await owner.get(made.location)
    (key,) = KEY.findall(page.text)
    assert "Cache-Control" in page.headers and "no-store" in page.headers["Cache-Control"]
    # A reload of the page that showed it: the key is gone, the page says so, nothing is made.
    again = await owner.get(made.location)
    assert key not in again.text and "shown once and is no longer visible" in again.text
    assert len(await deps.services.admin.list_keys(shop.id)) == 2
    assert (await fetch(INIT, json=initialize_body(), key=key)).code == 201
    later = await owner.get("/portal/keys")
    assert key not in later.text and key[:12] in later.text and "shop server" in later.text
    assert key not in caplog.text
    audit = await owner.get("/portal/audit")
    assert key not in audit.text


async def test_a_key_label_too_long_is_refused_and_nothing_minted(deps, shop, owner):
    await owner.get("/portal/keys")
    page = await owner.post("/portal/keys", {"label": "x" * 101})
    assert page.code == 400 and "at most 100 characters" in page.text
    assert len(await deps.services.admin.list_keys(shop.id)) == 1


async def test_revoking_asks_first_then_the_next_initialize_is_refused(shop, owner, fetch):
    confirm = await owner.get(f"/portal/keys/{shop.key_id}/revoke")
    assert confirm.code == 200 and "Revoke this key?" in confirm.text
    done = await owner.post(f"/portal/keys/{shop.key_id}/revoke", follow=True)
    assert "The key is revoked." in done.text
    reply = await fetch(INIT, json=initialize_body(), key=shop.key)
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized API Key"})


async def test_another_accounts_key_and_event_are_not_found(deps, make_account, owner, fetch):
    other = await make_account()
    theirs = await record_event(deps, other.id, "https://shop.example.com/hook")
    await owner.get("/portal/keys")
    assert (await owner.get(f"/portal/keys/{other.key_id}/revoke")).code == 404
    assert (await owner.post(f"/portal/keys/{other.key_id}/revoke")).code == 404
    assert (await owner.get(f"/portal/webhooks/events/{theirs}")).code == 404
    assert (await owner.post(f"/portal/webhooks/events/{theirs}/redeliver")).code == 404
    assert (await fetch(INIT, json=initialize_body(), key=other.key)).code == 201
    assert (await event(deps, theirs)).attempts == 0
    assert f"#{theirs}" not in (await owner.get("/portal/webhooks")).text


@pytest.mark.parametrize("csrf", [None, "forged-token"])
async def test_a_form_without_the_right_token_is_refused_and_changes_nothing(
    deps, shop, owner, csrf
):
    await owner.get("/portal/keys")
    assert (await owner.post("/portal/keys", {"label": "x"}, csrf=csrf)).code == 403
    assert (await owner.post("/portal/webhooks/secret", {"grace": "0"}, csrf=csrf)).code == 403
    revoke = f"/portal/keys/{shop.key_id}/revoke"
    assert (await owner.post(revoke, csrf=csrf)).code == 403
    keys = await deps.services.admin.list_keys(shop.id)
    assert len(keys) == 1 and keys[0].revoked_at is None
    account = await deps.services.admin.get_account(shop.id)
    assert account.callback_secret == shop.account.callback_secret


async def test_rotation_shows_the_new_secret_once_with_the_grace_end(deps, shop, owner, caplog):
    caplog.set_level(logging.DEBUG)
    await owner.get("/portal/webhooks")
    made = await owner.post("/portal/webhooks/secret", {"grace": "24"})
    assert made.code == 303 and made.location.startswith("/portal/webhooks?shown=")
    page = await owner.get(made.location)
    (secret,) = SECRET.findall(page.text)
    assert "no-store" in page.headers["Cache-Control"]
    assert secret not in (await owner.get(made.location)).text
    assert "The old secret stays valid until" in page.text
    account = await deps.services.admin.get_account(shop.id)
    assert account.callback_secret == secret
    assert account.previous_callback_secret == shop.account.callback_secret
    for later in ("/portal/webhooks", "/portal/audit"):
        assert secret not in (await owner.get(later)).text
    assert secret not in caplog.text and shop.account.callback_secret not in caplog.text


@pytest.mark.parametrize("grace", ["5", "9" * 5000, "\u0662\u0664", "-1"])  # issue 23: never a 500
async def test_a_grace_not_offered_is_refused(deps, shop, owner, grace):
    await owner.get("/portal/webhooks")
    page = await owner.post("/portal/webhooks/secret", {"grace": grace})
    assert page.code == 400 and "Choose one of the listed periods." in page.text
    account = await deps.services.admin.get_account(shop.id)
    assert account.callback_secret == shop.account.callback_secret


async def test_a_test_event_to_a_host_not_allowed_is_refused_on_the_page(deps, shop, owner):
    await owner.get("/portal/webhooks")
    page = await owner.post("/portal/webhooks/test", {"url": "https://evil.example.org/x"})
    assert page.code == 400
    assert "webhook_url host is not in the account" in page.text
    assert "No events yet." in page.text


async def test_a_test_event_is_queued_and_its_page_shown(deps, shop, owner):
    await owner.get("/portal/webhooks")
    page = await owner.post(
        "/portal/webhooks/test", {"url": "https://shop.example.com/hook"}, follow=True
    )
    assert page.code == 200 and "Test event queued" in page.text
    assert "test-" in page.text and "queued" in page.text


async def test_the_event_log_filters_and_a_bad_filter_is_told(deps, shop, owner):
    first = await record_event(deps, shop.id, "https://shop.example.com/hook")
    listed = await owner.get("/portal/webhooks")
    assert f"#{first}" in listed.text
    assert f"#{first}" not in (await owner.get("/portal/webhooks?status=dead")).text
    bad = await owner.get("/portal/webhooks?status=nonsense")
    assert bad.code == 400 and "That filter is not one we can show" in bad.text
    assert (await owner.get("/portal/webhooks?cursor=%%%")).code == 400


async def test_sending_a_queued_event_not_yet_tried_is_refused_unchanged(deps, shop, owner):
    first = await record_event(deps, shop.id, "https://shop.example.com/hook")
    await owner.get(f"/portal/webhooks/events/{first}")
    page = await owner.post(f"/portal/webhooks/events/{first}/redeliver", follow=True)
    assert "already on its way" in page.text
    assert (await event(deps, first)).attempts == 0


@pytest.mark.parametrize("lang", ["en", "bn"])
@pytest.mark.parametrize("path", ["/portal/keys", "/portal/webhooks"])
async def test_pages_speak_both_languages(owner, path, lang):
    page = await owner.get(f"{path}?lang={lang}")
    assert page.code == 200 and f'lang="{lang}"' in page.text
    assert ("এপিআই কী" in page.text or "ওয়েবহুক" in page.text) == (lang == "bn")
