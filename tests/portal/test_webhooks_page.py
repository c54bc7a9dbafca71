"""The Webhooks and API keys pages over HTTP (issue 16, hooks part): roles, CSRF, another
account's ids, and secrets shown once, never on a later page or in a log."""

from __future__ import annotations

import html
import logging
import re

import pytest

from claimsvc.domain.modes import TEST, ledger_id
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


async def test_another_accounts_key_and_event_are_not_found(deps, make_account, owner, fetch):
    other = await make_account()
    theirs = await record_event(deps, other.id, "https://shop.example.com/hook")
    await owner.get("/portal/keys")
    assert (await owner.get(f"/portal/keys/{other.key_id}")).code == 404
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
    assert 'id="grace-problem"' in page.text and '<option value="24" selected>' in page.text
    account = await deps.services.admin.get_account(shop.id)
    assert account.callback_secret == shop.account.callback_secret


async def test_a_test_event_to_a_host_not_allowed_is_refused_on_the_page(deps, shop, owner):
    await owner.get("/portal/webhooks")
    page = await owner.post("/portal/webhooks/test", {"url": "https://evil.example.org/x"})
    assert page.code == 400
    assert "host is not one of your allowed hosts" in page.text and "webhook_url" not in page.text
    assert 'id="url-problem"' in page.text and 'value="https://evil.example.org/x"' in page.text
    assert "No live events yet." in page.text


@pytest.mark.parametrize(
    ("url", "en", "bn"),
    [
        ("http://shop.example.com/hook", "must start with https://", "https:// দিয়ে শুরু"),
        ("", "Enter your webhook address.", "ওয়েবহুক ঠিকানা লিখুন"),
        ("https://user:pw@shop.example.com/x", "user name or a password", "পাসওয়ার্ড"),
        ("https://shop example.com/x", "not a web address", "ওয়েব ঠিকানা নয়"),
        ("https://evil.example.org/x", "not one of your allowed hosts", "অনুমোদিত হোস্টের"),
    ],
)
async def test_every_refusal_of_the_test_address_is_words_in_the_pages_language(owner, url, en, bn):
    """Issue 24: the URL rule's English message ("webhook_url must use https") reached a
    Bangla page; each rule now has words in both languages."""
    for lang, words in (("en", en), ("bn", bn)):
        await owner.get(f"/portal/webhooks?lang={lang}")
        page = await owner.post("/portal/webhooks/test", {"url": url})
        assert page.code == 400 and words in page.text, (lang, url)
        assert "webhook_url" not in page.text


async def test_the_test_address_takes_only_its_form(deps, shop, owner):
    """Issue 24: GET on the test event's address showed the page; it is an action."""
    page = await owner.get("/portal/webhooks/test")
    assert page.code == 405 and "This address only takes a form" in page.text


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
    assert 'aria-invalid="true"' in bad.text


async def test_test_sessions_events_are_under_test_data_and_the_empty_live_list_says_so(
    deps, shop, owner
):
    # Issue 32: five delivered test webhooks, and the page said only "No events yet".
    test_event = await record_event(deps, ledger_id(shop.id, TEST), "https://shop.example.com/h")
    live = await owner.get("/portal/webhooks")
    assert f"#{test_event}" not in live.text
    assert "No live events yet" in live.text and 'href="/portal/webhooks?mode=test"' in live.text
    test = await owner.get("/portal/webhooks?mode=test")
    assert f"#{test_event}" in test.text and 'id="test-banner"' in test.text
    assert "No live events yet" not in test.text
    bangla = await owner.get("/portal/webhooks?lang=bn")
    assert "টেস্ট ডেটায়" in bangla.text


@pytest.mark.parametrize("cursor", ["%%%", "nonsense", "0" * 40])
async def test_a_bad_cursor_gets_the_one_answer_of_every_list(owner, cursor):
    page = await owner.get(f"/portal/webhooks?status=queued&cursor={cursor}")
    assert page.code == 400 and "That page of the list does not exist" in page.text
    assert 'href="/portal/webhooks?status=queued"' in page.text


async def test_the_pager_is_the_lists_and_keeps_the_filters(deps, shop, owner, monkeypatch):
    from claimsvc.domain import paging

    monkeypatch.setattr(paging, "DEFAULT_LIMIT", 2)
    ids = [await record_event(deps, shop.id, "https://shop.example.com/hook") for _ in range(3)]
    first = await owner.get("/portal/webhooks?status=queued")
    older = re.search(r'href="([^"]+)" rel="next" data-testid="pager-older"', first.text)
    assert older is not None and f"#{ids[0]}" not in first.text
    link = html.unescape(older.group(1))
    assert link.startswith("/portal/webhooks?status=queued&cursor=")
    second = await owner.get(link)
    assert second.code == 200 and f"#{ids[0]}" in second.text
    newest = re.search(r'href="([^"]+)" data-testid="pager-newest"', second.text)
    assert newest is not None and html.unescape(newest.group(1)) == "/portal/webhooks?status=queued"


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
