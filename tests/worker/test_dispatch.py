"""Delivering webhook events end to end: outbox → schedule → worker → a real HTTPS receiver."""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta
from types import SimpleNamespace

import pytest

from claimsvc.domain.outbox import DEAD, DELIVERED, QUEUED
from claimsvc.domain.retry import MAX_ATTEMPTS, next_delay
from claimsvc.domain.signing import standard_webhook_signature
from claimsvc.worker.webhooks import close_http, make_dispatcher, open_http
from tests.worker.conftest import RECEIVER_SECRET
from tests.worker.factories import event, record_event

# The store, race, crash and outbox paths also run on the real wire (SecantusDB).
pytestmark = pytest.mark.wire


@pytest.fixture
async def worker(deps, make_session):
    # A short request timeout so that the slow-receiver case costs one second, not ten.
    deps.http = make_session(timeout_s=1.0)
    yield make_dispatcher(deps)
    deps.http = None


async def test_an_event_is_delivered_once_with_its_stored_bytes_and_every_header(
    deps, worker, merchant, receiver, clock
):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    stored = (await event(deps, event_id)).body

    assert await worker.deliver_due() == 1

    (seen,) = receiver.requests
    assert seen["body"] == stored and seen["signature_ok"]
    ts = int(clock.now.timestamp())
    expected_sig = hmac.new(RECEIVER_SECRET.encode(), stored, hashlib.sha256).hexdigest()
    assert seen["headers"]["content-type"] == "application/json"
    assert seen["headers"]["x-svc-signature"] == expected_sig
    assert seen["headers"]["x-svc-event-id"] == seen["headers"]["webhook-id"] == str(event_id)
    assert seen["headers"]["x-svc-attempt"] == "1"
    assert seen["headers"]["webhook-timestamp"] == str(ts)
    assert seen["headers"]["webhook-signature"] == standard_webhook_signature(
        RECEIVER_SECRET, str(event_id), ts, stored
    )
    done = await event(deps, event_id)
    assert (done.status, done.attempts, done.last_status_code) == (DELIVERED, 1, 200)
    assert done.delivered_at == clock.now
    assert await worker.deliver_due() == 0
    clock.advance(hours=7)
    assert await worker.deliver_due() == 0 and len(receiver.requests) == 1


@pytest.mark.parametrize(
    ("path", "status_code", "error"),
    [
        ("/status/500", 500, "HTTP 500"),
        ("/status/404", 404, "HTTP 404"),
        ("/redirect", 302, "HTTP 302"),
        ("/slow", None, "TimeoutError"),
    ],
)
async def test_a_failed_attempt_is_retried_at_the_scheduled_time_and_not_before(
    deps, worker, merchant, receiver, clock, path, status_code, error
):
    event_id = await record_event(deps, merchant.id, receiver.url(path))
    started = clock.now

    await worker.deliver_due()

    failed = await event(deps, event_id)
    assert (failed.status, failed.attempts) == (QUEUED, 1)
    assert (failed.last_status_code, failed.last_error) == (status_code, error)
    assert failed.next_attempt_at == started + timedelta(minutes=2)
    (record,) = failed.history
    assert (record.attempt, record.status_code, record.error) == (1, status_code, error)
    clock.advance(seconds=119)
    assert await worker.deliver_due() == 0
    clock.advance(seconds=1)
    assert await worker.deliver_due() == 1
    assert [r["headers"]["x-svc-attempt"] for r in receiver.requests] == ["1", "2"]
    assert "/target" not in receiver.paths  # the redirect is never followed
    assert (await event(deps, event_id)).next_attempt_at == clock.now + timedelta(minutes=4)


async def test_the_fifteenth_failed_attempt_makes_the_event_dead(
    deps, worker, merchant, receiver, clock
):
    event_id = await record_event(deps, merchant.id, receiver.url("/status/503"))

    for attempt in range(1, MAX_ATTEMPTS + 1):
        assert await worker.deliver_due() == 1
        delay = next_delay(attempt)
        if delay is not None:
            assert (await event(deps, event_id)).next_attempt_at == clock.now + delay
            clock.now += delay

    dead = await event(deps, event_id)
    assert (dead.status, dead.attempts, dead.next_attempt_at) == (DEAD, MAX_ATTEMPTS, None)
    attempts = [r["headers"]["x-svc-attempt"] for r in receiver.requests]
    assert attempts == [str(n) for n in range(1, MAX_ATTEMPTS + 1)]
    clock.advance(days=2)
    assert await worker.deliver_due() == 0
    assert len(receiver.requests) == MAX_ATTEMPTS


async def test_a_leftover_schedule_entry_of_a_settled_event_sends_nothing(
    deps, worker, merchant, receiver
):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    await worker.deliver_due()

    await deps.stores.schedule.schedule(event_id, 0)

    assert await worker.deliver_due() == 1
    assert len(receiver.requests) == 1
    assert await deps.stores.schedule.depth() == 0


async def test_a_later_event_of_a_session_waits_until_the_earlier_one_is_delivered(
    deps, worker, merchant, receiver, clock
):
    session_id = "0d6a1f8e-3c1b-4d5e-9f00-000000000001"
    first = await record_event(deps, merchant.id, receiver.url("/status/503"), id=session_id)
    second = await record_event(
        deps, merchant.id, receiver.url("/ok"), id=session_id, status="EXPIRED"
    )

    await worker.deliver_due()
    assert receiver.paths == ["/status/503"]
    assert (await event(deps, second)).attempts == 0
    # The receiver recovers: the earlier event now goes to a working address.
    await deps.db["events"].update_one({"_id": first}, {"$set": {"webhook_url": receiver.url()}})
    for _ in range(3):
        clock.advance(minutes=2)
        await worker.deliver_due()

    assert receiver.paths == ["/status/503", "/ok", "/ok"]
    assert [r["headers"]["x-svc-event-id"] for r in receiver.requests[1:]] == [
        str(first),
        str(second),
    ]
    assert (await event(deps, second)).status == DELIVERED


async def test_the_worker_session_has_the_ten_second_timeout_and_ignores_proxy_settings(settings):
    deps_like = SimpleNamespace(http=None, settings=settings)

    open_http(deps_like)
    try:
        assert deps_like.http.timeout.total == 10
        assert deps_like.http.trust_env is False
    finally:
        await close_http(deps_like)
    assert deps_like.http is None
