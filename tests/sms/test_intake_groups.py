"""The intake commits requests in groups: those arriving while one group is being stored are
stored next, together (one insert, one gate script). Each request still hears its own answer:
what happens to one device of a group never happens to another."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from claimsvc.bootstrap import Deps
from sms_ingest.app import SmsIngest
from tests.sms.conftest import bkash_credit, stored_messages, stream_of

# On the in-process fake and on SecantusDB: an unordered insert refusing a copy of another
# request's SMS is the real server's behaviour to hold.
pytestmark = pytest.mark.wire


def one(trx: str, balance: str = "1,005.00") -> dict[str, str]:
    return {"sender": "bKash", "message": bkash_credit(trx, "5.00", balance)}


class HeldCommit:
    """Holds the intake's next insert open, so the requests posted meanwhile form one group."""

    def __init__(self, deps: Deps, sms: SmsIngest, monkeypatch: Any) -> None:
        self._groups = sms.intake.service._groups
        self._insert = deps.stores.messages.insert_many
        self._release = asyncio.Event()
        self._holding = False
        self.inserts: list[int] = []
        """The SMS each insert stored since `group_behind` was called."""
        monkeypatch.setattr(deps.stores.messages, "insert_many", self._held)

    async def _held(self, msgs: list[Any]) -> list[Any]:
        if self._holding:
            self.inserts.append(len(msgs))
            if len(self.inserts) == 1:
                await self._release.wait()
        return await self._insert(msgs)

    async def group_behind(self, first: Any, *others: Any) -> list[Any]:
        """Post `first`, hold its insert, post `others` to wait behind it; their replies."""
        self._holding = True
        tasks = [asyncio.create_task(first)]
        await _until(lambda: len(self.inserts) == 1)
        tasks += [asyncio.create_task(o) for o in others]
        await _until(lambda: self._groups.waiting == len(others))
        self._release.set()
        return list(await asyncio.gather(*tasks))


async def _until(predicate: Any) -> None:
    for _ in range(2000):
        if predicate():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the requests never reached the intake")


@pytest.fixture
def held(deps: Deps, sms: SmsIngest, monkeypatch: Any) -> HeldCommit:
    return HeldCommit(deps, sms, monkeypatch)


async def test_requests_of_several_devices_are_stored_together_and_each_answered(
    post_sms, make_account, make_device, deps, held
):
    devices = [await make_device(await make_account()) for _ in range(3)]
    first, *rest = await held.group_behind(
        post_sms(one("GRP0000001"), token=devices[0].token),
        post_sms([one("GRP0000002"), one("GRP0000003", "1,010.00")], token=devices[1].token),
        post_sms(one("GRP0000004"), token=devices[2].token),
        post_sms(one("GRP0000005", "1,010.00"), token=devices[0].token),
    )
    assert held.inserts == [1, 4]  # the first alone, the three that waited in one insert
    assert [(r.code, r.json()) for r in (first, *rest)] == [
        (202, {"accepted": 1, "duplicates": 0}),
        (202, {"accepted": 2, "duplicates": 0}),
        (202, {"accepted": 1, "duplicates": 0}),
        (202, {"accepted": 1, "duplicates": 0}),
    ]
    for device, count in zip(devices, (2, 2, 1), strict=True):
        assert len(await stored_messages(deps, device.account_id)) == count
    assert await stream_of(deps).length() == 5  # every stored SMS queued once


async def test_a_revoked_device_in_a_group_hears_401_and_keeps_nothing(
    post_sms, make_account, make_device, deps, held
):
    active, revoked = [await make_device(await make_account()) for _ in range(2)]
    assert (await post_sms(one("REV0000001"), token=revoked.token)).code == 202  # remembered
    await deps.services.devices.revoke(revoked.id)
    first, refused, admitted = await held.group_behind(
        post_sms(one("REV0000002"), token=active.token),
        post_sms(one("REV0000003", "1,010.00"), token=revoked.token),
        post_sms(one("REV0000004", "1,010.00"), token=active.token),
    )
    assert held.inserts == [1, 2]  # the revoked device's SMS was stored with the group's...
    assert (first.code, admitted.code) == (202, 202)
    assert (refused.code, refused.json()) == (401, {"error": "Unauthorized"})
    # ...then deleted: only what it sent before its revocation is kept, and never queued twice.
    assert [m["text"] for m in await stored_messages(deps, revoked.account_id)] == [
        one("REV0000001")["message"]
    ]
    assert len(await stored_messages(deps, active.account_id)) == 2
    assert await stream_of(deps).length() == 3


async def test_one_sms_sent_by_two_requests_of_a_group_is_stored_once(
    post_sms, make_account, make_device, deps, held
):
    device = await make_device(await make_account())
    first, a, b = await held.group_behind(
        post_sms(one("TWI0000001"), token=device.token),
        post_sms(one("TWI0000002", "1,010.00"), token=device.token),
        post_sms(one("TWI0000002", "1,010.00"), token=device.token),
    )
    assert first.code == a.code == b.code == 202
    assert sorted((a.json()["accepted"], b.json()["accepted"])) == [0, 1]
    assert sorted((a.json()["duplicates"], b.json()["duplicates"])) == [0, 1]
    assert len(await stored_messages(deps, device.account_id)) == 2
    assert await stream_of(deps).length() == 2


async def test_a_failed_insert_fails_its_whole_group_and_nothing_is_lost(
    post_sms, make_account, make_device, deps, sms, monkeypatch, held, clock
):
    devices = [await make_device(await make_account()) for _ in range(2)]
    insert = held._held

    async def fails_second_group(msgs: list[Any]) -> list[Any]:
        stored = await insert(msgs)
        if len(held.inserts) == 2:
            raise ConnectionError("the primary stepped down")
        return stored

    monkeypatch.setattr(deps.stores.messages, "insert_many", fails_second_group)
    first, *group = await held.group_behind(
        post_sms(one("FAI0000001"), token=devices[0].token),
        post_sms(one("FAI0000002", "1,010.00"), token=devices[0].token),
        post_sms(one("FAI0000003"), token=devices[1].token),
    )
    assert first.code == 202
    # Each forwarder hears the failure and posts again; nothing of the group was queued.
    assert [(r.code, r.json()) for r in group] == [(500, {"error": "Internal server error"})] * 2
    assert await stream_of(deps).length() == 1
    # The insert stored the group's SMS before it failed: the forwarder's retry is a duplicate,
    # and the re-queue sweep queues what was stored and never queued.
    again = await post_sms(one("FAI0000003"), token=devices[1].token)
    assert (again.code, again.json()) == (202, {"accepted": 0, "duplicates": 1})
    clock.advance(minutes=2)
    assert await sms.consumer.requeue() == 2
    assert await stream_of(deps).length() == 3


async def test_redis_failing_for_a_group_lets_mongodb_decide_each_request(
    post_sms, make_account, make_device, deps, monkeypatch, held
):
    active, revoked = [await make_device(await make_account()) for _ in range(2)]
    assert (await post_sms(one("RED0000001"), token=revoked.token)).code == 202
    await deps.services.devices.revoke(revoked.id)
    gate = deps.stores.sms_gate
    queue_many = gate.queue_many
    calls = 0

    async def down_for_the_group(requests: Any) -> list[str]:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise ConnectionError("redis is down")
        return await queue_many(requests)

    monkeypatch.setattr(gate, "queue_many", down_for_the_group)
    first, refused, admitted = await held.group_behind(
        post_sms(one("RED0000002"), token=active.token),
        post_sms(one("RED0000003", "1,010.00"), token=revoked.token),
        post_sms(one("RED0000004", "1,010.00"), token=active.token),
    )
    assert (first.code, refused.code, admitted.code) == (202, 401, 202)
    assert len(await stored_messages(deps, revoked.account_id)) == 1
    # Stored, not queued: the re-queue sweep brings it to the worker (test_device_gate.py).
    assert len(await stored_messages(deps, active.account_id)) == 2
