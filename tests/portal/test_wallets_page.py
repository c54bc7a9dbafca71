"""The portal's wallets page over HTTP: adding and removing wallets with the admin API's rules,
balance anchors on the account's own phones, roles and CSRF."""

from __future__ import annotations

import html
import re

import pytest

from claimsvc.api.words import Words
from claimsvc.domain.accounts import WALLET_KINDS
from tests.portal.phone_support import audit_entries

NAGAD = {"provider": "nagad", "number": "01800000002", "kind": "merchant"}


async def wallets_of(deps, account_id):
    return [
        (w.provider, w.number) for w in (await deps.services.admin.get_account(account_id)).wallets
    ]


async def shop_with_phone(make_account, make_user, portal, deps, role="owner"):
    """A shop with one paired phone, and its signed-in user on the wallets page."""
    shop = await make_account()
    device = (await deps.services.devices.register(shop.id, "Shop phone", None)).device
    client = await portal(await make_user(shop, role=role))
    await client.get("/portal/wallets")
    return shop, device, client


async def test_an_owner_adds_and_removes_a_wallet(make_account, make_user, portal, deps):
    shop = await make_account()
    client = await portal(await make_user(shop))
    page = await client.get("/portal/wallets")
    assert "01700000001" in page.text
    added = await client.post("/portal/wallets", NAGAD, follow=True)
    assert "The wallet is added." in added.text and "01800000002" in added.text
    again = await client.post("/portal/wallets", NAGAD)
    assert again.code == 400 and "already listed" in again.text
    assert await wallets_of(deps, shop.id) == [("bkash", "01700000001"), ("nagad", "01800000002")]
    removed = await client.post(
        "/portal/wallets/remove", {"provider": "bkash", "number": "01700000001"}, follow=True
    )
    assert "The wallet is removed." in removed.text
    assert await wallets_of(deps, shop.id) == [("nagad", "01800000002")]
    [add] = await audit_entries(deps, "wallet.add")
    assert add["details"] == {"provider": "nagad", "number": "018****0002", "kind": "merchant"}
    [remove] = await audit_entries(deps, "wallet.remove")
    assert remove["details"]["number"] == "017****0001"


def problem_of(page, field_id: str) -> str | None:
    """The words shown beside one field of a form shown again, if any."""
    found = re.search(rf'id="{field_id}-problem">([^<]+)<', page.text)
    return html.unescape(found.group(1)) if found else None


@pytest.mark.parametrize(
    ("form", "field", "words"),
    [
        ({**NAGAD, "number": "12ab"}, "w-number", "Enter the wallet's number"),
        ({**NAGAD, "provider": "paypal"}, "w-provider", "Choose a wallet."),
        ({**NAGAD, "kind": "friend"}, "w-kind", "Choose the kind of wallet."),
        ({"provider": "nagad"}, "w-number", "Enter the wallet's number"),
    ],
)
async def test_a_wallet_the_admin_api_would_refuse_is_refused_beside_its_field(
    make_account, make_user, portal, deps, form, field, words
):
    shop = await make_account()
    client = await portal(await make_user(shop))
    await client.get("/portal/wallets")
    page = await client.post("/portal/wallets", form)
    assert page.code == 400 and 'id="wallet-errors"' in page.text
    assert (problem_of(page, field) or "").startswith(words)
    assert f'href="#{field}"' in page.text  # the summary links to the field
    if "number" in form:
        assert f'value="{form["number"]}"' in page.text  # what was typed, kept
    assert await wallets_of(deps, shop.id) == [("bkash", "01700000001")]


async def test_a_wallet_listed_already_is_a_400_beside_its_number(
    make_account, make_user, portal, deps
):
    shop = await make_account()
    client = await portal(await make_user(shop))
    await client.get("/portal/wallets")
    form = {"provider": "bkash", "number": "01700000001", "kind": "merchant"}
    page = await client.post("/portal/wallets", form)
    assert page.code == 400
    assert problem_of(page, "w-number") == "That wallet is already listed."
    assert '<option value="bkash" selected>bKash</option>' in page.text
    assert await wallets_of(deps, shop.id) == [("bkash", "01700000001")]


@pytest.mark.parametrize("path", ["/portal/wallets/anchor", "/portal/wallets/remove"])
async def test_the_wallets_actions_only_take_a_form(make_account, make_user, portal, path):
    client = await portal(await make_user(await make_account()))
    page = await client.get(path)
    assert page.code == 405 and "This address only takes a form" in page.text


async def test_removing_a_wallet_not_listed_changes_nothing(make_account, make_user, portal, deps):
    shop = await make_account()
    client = await portal(await make_user(shop))
    await client.get("/portal/wallets")
    page = await client.post(
        "/portal/wallets/remove", {"provider": "nagad", "number": "01700000001"}, follow=True
    )
    assert "That wallet is not listed." in page.text
    assert await wallets_of(deps, shop.id) == [("bkash", "01700000001")]


async def test_an_anchor_on_the_accounts_phone_starts_its_chain(
    make_account, make_user, portal, deps
):
    shop, device, client = await shop_with_phone(
        make_account, make_user, portal, deps, role="developer"
    )
    form = {"device_id": device.id, "provider": "bkash", "balance": "12,500.75", "sim_slot": "1"}
    page = await client.post("/portal/wallets/anchor", {**form, "gap_recovery": "1"}, follow=True)
    assert "The balance anchor is set" in page.text
    assert "12,500.75" in page.text and "Shop phone" in page.text
    [chain] = await deps.services.wallet_admin.chains(shop.id)
    assert (chain.running, chain.stored_key.sim_slot, chain.recovers) == (1_250_075, 1, True)
    [entry] = await audit_entries(deps, "wallet.anchor")
    assert entry["target"] == device.id and entry["details"]["provider"] == "bkash"


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"balance": "12.345"}, "a-balance", "Enter the balance the wallet app shows"),
        ({"balance": "lots"}, "a-balance", "Enter the balance the wallet app shows"),
        ({"sim_slot": "-1"}, "a-sim_slot", "A SIM slot is a number from 0 to 16"),
        ({"provider": "x"}, "a-provider", "Choose a wallet."),
    ],
)
async def test_an_anchor_the_admin_api_would_refuse_is_refused_beside_its_field(
    make_account, make_user, portal, deps, change, field, words
):
    shop, device, client = await shop_with_phone(make_account, make_user, portal, deps)
    form = {"device_id": device.id, "provider": "bkash", "balance": "100", **change}
    page = await client.post("/portal/wallets/anchor", form)
    assert page.code == 400 and 'id="anchor-errors"' in page.text
    assert (problem_of(page, field) or "").startswith(words)
    assert 'id="wallet-errors"' not in page.text  # the other form has no problem
    typed = change.get("balance", "100")
    assert f'id="a-balance" name="balance" value="{typed}"' in page.text
    assert await deps.services.wallet_admin.chains(shop.id) == []


async def test_an_anchor_on_another_accounts_phone_is_refused(
    make_account, make_user, portal, deps
):
    theirs = await make_account()
    device = (await deps.services.devices.register(theirs.id, "Their phone", None)).device
    mine = await make_account()
    client = await portal(await make_user(mine))
    await client.get("/portal/wallets")
    form = {"device_id": device.id, "provider": "bkash", "balance": "100"}
    page = await client.post("/portal/wallets/anchor", form)
    assert page.code == 400 and "Their phone" not in page.text
    assert "Choose one of your paired phones." in page.text
    assert await deps.services.wallet_admin.chains(theirs.id) == []
    assert await deps.services.wallet_admin.chains(mine.id) == []


async def test_staff_may_not_change_wallets(make_account, make_user, portal, deps):
    shop = await make_account()
    client = await portal(await make_user(shop, role="staff"))
    assert (await client.get("/portal/wallets")).code == 403
    await client.get("/portal/")
    assert (await client.post("/portal/wallets", NAGAD)).code == 403
    assert await wallets_of(deps, shop.id) == [("bkash", "01700000001")]


@pytest.mark.parametrize("csrf", [None, "wrong-token"])
async def test_wallet_forms_without_the_form_token_change_nothing(
    make_account, make_user, portal, deps, csrf
):
    shop, device, client = await shop_with_phone(make_account, make_user, portal, deps)
    assert (await client.post("/portal/wallets", NAGAD, csrf=csrf)).code == 403
    remove = {"provider": "bkash", "number": "01700000001"}
    assert (await client.post("/portal/wallets/remove", remove, csrf=csrf)).code == 403
    anchor = {"device_id": device.id, "provider": "bkash", "balance": "100"}
    assert (await client.post("/portal/wallets/anchor", anchor, csrf=csrf)).code == 403
    assert await wallets_of(deps, shop.id) == [("bkash", "01700000001")]
    assert await deps.services.wallet_admin.chains(shop.id) == []


def test_every_kind_of_wallet_has_words():
    """The page names a kind by the one vocabulary (status.wallet_kind), in both languages."""
    for lang in ("en", "bn"):
        assert all(Words(lang).has(f"status.wallet_kind.{kind}") for kind in WALLET_KINDS)
