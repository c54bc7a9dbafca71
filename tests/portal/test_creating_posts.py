"""Every portal form that creates something answers with a redirect (POST/redirect/GET): a
browser's reload after it fetches the page again and creates nothing more (issue 25)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from claimsvc.domain.modes import TEST
from claimsvc.domain.outbox import EventFilter
from tests.conftest import initialize_body
from tests.portal.conftest import PortalClient

Count = Callable[[Any, str], Awaitable[int]]


async def reload_after(client: PortalClient, path: str, form: dict[str, str]) -> None:
    """Submit the form on `path`'s page, then reload as a browser does: the page the POST
    redirected to is fetched again; a POST answered in place would be sent again."""
    await client.get(path)
    made = await client.post(path, form)
    assert made.code in (200, 201, 303), made.text
    if made.code == 303:
        assert made.location
        shown = await client.get(made.location)
        assert shown.code == 200
        again = await client.get(made.location)
    else:
        again = await client.post(path, form)
    assert again.code in (200, 201)


async def keys(deps, account_id):
    return len(await deps.services.admin.list_keys(account_id))


async def devices(deps, account_id):
    return len((await deps.services.devices.list(account_id, None, None)).items)


async def users(deps, account_id):
    return len(await deps.services.users.of_account(account_id))


async def links(deps, account_id):
    return len((await deps.services.links.list(account_id, None, None)).items)


async def webhook_events(deps, account_id):
    found = await deps.services.outbox.list_events(EventFilter(account_id=account_id), None, None)
    return len(found.items)


async def wallets(deps, account_id):
    return len((await deps.services.admin.get_account(account_id)).wallets)


def audited(action: str) -> Count:
    async def _count(deps, account_id):
        query = {"account_id": account_id, "action": action}
        return await deps.db["audit_log"].count_documents(query)

    return _count


CREATING_FORMS = [
    ("/portal/keys", {"label": "shop server"}, keys, 1),
    ("/portal/devices", {"name": "Till phone"}, devices, 0),
    ("/portal/team/invite", {"email": "new@shop.example.com", "role": "staff"}, users, 1),
    ("/portal/links", {"amount": "750", "description": "Blue kurta"}, links, 0),
    ("/portal/webhooks/secret", {"grace": "24"}, audited("webhook.rotate_secret"), 0),
    ("/portal/webhooks/test", {"url": "https://shop.example.com/hook"}, webhook_events, 0),
    ("/portal/webhooks/secret/reveal", {}, audited("webhook.reveal_secret"), 0),
    ("/portal/webhooks/hosts", {"host": "pay.shop.example.com"}, audited("webhook.host_add"), 0),
    ("/portal/keys", {"label": "test suite", "mode": "test"}, audited("key.mint"), 0),
    (
        "/portal/wallets",
        {"provider": "nagad", "number": "01800000002", "kind": "merchant"},
        wallets,
        1,
    ),
]


@pytest.mark.parametrize(("path", "form", "count", "before"), CREATING_FORMS)
async def test_a_reload_after_a_creating_post_creates_nothing_more(
    make_account, make_user, portal, deps, path, form, count, before
):
    shop = await make_account(allowed_hosts=["shop.example.com"])
    owner = await make_user(shop)
    client = await portal(owner)
    assert await count(deps, shop.id) == before
    form_path = "/portal/webhooks" if path.startswith("/portal/webhooks/") else path
    await client.get(form_path)
    await reload_after(client, path, form)
    assert await count(deps, shop.id) == before + 1


async def test_a_reload_after_a_new_set_password_link_makes_no_second_one(
    make_account, make_user, portal, deps
):
    shop = await make_account()
    client = await portal(await make_user(shop))
    staff = await make_user(shop, role="staff")
    await client.get("/portal/team")
    await reload_after(client, f"/portal/team/{staff.id}/link", {})
    assert await audited("user.reissue_link")(deps, shop.id) == 1


async def test_a_reload_after_a_test_payment_makes_no_second_one(
    make_account, make_user, portal, deps, fetch
):
    shop = await make_account()
    client = await portal(await make_user(shop))
    test_key = (await deps.services.admin.mint_key(shop.id, "suite", TEST)).secret
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=test_key)
    page = f"/portal/payments/{opened.json()['session_id']}"
    await client.get(f"{page}?mode=test")
    made = await client.post(f"{page}/test-payment", {"outcome": "late_sms"})
    assert made.code == 303 and made.location
    await client.get(made.location)
    again = await client.get(made.location)  # the reload
    assert again.code == 200
    assert await audited("test_payment.make")(deps, shop.id) == 1
