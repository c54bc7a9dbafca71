"""Send-time checks (secret, URL rules, public address), their re-check, and redelivery."""

from __future__ import annotations

import pytest

from claimsvc.domain.delivery import ADDRESS_REFUSED, NO_SECRET
from claimsvc.domain.outbox import DEAD, DELIVERED, QUEUED, STOPPED, Event
from claimsvc.domain.retry import MAX_ATTEMPTS
from claimsvc.errors import EventNotRedeliverable
from claimsvc.worker.webhooks import make_dispatcher
from tests.worker.conftest import RECEIVER_HOSTS, RECEIVER_SECRET
from tests.worker.factories import event, record_event


async def test_without_a_callback_secret_the_event_stops_and_setting_one_sends_it(
    deps, worker, make_account, receiver, fetch
):
    merchant = await make_account(allowed_hosts=RECEIVER_HOSTS, callback_secret=None)
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))

    await worker.deliver_due()

    stopped = await event(deps, event_id)
    assert (stopped.status, stopped.stopped_reason, stopped.attempts) == (
        STOPPED,
        NO_SECRET,
        0,
    )
    assert receiver.requests == []
    reply = await fetch(
        f"/admin/v1/accounts/{merchant.id}",
        method="PATCH",
        json={"callback_secret": RECEIVER_SECRET},
        admin=True,
    )
    assert reply.code == 200
    assert (await event(deps, event_id)).status == QUEUED
    assert await worker.deliver_due() == 1
    (seen,) = receiver.requests
    assert seen["signature_ok"] and seen["headers"]["x-svc-attempt"] == "1"
    assert (await event(deps, event_id)).status == DELIVERED


async def test_a_host_outside_the_allowed_hosts_stops_until_the_hosts_allow_it(
    deps, worker, merchant, receiver, fetch
):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    patch = f"/admin/v1/accounts/{merchant.id}"
    await fetch(patch, method="PATCH", json={"allowed_hosts": ["shop.example.com"]}, admin=True)

    await worker.deliver_due()

    stopped = await event(deps, event_id)
    assert stopped.status == STOPPED
    assert stopped.stopped_reason == "webhook_url host is not in the account's allowed hosts"
    await fetch(patch, method="PATCH", json={"allowed_hosts": ["localhost"]}, admin=True)
    assert (await event(deps, event_id)).status == STOPPED  # 127.0.0.1 still not allowed
    await fetch(patch, method="PATCH", json={"allowed_hosts": RECEIVER_HOSTS}, admin=True)
    assert await worker.deliver_due() == 1
    assert (await event(deps, event_id)).status == DELIVERED
    assert len(receiver.requests) == 1


@pytest.mark.parametrize(
    "host",
    ["localhost", "127.0.0.1", "10.1.2.3", "169.254.169.254", "[::1]", "[::ffff:127.0.0.1]"],
)
async def test_a_non_public_address_is_refused_without_connecting_and_stops_the_event(
    deps, make_session, make_account, receiver, host
):
    deps.http = make_session(allow_private=False)
    worker = make_dispatcher(deps)
    bare = host.strip("[]")
    merchant = await make_account(allowed_hosts=[bare], callback_secret=RECEIVER_SECRET)
    event_id = await record_event(deps, merchant.id, f"https://{host}:{receiver.port}/ok")

    await worker.deliver_due()

    stopped = await event(deps, event_id)
    assert (stopped.status, stopped.stopped_reason) == (STOPPED, ADDRESS_REFUSED)
    assert (stopped.attempts, stopped.last_error) == (1, "AddressRefused")
    assert receiver.requests == []
    deps.http = None


async def test_redelivery_keeps_the_id_and_body_and_continues_the_attempt_counter(
    deps, worker, merchant, receiver, fetch
):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    await worker.deliver_due()

    reply = await fetch(f"/admin/v1/events/{event_id}/redeliver", method="POST", admin=True)

    assert reply.code == 202
    assert reply.json()["id"] == event_id and reply.json()["status"] == QUEUED
    assert await worker.deliver_due() == 1
    first, second = receiver.requests
    assert second["body"] == first["body"]
    assert second["headers"]["x-svc-event-id"] == str(event_id)
    assert (first["headers"]["x-svc-attempt"], second["headers"]["x-svc-attempt"]) == ("1", "2")
    assert (await event(deps, event_id)).status == DELIVERED


async def test_a_redelivered_dead_event_gets_a_fresh_retry_cycle_with_the_counter_continuing(
    deps, worker, merchant, receiver, fetch, clock
):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    await deps.db["events"].update_one(
        {"_id": event_id}, {"$set": {"status": DEAD, "attempts": MAX_ATTEMPTS}}
    )
    await deps.stores.schedule.clear()

    reply = await fetch(f"/admin/v1/events/{event_id}/redeliver", method="POST", admin=True)
    assert reply.code == 202
    await deps.db["events"].update_one(
        {"_id": event_id}, {"$set": {"webhook_url": receiver.url("/status/500")}}
    )
    await worker.deliver_due()

    again = await event(deps, event_id)
    assert (again.status, again.attempts) == (QUEUED, MAX_ATTEMPTS + 1)
    assert receiver.requests[0]["headers"]["x-svc-attempt"] == str(MAX_ATTEMPTS + 1)
    assert (again.next_attempt_at - clock.now).total_seconds() == 120


@pytest.mark.parametrize(
    ("path", "code"),
    [("/admin/v1/events/999999/redeliver", 404), ("/admin/v1/events/abc/redeliver", 404)],
)
async def test_redeliver_of_an_unknown_event_is_not_found(fetch, path, code):
    reply = await fetch(path, method="POST", admin=True)
    assert (reply.code, reply.json()) == (code, {"error": "Not found"})


async def test_redeliver_of_a_queued_event_is_refused_and_changes_nothing(
    deps, merchant, receiver, fetch
):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))

    reply = await fetch(f"/admin/v1/events/{event_id}/redeliver", method="POST", admin=True)

    assert reply.code == 409
    assert reply.json() == {"error": "Only a dead or delivered event can be redelivered"}
    assert (await event(deps, event_id)).attempts == 0


async def test_redeliver_needs_the_admin_token(deps, merchant, receiver, fetch):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    reply = await fetch(f"/admin/v1/events/{event_id}/redeliver", method="POST")
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized"})


async def test_a_redeliver_that_saw_the_event_before_another_one_moved_it_is_refused(
    deps, merchant, receiver, monkeypatch
):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    await deps.db["events"].update_one({"_id": event_id}, {"$set": {"status": DEAD}})
    stale = await event(deps, event_id)

    first = await deps.services.delivery.redeliver(event_id)
    store = deps.stores.events

    async def stale_get(_: int) -> Event:
        return stale

    monkeypatch.setattr(store, "get", stale_get)
    with pytest.raises(EventNotRedeliverable):
        await deps.services.delivery.redeliver(event_id)

    assert (first.id, first.status, first.attempts) == (event_id, QUEUED, 0)
    assert (await deps.db["events"].find_one({"_id": event_id}))["status"] == QUEUED
