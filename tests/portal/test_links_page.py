"""The portal's payment-links pages over HTTP: roles, CSRF, another account's links, the create
form's errors, the audit log, and payments counted."""

from __future__ import annotations

import re
from html import escape

import pytest

from claimsvc.api.words import Words
from tests.claims_support import claim_body, pay
from tests.conftest import ALLOWED_HOST

FORM = {"amount": "750.50", "description": "Blue kurta", "order_ref": "INV-7"}
LINK_ID = re.compile(r"/portal/links/(lnk_[0-9a-f]+)$")


async def links_of(deps, account_id):
    return await deps.db["payment_links"].find({"account_id": account_id}).to_list(None)


async def audit_of(deps, account_id):
    found = await deps.db["audit_log"].find({"account_id": account_id}).to_list(None)
    return [(e["action"], e["target"]) for e in found if e["action"].startswith("link.")]


async def signed_in(make_account, make_user, portal, role="owner", **account):
    shop = await make_account(**account)
    user = await make_user(shop, role=role)
    return shop, await portal(user)


async def create(client, **fields):
    await client.get("/portal/links")
    page = await client.post("/portal/links", {**FORM, **fields})
    assert page.code == 303, page.text
    return LINK_ID.search(page.location).group(1)


@pytest.mark.parametrize(("role", "code"), [("owner", 200), ("staff", 200), ("developer", 403)])
async def test_the_links_page_is_for_owners_and_staff(make_account, make_user, portal, role, code):
    _, client = await signed_in(make_account, make_user, portal, role)
    page = await client.get("/portal/links")
    assert page.code == code
    assert ('href="/portal/links"' in (await client.get("/portal/")).text) == (code == 200)


async def test_a_developer_can_neither_create_nor_disable(make_account, make_user, portal, deps):
    shop, owner = await signed_in(make_account, make_user, portal)
    link_id = await create(owner)
    developer = await portal(await make_user(shop, role="developer"))
    await developer.get("/portal/")
    assert (await developer.post("/portal/links", FORM)).code == 403
    assert (await developer.post(f"/portal/links/{link_id}/disable")).code == 403
    (stored,) = await links_of(deps, shop.id)
    assert stored["status"] == "active"


async def test_creating_a_link_shows_its_address_and_qr_and_is_audited(
    make_account, make_user, portal, deps
):
    shop, client = await signed_in(make_account, make_user, portal)
    link_id = await create(client, single_use="1")
    page = await client.get(f"/portal/links/{link_id}")
    (stored,) = await links_of(deps, shop.id)
    url = f"https://pay.example.test/pay/{stored['slug']}"
    assert "Payment link created." in page.text
    assert f'value="{url}"' in page.text
    assert 'src="data:image/svg+xml' in page.text
    assert (stored["amount_poisha"], stored["single_use"], stored["order_ref"]) == (
        75_050,
        True,
        "INV-7",
    )
    assert await audit_of(deps, shop.id) == [("link.create", link_id)]
    listed = await client.get("/portal/links")
    assert "Blue kurta" in listed.text and "৳ 750.50" in listed.text


async def test_a_wrong_form_is_shown_again_with_each_reason_and_creates_nothing(
    make_account, make_user, portal, deps
):
    shop, client = await signed_in(make_account, make_user, portal)
    await client.get("/portal/links")
    page = await client.post(
        "/portal/links", {"amount": "1.234", "description": "", "order_ref": "INV-7"}
    )
    assert page.code == 400
    assert "at most 2 decimals" in page.text and "what the payment is for" in page.text
    assert 'value="1.234"' in page.text and 'value="INV-7"' in page.text
    assert await links_of(deps, shop.id) == []


@pytest.mark.parametrize("lang", ["en", "bn"])
@pytest.mark.parametrize("role", ["owner", "staff"])
async def test_the_form_offers_no_webhook_url_and_a_posted_one_is_not_kept(
    make_account, make_user, portal, deps, role, lang
):
    # API only (docs/portal.md, docs/decisions.md): staff make links and must not choose where
    # signed payment notices go; a shop with a server sets the webhook through the API.
    shop, client = await signed_in(make_account, make_user, portal, role)
    form = await client.get(f"/portal/links?lang={lang}")
    assert "webhook_url" not in form.text
    link_id = await create(client, webhook_url=f"https://{ALLOWED_HOST}/hook")
    (stored,) = await links_of(deps, shop.id)
    assert stored["webhook_url"] is None
    page = await client.get(f"/portal/links/{link_id}?lang={lang}")
    assert escape(Words(lang)("link.no_webhook")) in page.text


@pytest.mark.parametrize("csrf", [None, "not-the-token"])
async def test_forms_without_the_right_token_change_nothing(
    make_account, make_user, portal, deps, csrf
):
    shop, client = await signed_in(make_account, make_user, portal)
    link_id = await create(client)
    await client.get("/portal/links")
    assert (await client.post("/portal/links", FORM, csrf=csrf)).code == 403
    assert (await client.post(f"/portal/links/{link_id}/disable", csrf=csrf)).code == 403
    (stored,) = await links_of(deps, shop.id)
    assert stored["status"] == "active"
    assert await audit_of(deps, shop.id) == [("link.create", link_id)]


async def test_disabling_shows_it_once_in_the_audit_log(make_account, make_user, portal, deps):
    shop, client = await signed_in(make_account, make_user, portal)
    link_id = await create(client)
    await client.get(f"/portal/links/{link_id}")
    page = await client.post(f"/portal/links/{link_id}/disable", follow=True)
    assert "Payment link disabled." in page.text and "Disable link" not in page.text
    (stored,) = await links_of(deps, shop.id)
    assert stored["status"] == "disabled"
    assert (await client.post(f"/portal/links/{link_id}/disable")).code == 303
    assert await audit_of(deps, shop.id) == [
        ("link.create", link_id),
        ("link.disable", link_id),
    ]


async def test_another_accounts_link_is_not_found_and_stays_as_it_was(
    make_account, make_user, portal, deps
):
    owner_shop, owner = await signed_in(make_account, make_user, portal)
    link_id = await create(owner)
    _, stranger = await signed_in(make_account, make_user, portal)
    await stranger.get("/portal/links")
    assert (await stranger.get(f"/portal/links/{link_id}")).code == 404
    assert (await stranger.post(f"/portal/links/{link_id}/disable")).code == 404
    listed = await stranger.get("/portal/links")
    assert link_id not in listed.text and "Blue kurta" not in listed.text
    (stored,) = await links_of(deps, owner_shop.id)
    assert stored["status"] == "active"


async def test_payments_are_counted_on_the_list_and_the_links_page(
    make_account, make_user, portal, deps, fetch
):
    shop, client = await signed_in(make_account, make_user, portal)
    link_id = await create(client, amount="500")
    (stored,) = await links_of(deps, shop.id)
    for i in range(2):
        opened = await fetch(
            f"/pay/{stored['slug']}",
            body=f"token={i:016x}",
            headers={"content-type": "application/x-www-form-urlencoded"},
        )
        session_id = opened.headers["Location"].split("/")[2].split("?")[0]
        tx = await pay(deps, shop, amount_poisha=50_000)
        assert (
            await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
        ).code == 200
    listed = await client.get("/portal/links")
    assert re.search(r'class="payments">2<', listed.text)
    assert re.search(r'class="paid">৳ 1,000<', listed.text)
    page = await client.get(f"/portal/links/{link_id}?lang=bn")
    assert 'id="link-payments">২<' in page.text


async def test_a_paid_single_use_link_shows_used_in_both_languages(
    make_account, make_user, portal, deps, fetch
):
    shop, client = await signed_in(make_account, make_user, portal)
    link_id = await create(client, amount="500", single_use="1")
    (stored,) = await links_of(deps, shop.id)
    status = re.compile(r'id="link-status">([^<]+)<')
    page = await client.get(f"/portal/links/{link_id}?lang=en")
    assert status.search(page.text).group(1) == "Active"
    opened = await fetch(f"/pay/{stored['slug']}", method="POST", body=b"")
    session_id = opened.headers["Location"].split("/")[2].split("?")[0]
    tx = await pay(deps, shop, amount_poisha=50_000)
    body = claim_body(session_id, tx.trx_id)
    assert (await fetch("/api/v1/checkout/submit", json=body)).code == 200
    page = await client.get(f"/portal/links/{link_id}?lang=en")
    assert status.search(page.text).group(1) == "Used"
    listed = await client.get("/portal/links?lang=en")
    assert '<span class="badge">Used</span>' in listed.text
    page = await client.get(f"/portal/links/{link_id}?lang=bn")
    assert status.search(page.text).group(1) == "ব্যবহৃত"
    listed = await client.get("/portal/links?lang=bn")
    assert '<span class="badge">ব্যবহৃত</span>' in listed.text


async def test_the_pages_speak_bangla(make_account, make_user, portal):
    _, client = await signed_in(make_account, make_user, portal)
    page = await client.get("/portal/links?lang=bn")
    assert "নতুন পেমেন্ট লিংক" in page.text and "লিংক তৈরি করুন" in page.text
