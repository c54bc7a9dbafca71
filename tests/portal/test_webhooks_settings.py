"""The Webhooks page's settings (issue 25, items 3 and 5): the callback secret shown once at
first set-up and revealed from the page, the allowed hosts listed and edited by owners and
developers, each change audited, and the test form telling which hosts are allowed."""

from __future__ import annotations

import asyncio
import logging
import re

import pytest

from claimsvc.domain import allowed_hosts as rules
from claimsvc.domain.outbox import QUEUED, STOPPED
from tests.worker.factories import event, record_event

SECRET = re.compile(r'data-testid="new-secret">([^<]+)<')
HOSTS = "/portal/webhooks/hosts"


async def test_the_current_secret_is_revealed_once_after_a_post_and_audited(shop, owner, caplog):
    caplog.set_level(logging.DEBUG)
    page = await owner.get("/portal/webhooks")
    assert "Show the secret" in page.text and shop.account.callback_secret not in page.text
    made = await owner.post("/portal/webhooks/secret/reveal")
    assert made.code == 303 and made.location.startswith("/portal/webhooks?shown=")
    assert shop.account.callback_secret not in made.location
    shown = await owner.get(made.location)
    assert SECRET.findall(shown.text) == [shop.account.callback_secret]
    assert "Your callback secret" in shown.text and "no-store" in shown.headers["Cache-Control"]
    # The portal's Copy button (rendered hidden, shown by portal.js) names the shown secret.
    assert 'id="new-secret-value"' in shown.text
    assert 'data-copy-for="new-secret-value"' in shown.text
    again = await owner.get(made.location)
    assert shop.account.callback_secret not in again.text
    assert "shown once and is no longer visible" in again.text
    audit = await owner.get("/portal/audit")
    assert "Callback secret shown" in audit.text
    assert shop.account.callback_secret not in audit.text
    assert shop.account.callback_secret not in caplog.text


async def test_the_first_secret_is_shown_once_as_ready_and_then_signs(
    deps, make_account, make_user, portal
):
    bare = await make_account(callback_secret=None)
    owner = await portal(await make_user(bare, role="owner"))
    page = await owner.get("/portal/webhooks")
    assert "Make a secret" in page.text and "Show the secret" not in page.text
    made = await owner.post("/portal/webhooks/secret", {"grace": "24"})
    shown = await owner.get(made.location)
    (secret,) = SECRET.findall(shown.text)
    assert "Your callback secret is ready" in shown.text
    assert (await deps.services.admin.get_account(bare.id)).callback_secret == secret


@pytest.mark.parametrize("path", ["/portal/webhooks/secret/reveal", HOSTS])
async def test_staff_can_neither_reveal_the_secret_nor_edit_hosts(
    deps, shop, make_user, portal, path
):
    staff = await portal(await make_user(shop, role="staff"))
    await staff.get("/portal/")
    assert (await staff.post(path, {"host": "evil.example.org"})).code == 403
    account = await deps.services.admin.get_account(shop.id)
    assert account.allowed_hosts == shop.account.allowed_hosts


@pytest.mark.parametrize("path", ["/portal/webhooks/secret/reveal", HOSTS])
async def test_a_form_without_the_right_token_reveals_and_changes_nothing(deps, shop, owner, path):
    await owner.get("/portal/webhooks")
    page = await owner.post(path, {"host": "evil.example.org"}, csrf="forged")
    assert page.code == 403 and shop.account.callback_secret not in page.text
    account = await deps.services.admin.get_account(shop.id)
    assert account.allowed_hosts == shop.account.allowed_hosts


async def test_a_developer_adds_a_host_listed_audited_and_named_by_the_test_form(
    deps, shop, owner, make_user, portal, fetch
):
    dev = await portal(await make_user(shop, role="developer"))
    await dev.get("/portal/webhooks")
    added = await dev.post(HOSTS, {"host": "  hooks.rahim.example  "})
    assert added.code == 303 and added.location == "/portal/webhooks#hosts"
    page = await dev.get("/portal/webhooks")
    assert "The host was added." in page.text
    listed = page.text.split('data-testid="allowed-hosts"')[1].split("</ul>")[0]
    assert "hooks.rahim.example" in listed
    hint = page.text.split('id="url-hint">')[1].split("</p>")[0]
    assert "hooks.rahim.example" in hint and "shop.example.com" in hint
    audit = await owner.get("/portal/audit")  # the owner's page
    assert "Webhook host allowed" in audit.text and "host:hooks.rahim.example" in audit.text
    # The API takes the new host at once (the auth entry is written through).
    body = {
        "order_id": "o-new-host",
        "amount": 10,
        "success_url": "https://hooks.rahim.example/s",
        "cancel_url": "https://hooks.rahim.example/c",
        "webhook_url": "https://hooks.rahim.example/w",
    }
    assert (await fetch("/api/v1/checkout/initialize", json=body, key=shop.key)).code == 201


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("https://shop.rahim.example/hook", "Write a host name only"),
        ("shop.rahim.example:8443", "Write a host name only"),
        ("127.1", "Write a host name only"),
        ("", "Write a host name only"),
        ("x" * 300, "Write a host name only"),
        ("SHOP.example.com", "already on the list"),
        ("claßic.example", "xn-- form"),
    ],
)
async def test_a_host_the_rule_refuses_is_told_on_the_page_and_nothing_changes(
    deps, shop, owner, typed, words
):
    await owner.get("/portal/webhooks")
    page = await owner.post(HOSTS, {"host": typed})
    assert page.code == 400 and words in page.text
    assert 'aria-invalid="true"' in page.text
    account = await deps.services.admin.get_account(shop.id)
    assert account.allowed_hosts == shop.account.allowed_hosts


async def test_removing_a_host_takes_it_off_and_the_api_refuses_it(shop, owner, fetch):
    await owner.get("/portal/webhooks")
    done = await owner.post(HOSTS, {"remove": "shop.example.com"})
    assert done.code == 303
    page = await owner.get("/portal/webhooks")
    assert "The host was removed." in page.text and "No allowed hosts yet" in page.text
    refused = await fetch(
        "/api/v1/checkout/initialize",
        json={
            "order_id": "o-removed",
            "amount": 10,
            "success_url": "https://shop.example.com/s",
            "cancel_url": "https://shop.example.com/c",
            "webhook_url": "https://shop.example.com/w",
        },
        key=shop.key,
    )
    assert refused.code == 400
    again = await owner.post(HOSTS, {"remove": "shop.example.com"})
    assert again.code == 400 and "not on the list" in again.text


async def test_adding_the_host_queues_the_events_stopped_for_want_of_it(deps, shop, owner):
    stopped = await record_event(deps, shop.id, "https://late.rahim.example/hook")
    await deps.stores.events.mark_stopped(await event(deps, stopped), "host", deps.clock(), None)
    assert (await event(deps, stopped)).status == STOPPED
    await owner.get("/portal/webhooks")
    assert (await owner.post(HOSTS, {"host": "late.rahim.example"})).code == 303
    assert (await event(deps, stopped)).status == QUEUED


async def test_concurrent_edits_lose_no_host(deps, shop):
    names = [f"h{i}.rahim.example" for i in range(8)]
    results = await asyncio.gather(
        *(
            deps.services.admin.change_allowed_hosts(
                shop.id, lambda now, n=n: rules.with_host(now, n)
            )
            for n in names
        ),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, BaseException)]
    assert all(isinstance(r, rules.HostListRefused) and r.key == rules.BUSY for r in refused)
    landed = [n for n, r in zip(names, results, strict=True) if not isinstance(r, BaseException)]
    account = await deps.services.admin.get_account(shop.id)
    # Each edit either landed or was told to try again; none was silently lost.
    assert sorted(account.allowed_hosts) == sorted(["shop.example.com", *landed])
    assert landed


def test_the_list_rules():
    assert rules.with_host(("a.example",), " b.example ") == ("a.example", "b.example")
    assert rules.with_host((), "*.shop.example") == ("*.shop.example",)
    assert rules.with_host((), "bücher.example") == ("bücher.example",)
    for listed, typed, key in [
        (("xn--bcher-kva.example",), "bücher.example", rules.ALREADY),
        (("a.example",), "A.EXAMPLE", rules.ALREADY),
        (tuple(f"h{i}.example" for i in range(100)), "new.example", rules.TOO_MANY),
        ((), "https://a.example", rules.BAD),
        ((), "*.", rules.BAD),
        ((), "a.example/path", rules.BAD),
        ((), "claßic.example", rules.AMBIGUOUS_HOST),
    ]:
        with pytest.raises(rules.HostListRefused) as refused:
            rules.with_host(listed, typed)
        assert refused.value.key == key, typed
    assert rules.without_host(("a.example", "b.example"), "a.example") == ("b.example",)
    with pytest.raises(rules.HostListRefused):
        rules.without_host(("a.example",), "A.example")
