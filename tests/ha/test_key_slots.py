"""Every Redis script call keeps its keys in one hash slot, as Redis Cluster requires.

The client's register_script is wrapped so that each call of each script records its KEYS; every
store method that runs a script is then called, and the test checks that all registered scripts
ran and that each call's keys hash (CRC16 of the hash tag, mod 16384) to one slot.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import fakeredis
import pytest
from redis.crc import key_slot

from claimsvc.bootstrap import open_deps
from claimsvc.domain.accounts import AccountTerms
from claimsvc.store.admission import Fill
from claimsvc.store.redis_keys import RedisKeys
from claimsvc.store.schedule import Lease
from claimsvc.store.sms_queue import SmsQueue
from tests.conftest import make_settings
from tests.session_records import session

NOW = datetime(2026, 11, 21, 10, 30, tzinfo=UTC)


class RecordingClient:
    """Wraps a client's register_script: every script call is recorded with its KEYS."""

    def __init__(self, client: Any) -> None:
        self.registered: list[str] = []
        self.calls: list[tuple[str, list[str]]] = []
        register = client.register_script

        def _register(script: str) -> Any:
            inner = register(script)
            self.registered.append(script)

            async def _call(keys: Any = None, args: Any = None, client: Any = None) -> Any:
                self.calls.append((script, [str(k) for k in keys or []]))
                return await inner(keys=keys, args=args, client=client)

            return _call

        client.register_script = _register


def slot(key: str) -> int:
    return key_slot(key.encode())


@pytest.fixture
async def recorded():
    client = fakeredis.FakeAsyncRedis(version=(7, 0))
    recorder = RecordingClient(client)
    deps = await open_deps(make_settings(), redis=client)
    yield deps, recorder
    await deps.close()


async def run_every_script(deps: Any) -> None:
    limits, admission, schedule = deps.stores.limits, deps.stores.admission, deps.stores.schedule
    account = AccountTerms(id="acc_1", name="Shop", daily_limit=5)
    fill = Fill("ok", account)
    await admission.admit("acc_1", "key_1", "initialize", NOW, must_pay=True, fill=fill)
    await admission.admit("acc_1", "key_1", "initialize", NOW, must_pay=True, order_id="o-1")
    await admission.reserve_day("acc_1", "order-2", account, NOW)
    await admission.release_day("acc_1", "order-2", NOW)
    await admission.reserve_platform_day(1, NOW)
    await admission.release_platform_day(NOW)
    await limits.hit("buyer:ip", "203.0.113.9", 10, NOW)
    await admission.admit_buyer("acc_1", "203.0.113.9", "ses_1", (10, 10), NOW, account)
    await admission.admit_buyer("acc_1", "203.0.113.9", "ses_1", (10, 10), NOW)
    await schedule.schedule(1, 0)
    await schedule.schedule(2, 0)
    first, second = await schedule.take(10, 30_000, 10)
    await schedule.ack(first)
    await schedule.reschedule(second, 20)
    await schedule.release(Lease(3, "gone", 0), 30)
    await schedule.restore({4: 0})
    await deps.stores.sms_gate.queue("dev_1", ["msg_1"], vouched=True)
    await deps.stores.sms_queue.add("msg_2")
    await deps.stores.signin_limits.hit_password("e" * 64, "203.0.113.9")
    await deps.stores.signin_limits.hit_code("e" * 64, "203.0.113.9")
    await deps.stores.signin_limits.clear_user("e" * 64, "203.0.113.9")
    checked = session(id="ses_1", account_id="acc_1")
    await deps.stores.arrival_limits.admit(
        checked, "203.0.113.9", "8N7A6B5C4D", (10, 10), 3, timedelta(hours=1), NOW
    )
    stream = SmsQueue(deps.redis, deps.keys)  # the worker's side: acknowledge, lost
    await stream.ensure_group()
    await stream.done(*await stream.read("c1", 10, 1))
    assert await stream.lost(["msg_1", "msg_2"]) == {"msg_1", "msg_2"}


async def test_every_scripts_keys_share_one_slot(recorded):
    deps, recorder = recorded
    await run_every_script(deps)
    assert set(recorder.registered) == {script for script, _ in recorder.calls}  # all ran
    crossing = [
        (keys, sorted({slot(k) for k in keys}))
        for _, keys in recorder.calls
        if len({slot(k) for k in keys}) != 1
    ]
    assert crossing == []


async def test_an_accounts_limit_keys_share_its_slot_and_accounts_spread():
    keys = RedisKeys("claimsvc:")
    own = {
        slot(keys.auth_key("acc_1", "key_9")),
        slot(keys.auth_account("acc_1")),
        slot(keys.rate("key:initialize", "key_9", 1, "acc_1")),
        slot(keys.daily_vendor("acc_1", "2026-11-21")),
        slot(keys.daily_orders("acc_1", "2026-11-21")),
    }
    assert len(own) == 1  # one script may take the key, its limit and the day count together
    assert slot(keys.daily_platform("2026-11-21")) not in own
    accounts = {slot(keys.daily_vendor(f"acc_{i}", "2026-11-21")) for i in range(100)}
    assert len(accounts) > 90  # accounts land on slots (and so nodes) all over the Cluster


def test_a_prefix_with_a_brace_is_refused():
    with pytest.raises(ValueError, match="must not contain"):
        RedisKeys("{tenant}:")
