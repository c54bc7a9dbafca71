"""The API keys pages over HTTP: a key made is shown once (200, no-store) and works, a bad
label is told beside its field, revoking asks first on the key's page, and the revoke action
answers only its form."""

from __future__ import annotations

import logging
import re

from tests.conftest import initialize_body

INIT = "/api/v1/checkout/initialize"
KEY = re.compile(r'data-testid="new-key">([^<]+)<')


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
    page = await owner.post("/portal/keys", {"label": "x" * 101, "mode": "test"})
    assert page.code == 400 and "at most 100 characters" in page.text
    # Beside the field and above the form, with what was typed and chosen kept.
    assert 'id="label-problem"' in page.text and 'href="#label"' in page.text
    assert f'value="{"x" * 101}"' in page.text
    assert 'value="test" id="mode-test-key" checked' in page.text
    assert len(await deps.services.admin.list_keys(shop.id)) == 1


async def test_revoking_asks_first_then_the_next_initialize_is_refused(shop, owner, fetch):
    confirm = await owner.get(f"/portal/keys/{shop.key_id}")
    assert confirm.code == 200 and "Revoke this key?" in confirm.text
    assert f'action="/portal/keys/{shop.key_id}/revoke"' in confirm.text
    # The revoke address takes only the form: a GET shows nothing and changes nothing.
    assert (await owner.get(f"/portal/keys/{shop.key_id}/revoke")).code == 405
    done = await owner.post(f"/portal/keys/{shop.key_id}/revoke", follow=True)
    assert "The key is revoked." in done.text
    reply = await fetch(INIT, json=initialize_body(), key=shop.key)
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized API Key"})


def key_states(page) -> list[str]:
    return re.findall(r'data-testid="key-state">(.*?)</td>', page.text)


async def test_the_state_column_says_active_or_revoked_never_the_action(shop, owner):
    """The State column showed "Revoke" (the action) for a live key; the action has its own
    column."""
    before = await owner.get("/portal/keys")
    assert key_states(before) == ["active"]
    assert f'href="/portal/keys/{shop.key_id}"' in before.text
    await owner.post(f"/portal/keys/{shop.key_id}/revoke")
    after = await owner.get("/portal/keys?lang=bn")
    [state] = key_states(after)
    assert "বাতিল" not in state and "প্রত্যাহার" in state
    assert f'href="/portal/keys/{shop.key_id}"' not in after.text


async def test_a_revoked_key_has_no_page_to_revoke_it_again(shop, owner):
    await owner.get("/portal/keys")
    await owner.post(f"/portal/keys/{shop.key_id}/revoke")
    assert (await owner.get(f"/portal/keys/{shop.key_id}")).code == 404
