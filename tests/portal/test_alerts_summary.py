"""The alerts page's daily summary (issue 27, optional): an owner picks a whole hour in Dhaka
time or Off, audited; others see it but cannot; a bad value changes nothing; the two optional
kinds are listed for each channel, off until chosen."""

from __future__ import annotations

import pytest

from claimsvc.domain import alerts as al
from tests.conftest import make_settings
from tests.portal.phone_support import audit_entries

SUMMARY = "/portal/alerts/summary"


@pytest.fixture
def settings():
    return make_settings(telegram_bot_token="123:abc", telegram_bot_username="shop_bot")


async def summary_of(deps, account_id: str) -> tuple[int | None, str | None]:
    account = await deps.stores.accounts.get(account_id)
    return account.alert_summary_hour, account.alert_summary_from


async def test_an_owner_picks_an_hour_then_off_and_each_is_audited(
    deps, make_account, make_user, portal
):
    merchant = await make_account()
    client = await portal(await make_user(merchant, "owner"))
    page = await client.get("/portal/alerts")
    assert "Now: off." in page.text and '<option value="" selected>Off</option>' in page.text
    assert '<option value="21">9:00 PM</option>' in page.text
    done = await client.post(SUMMARY, {"hour": "21"})
    assert done.code == 303 and done.location == "/portal/alerts"
    shown = await client.get(done.location)
    assert "Saved: the daily summary goes at the new hour." in shown.text
    assert "Now: every day at 9:00 PM, Dhaka time." in shown.text
    assert '<option value="21" selected>9:00 PM</option>' in shown.text
    # The clock is at 12:00 in Dhaka: today's 21:00 is still to come.
    assert await summary_of(deps, merchant.id) == (21, "2026-11-21")
    await client.post(SUMMARY, {"hour": "9"})
    assert await summary_of(deps, merchant.id) == (9, "2026-11-22")  # 09:00 has passed
    await client.post(SUMMARY, {"hour": ""})
    assert (await summary_of(deps, merchant.id))[0] is None
    assert "Now: off." in (await client.get("/portal/alerts")).text
    entries = await audit_entries(deps, "alerts.summary_hour")
    assert sorted(str(e.get("details") or {}) for e in entries) == sorted(
        ["{'hour': '21:00'}", "{'hour': '09:00'}", "{}"]
    )


@pytest.mark.parametrize("value", ["24", "-1", "9.5", "\u09e8\u09e7", "9" * 30, "nine"])
async def test_a_bad_hour_says_so_and_changes_nothing(deps, make_account, make_user, portal, value):
    merchant = await make_account()
    client = await portal(await make_user(merchant, "owner"))
    await client.get("/portal/alerts")
    page = await client.post(SUMMARY, {"hour": value})
    assert page.code == 400 and "Choose a whole hour, or Off." in page.text
    assert 'id="hour-problem"' in page.text and 'aria-invalid="true"' in page.text
    assert await summary_of(deps, merchant.id) == (None, None)


@pytest.mark.parametrize("role", ["staff", "developer"])
async def test_other_roles_see_it_but_cannot_set_it(deps, make_account, make_user, portal, role):
    merchant = await make_account()
    client = await portal(await make_user(merchant, role))
    page = await client.get("/portal/alerts")
    assert "Now: off." in page.text and f'action="{SUMMARY}"' not in page.text
    assert (await client.post(SUMMARY, {"hour": "21"})).code == 403
    assert await summary_of(deps, merchant.id) == (None, None)


async def test_the_optional_kinds_are_listed_unchecked_and_can_be_chosen(
    deps, make_account, make_user, portal
):
    merchant = await make_account()
    user = await make_user(merchant, "owner")
    client = await portal(user)
    channel = al.Channel(
        "chn_t",
        merchant.id,
        user.id,
        al.TELEGRAM,
        "5550001",
        "en",
        al.DEFAULT_KINDS,
        al.LINKED,
        deps.clock(),
    )
    await deps.stores.alert_channels.link(channel)
    page = await client.get("/portal/alerts")
    assert 'name="kind_payment_completed" value="1">' in page.text
    assert 'name="kind_daily_summary" value="1">' in page.text
    assert "Each payment completed (off until you choose it)" in page.text
    chosen = {"kind_payment_held": "1", "kind_daily_summary": "1"}
    assert (await client.post("/portal/alerts/chn_t/kinds", chosen)).code == 303
    [stored] = await deps.services.alert_channels.of_user(user.id)
    assert stored.kinds == (al.PAYMENT_HELD, al.DAILY_SUMMARY)


async def test_the_section_in_bangla(deps, make_account, make_user, portal):
    merchant = await make_account()
    client = await portal(await make_user(merchant, "owner"))
    await client.get("/portal/alerts")
    await client.post(SUMMARY, {"hour": "21"})
    page = await client.get("/portal/alerts?lang=bn")
    assert "দৈনিক সারসংক্ষেপ" in page.text and "এখন: প্রতিদিন রাত ৯:\u09e6\u09e6, ঢাকার সময়।" in page.text
