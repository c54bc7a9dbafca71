"""The overview's first-steps checklist: each step ticked from the account's real records, each
linking to its page when the role may open it, and gone once every step is done."""

from __future__ import annotations

import re

import pytest

from claimsvc.domain.first_steps import STEPS, FirstSteps
from claimsvc.domain.modes import TEST, ledger_id
from claimsvc.domain.outbox import DELIVERED
from tests.claims_support import open_session
from tests.conftest import initialize_body
from tests.portal.test_wallets_page import shop_with_phone
from tests.worker.factories import record_event


def ticked(page) -> dict[str, bool]:
    """Step name -> done, as the checklist shows it."""
    steps = re.findall(r'<li class="(done|todo)" data-step="(\w+)">', page.text)
    return {name: state == "done" for state, name in steps}


async def test_each_step_ticks_itself_from_the_account_s_records(
    make_account, make_user, portal, deps
):
    shop, device, client = await shop_with_phone(make_account, make_user, portal, deps)
    await deps.services.admin.revoke_key(shop.key_id)
    first = await client.get("/portal/")
    assert ticked(first) == {
        "key": False, "webhook": False, "phone": True, "anchor": False, "session": False,
    }  # fmt: skip
    pages = {"key": "keys", "webhook": "webhooks", "phone": "devices", "anchor": "wallets"}
    for step in STEPS:
        path = f"/portal/{pages.get(step.name, 'links')}"
        assert f'<a href="{path}">' in first.text.split('id="first-steps-list"')[1]
    await client.get("/portal/keys")
    await client.post("/portal/keys", {"label": "shop server"})
    await client.get("/portal/wallets")
    form = {"device_id": device.id, "provider": "bkash", "balance": "100", "sim_slot": ""}
    await client.post("/portal/wallets/anchor", form)
    await open_session(deps, shop)
    assert ticked(await client.get("/portal/")) == {
        "key": True, "webhook": False, "phone": True, "anchor": True, "session": True,
    }  # fmt: skip
    event_id = await record_event(deps, shop.id, "https://shop.example.com/hook")
    await deps.db["events"].update_one({"_id": event_id}, {"$set": {"status": DELIVERED}})
    done = await client.get("/portal/")
    assert 'id="first-steps-card"' not in done.text and ticked(done) == {}


async def test_a_revoked_key_and_phone_do_not_count(make_account, make_user, portal, deps):
    shop, device, client = await shop_with_phone(make_account, make_user, portal, deps)
    await deps.services.admin.revoke_key(shop.key_id)
    await deps.services.devices.revoke(device.id, shop.id)
    steps = ticked(await client.get("/portal/"))
    assert steps["key"] is False and steps["phone"] is False


@pytest.mark.parametrize(("lang", "title"), [("en", "First steps"), ("bn", "প্রথম ধাপগুলো")])
async def test_staff_see_the_steps_without_links_to_pages_they_cannot_open(
    make_account, make_user, portal, lang, title
):
    shop = await make_account()
    client = await portal(await make_user(shop, role="staff"))
    page = await client.get(f"/portal/?lang={lang}")
    assert title in page.text
    listed = page.text.split('id="first-steps-list"')[1].split("</ol>")[0]
    assert re.findall(r'<a href="([^"]+)">', listed) == ["/portal/links"]
    assert ("An owner or developer does this step" in listed) == (lang == "en")


def test_the_checklist_is_finished_only_when_every_step_is_done():
    names = [step.name for step in STEPS]
    assert names == ["key", "webhook", "phone", "anchor", "session"]
    assert FirstSteps(frozenset(names)).finished
    assert not FirstSteps(frozenset(names[:-1])).finished


async def test_a_test_checkout_and_its_delivered_webhook_tick_their_steps(
    make_account, make_user, portal, deps, fetch
):
    """After the merge with test mode: a merchant building in test mode (a test key opens a
    session under `<account>:test`, its webhook is delivered there) sees those steps done."""
    shop = await make_account()
    client = await portal(await make_user(shop))
    minted = await deps.services.admin.mint_key(shop.id, "suite", TEST)
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=minted.secret)
    assert opened.code == 201, opened.body
    before = ticked(await client.get("/portal/"))
    assert before["session"] is True and before["webhook"] is False
    event_id = await record_event(deps, ledger_id(shop.id, TEST), "https://shop.example.com/hook")
    await deps.db["events"].update_one({"_id": event_id}, {"$set": {"status": DELIVERED}})
    assert ticked(await client.get("/portal/"))["webhook"] is True
