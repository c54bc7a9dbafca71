"""The portal's alerts page: linking Telegram by a code shown once, choosing alerts, unlinking
in one click, a broken channel shown, owners seeing the shop's channels, both languages."""

from __future__ import annotations

import re

import pytest

from claimsvc.domain import alerts as al
from tests.conftest import make_settings
from tests.portal.phone_support import all_documents

CHAT = 7_770_001
CODE = re.compile(r'data-testid="link-code">([A-Z0-9]{10})<')


@pytest.fixture
def settings():
    return make_settings(telegram_bot_token="1:portal-test-token", telegram_bot_username="shop_bot")


async def bot_link(deps, code: str, chat: int = CHAT) -> list[tuple[str, dict]]:
    """The worker hands the bot what the user sent it (the poller's step, without the wire)."""
    said: list[tuple[str, dict]] = []

    async def call(method: str, body: dict) -> None:
        said.append((method, body))

    message = {"message_id": 1, "chat": {"id": chat, "type": "private"}, "text": code}
    await deps.services.alert_channels.on_update(call, {"update_id": 1, "message": message})
    return said


async def linked_user(deps, make_user, portal, merchant, role="staff", chat=CHAT):
    user = await make_user(merchant, role)
    client = await portal(user)
    await client.get("/portal/alerts")
    page = await client.post("/portal/alerts/telegram", follow=True)
    await bot_link(deps, CODE.search(page.text).group(1), chat)
    return user, client


async def test_linking_shows_the_code_once_and_then_the_linked_chat(
    deps, make_account, make_user, portal
):
    merchant = await make_account()
    client = await portal(await make_user(merchant, "staff"))
    page = await client.get("/portal/alerts")
    assert "Your Telegram is not linked." in page.text
    assert '<a href="/portal/alerts" aria-current="page">Alerts</a>' in page.text
    made = await client.post("/portal/alerts/telegram")
    assert made.code == 303 and "shown=" in made.location
    shown = await client.get(made.location)
    code = CODE.search(shown.text).group(1)
    assert f"https://t.me/shop_bot?start={code}" in shown.text
    assert shown.headers["Cache-Control"] == "no-store"
    assert code not in (await client.get(made.location)).text  # a reload shows it no more
    assert not any(code in doc for doc in await all_documents(deps))
    said = await bot_link(deps, code)
    assert said[0][1]["text"].startswith("Linked. Alerts of Test Shop")
    page = await client.get("/portal/alerts")
    assert 'data-testid="channel-state">Linked' in page.text
    assert page.text.count('type="checkbox"') == len(al.KINDS)


async def test_choosing_alerts_keeps_only_the_ticked_ones(deps, make_account, make_user, portal):
    merchant = await make_account()
    user, client = await linked_user(deps, make_user, portal, merchant)
    [channel] = await deps.services.alert_channels.of_user(user.id)
    done = await client.post(
        f"/portal/alerts/{channel.id}/kinds", {"kind_payment_held": "1"}, follow=True
    )
    assert "Your choice of alerts is saved." in done.text
    [channel] = await deps.services.alert_channels.of_user(user.id)
    assert channel.kinds == (al.PAYMENT_HELD,)
    assert done.text.count(" checked>") == 1


async def test_unlink_is_one_click_and_only_for_ones_own_unless_owner(
    deps, make_account, make_user, portal
):
    merchant = await make_account()
    staff, staff_client = await linked_user(deps, make_user, portal, merchant)
    other, _ = await linked_user(deps, make_user, portal, merchant, chat=CHAT + 1)
    [theirs] = await deps.services.alert_channels.of_user(other.id)
    refused = await staff_client.post(f"/portal/alerts/{theirs.id}/unlink")
    assert refused.code == 404
    assert await deps.services.alert_channels.of_user(other.id) != []
    owner = await make_user(merchant, "owner")
    owner_client = await portal(owner)
    page = await owner_client.get("/portal/alerts")
    assert staff.email in page.text and other.email in page.text
    done = await owner_client.post(f"/portal/alerts/{theirs.id}/unlink", follow=True)
    assert "Unlinked: no more alerts go there." in done.text
    assert await deps.services.alert_channels.of_user(other.id) == []
    [mine] = await deps.services.alert_channels.of_user(staff.id)
    await staff_client.post(f"/portal/alerts/{mine.id}/unlink")
    assert await deps.services.alert_channels.of_user(staff.id) == []


async def test_a_broken_channel_is_shown_with_a_way_to_link_again(
    deps, make_account, make_user, portal
):
    merchant = await make_account()
    user, client = await linked_user(deps, make_user, portal, merchant)
    [channel] = await deps.services.alert_channels.of_user(user.id)
    await deps.stores.alert_channels.mark_broken(channel.id, "HTTP 403", deps.clock())
    page = await client.get("/portal/alerts?lang=bn")
    assert "কাজ করছে না" in page.text and "HTTP 403" in page.text
    assert "আবার যুক্ত করুন" in page.text
    relinked = await client.post("/portal/alerts/telegram", follow=True)
    await bot_link(deps, CODE.search(relinked.text).group(1))
    [channel] = await deps.services.alert_channels.of_user(user.id)
    assert channel.status == al.LINKED


async def test_the_page_in_bangla(deps, make_account, make_user, portal):
    merchant = await make_account()
    client = await portal(await make_user(merchant, "owner"))
    page = await client.get("/portal/alerts?lang=bn")
    assert "টেলিগ্রাম ও ইমেইলে সতর্কবার্তা" in page.text and "টেলিগ্রাম যুক্ত করুন" in page.text
    assert "সতর্কবার্তা</a>" in page.text  # the menu entry


async def test_without_a_bot_token_the_page_says_so_and_makes_no_code(
    deps, make_account, make_user, portal
):
    deps.settings = deps.settings.replace(telegram_bot_token=None)
    merchant = await make_account()
    client = await portal(await make_user(merchant, "owner"))
    page = await client.get("/portal/alerts")
    assert 'data-testid="alerts-off"' in page.text
    assert (await client.post("/portal/alerts/telegram")).code == 404
