"""A device's identity is remembered by each intake process; whether it is still active is asked
of Redis in the one call that queues the request. These are the ways that could go wrong."""

from __future__ import annotations

import pytest

from claimsvc.services.sms.intake import SmsIntake
from claimsvc.services.sms.work import Tuning
from sms_ingest.app import Intake, SmsIngest, build
from tests.sms.conftest import bkash_credit, stored_messages


def body(trx: str) -> list[dict]:
    text = bkash_credit(trx, "5.00", "1,005.00")
    return [{"sender": "bKash", "message": text, "received_at": 1795240800000}]


async def test_a_device_revoked_after_its_first_request_is_refused_on_the_next(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    assert (await post_sms(body("GATE000001"), token=device.token)).code == 202
    await deps.services.devices.revoke(device.id)
    reply = await post_sms(body("GATE000002"), token=device.token)
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized"})
    assert [m["text"] for m in await stored_messages(deps, device.account_id)] == [
        body("GATE000001")[0]["message"]
    ]


async def test_a_revoked_device_hears_401_before_its_bad_body_is_judged(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    assert (await post_sms(body("GATE000003"), token=device.token)).code == 202
    await deps.services.devices.revoke(device.id)
    assert (await post_sms(raw=b"not json", token=device.token)).code == 401


async def test_redis_losing_the_gate_never_readmits_a_revoked_device(
    post_sms, make_account, make_device, deps
):
    device = await make_device(await make_account())
    other = await make_device(await make_account())
    assert (await post_sms(body("GATE000004"), token=device.token)).code == 202
    assert (await post_sms(body("GATE000005"), token=other.token)).code == 202
    await deps.services.devices.revoke(device.id)
    await deps.redis.delete(deps.keys.sms_device_gate)
    assert (await post_sms(body("GATE000006"), token=device.token)).code == 401
    # The active one is read from MongoDB once and admitted again.
    assert (await post_sms(body("GATE000007"), token=other.token)).code == 202
    assert (await post_sms(body("GATE000008"), token=other.token)).code == 202
    assert len(await stored_messages(deps, device.account_id)) == 1
    assert len(await stored_messages(deps, other.account_id)) == 3


async def test_a_revocation_landing_between_storing_and_queueing_keeps_nothing(
    post_sms, make_account, make_device, deps, sms: SmsIngest, monkeypatch
):
    device = await make_device(await make_account())
    assert (await post_sms(body("GATE000009"), token=device.token)).code == 202
    store = deps.stores.messages
    insert_many = store.insert_many

    async def insert_then_revoke(msgs):
        stored = await insert_many(msgs)
        await deps.services.devices.revoke(device.id)
        return stored

    monkeypatch.setattr(store, "insert_many", insert_then_revoke)
    assert (await post_sms(body("GATE000010"), token=device.token)).code == 401
    assert len(await stored_messages(deps, device.account_id)) == 1


async def test_a_vouching_request_never_overwrites_a_revocation(make_account, make_device, deps):
    """A request that read the device active just before a revocation may reach Redis after
    the revocation's first gate write: the gate keeps `revoked`."""
    device = await make_device(await make_account())
    gate = deps.stores.sms_gate
    await gate.revoke(device.id)
    assert await gate.queue(device.id, [], vouched=True) == "revoked"
    assert await gate.queue("dev_never_seen", [], vouched=False) == "unknown"


@pytest.mark.parametrize("revoked", [False, True])
async def test_redis_failing_at_queueing_lets_mongodb_decide(
    post_sms, make_account, make_device, deps, sms: SmsIngest, monkeypatch, clock, revoked
):
    device = await make_device(await make_account())
    assert (await post_sms(body("GATE000011"), token=device.token)).code == 202
    if revoked:
        await deps.services.devices.revoke(device.id)

    async def down(*args, **kwargs):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(deps.stores.sms_gate, "queue_many", down)
    reply = await post_sms(body("GATE000012"), token=device.token)
    assert reply.code == (401 if revoked else 202)
    stored = await stored_messages(deps, device.account_id)
    assert len(stored) == (1 if revoked else 2)
    if not revoked:
        # Stored but not queued: the re-queue sweep brings it to the worker.
        monkeypatch.undo()
        clock.advance(seconds=2)
        late = build(deps, Tuning(block_ms=1, idle_backoff_s=0.01, requeue_after_s=1))
        await late.consumer.sweep()
        while await late.consumer.tick():
            pass
        assert all(m["processed_at"] for m in await stored_messages(deps, device.account_id))


async def test_each_intake_process_remembers_devices_on_its_own(
    make_account, make_device, deps, sms: SmsIngest
):
    """A second process (a second Intake) reads the device once itself, then not again."""
    device = await make_device(await make_account())
    service = SmsIntake(
        deps.services.devices, deps.stores.messages, deps.stores.sms_gate, deps.clock
    )
    other = Intake(service, deps.clock)
    for intake in (sms.intake, other):
        assert (
            await intake.receive(device.token, b'{"sender":"x","message":"a"}', None, None)
        ).accepted in (0, 1)
    await deps.services.devices.revoke(device.id)
    for intake in (sms.intake, other):
        with pytest.raises(Exception, match="Unauthorized"):
            await intake.receive(device.token, b'{"sender":"x","message":"b"}', None, None)
