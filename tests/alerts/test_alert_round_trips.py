"""Round trips of the alert pass, counted exactly: an idle pass (every CLAIMSVC_ALERT_PASS_MS,
one second by default) reads each kind of mark once, phones once a minute, and a busy one adds
a bounded number of commands per batch, not per alert."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from claimsvc.bootstrap import Deps
from claimsvc.worker.alerts import AlertLoop
from tests.alerts.test_telegram_alerts import held_claim, make_user
from tests.conftest import open_counted_deps
from tests.portal.phone_support import store_message

IDLE = {
    "find:sessions": 1,  # sessions owing alerts
    "find:sms_messages": 1,  # messages owing alerts
    "find:events": 1,  # webhook events owing alerts
    "find:wallet_balances": 1,  # wallets owing alerts
    "find:alerts": 1,  # alerts not fanned out yet
    "find:alert_sends": 1,  # sends due
}


@pytest.fixture
async def deps(settings, clock, tally) -> AsyncIterator[Deps]:
    deps = await open_counted_deps(settings, clock, tally)
    yield deps
    await deps.close()


async def test_an_idle_alert_pass_round_trips(deps, tally):
    loop = AlertLoop(deps.services.alerts, None, 1.0)
    await loop.one_pass()
    tally.reset()
    await loop.one_pass()
    assert {k: v for k, v in tally.mongo.items() if v} == IDLE
    assert tally.redis_total == 0
    deps.clock.advance(minutes=1)
    tally.reset()
    await loop.one_pass()
    # Once a minute: phones newly quiet, phones marked quiet.
    assert {k: v for k, v in tally.mongo.items() if v} == {**IDLE, "find:devices": 2}
    deps.clock.advance(hours=1)
    tally.reset()
    await loop.one_pass()
    # Once a Dhaka hour: accounts with a daily summary (none, so nothing more is read).
    hourly = {**IDLE, "find:devices": 2, "find:accounts": 1}
    assert {k: v for k, v in tally.mongo.items() if v} == hourly


async def test_a_pass_with_many_alerts_round_trips_per_batch(
    deps, fetch, make_account, tally, worker, telegram
):
    merchant = await make_account(balance_verification=True)
    user = await make_user(deps, merchant.id)
    code = await deps.services.alert_channels.new_code(user, "en")
    telegram.user_sends(5_550_001, code)
    await worker.poller.poll_once()
    for _ in range(5):
        await held_claim(deps, fetch, merchant)
        await store_message(deps, merchant.id, "unparsed", "no_rule")
    tally.reset()
    await worker.loop.one_pass()
    busy = {k: v for k, v in tally.mongo.items() if v}
    # 10 alerts of 2 kinds to one chat: two messages, the same commands as for one alert each.
    assert len([m for m in telegram.of("sendMessage") if "(5)" in m["text"]]) == 2
    assert busy == {
        **IDLE,
        "find:devices": 2,  # the first pass looks at phones too
        "find:accounts": 1,  # and at daily summaries (then once a Dhaka hour): none set
        "find:alerts": 2,  # to fan out; the sent ones' facts
        "find:alert_sends": 2,  # due ids, then the leased ones
        "insert_many:alerts": 1,
        "update_many:sessions": 1,  # marks cleared
        "update_many:sms_messages": 1,
        "find:alert_channels": 2,  # linked channels of the accounts; the sends' channels
        "find:portal_users": 1,  # which of their users are active
        "insert_many:alert_sends": 1,
        "update_many:alerts": 1,  # fanned out
        "update_many:alert_sends": 3,  # leased; sent (one per message)
        "update_one:alert_channels": 2,  # failures reset after each message (a no-op write)
    }
