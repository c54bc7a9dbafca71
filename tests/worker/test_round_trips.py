"""Round trips of webhook delivery, counted exactly: a dispatcher's batch reads its events,
their sessions' queued events and their accounts in three commands; each attempt then
writes twice (attempt begun, outcome) and releases its lease with one Redis script."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from claimsvc.bootstrap import Deps
from claimsvc.domain.outbox import DELIVERED
from claimsvc.worker.webhooks import make_dispatcher
from tests.conftest import open_counted_deps
from tests.worker.factories import event, record_event

EVENTS = 10


@pytest.fixture
async def deps(settings, clock, tally) -> AsyncIterator[Deps]:
    deps = await open_counted_deps(settings, clock, tally)
    yield deps
    await deps.close()


async def test_a_batch_of_deliveries_reads_three_times_and_writes_twice_an_event(
    deps, merchant, receiver, make_session, tally
):
    deps.http = make_session()
    worker = make_dispatcher(deps)
    # Warm: the schedule's scripts are loaded once per process.
    await record_event(deps, merchant.id, receiver.url("/ok"))
    assert await worker.deliver_due() == 1
    ids = [await record_event(deps, merchant.id, receiver.url("/ok")) for _ in range(EVENTS)]
    tally.reset()
    assert await worker.deliver_due() == EVENTS
    assert dict(tally.mongo) == {
        "find:events": 2,  # the batch's events, their sessions' queued events
        "find:accounts": 1,
        "update_one:events": 2 * EVENTS,  # attempt begun, attempt's outcome
    }
    # One take for the batch, one finding nothing more due, one ack an event.
    assert dict(tally.redis) == {"evalsha": 2 + EVENTS}
    with tally.ignored():
        assert [(await event(deps, i)).status for i in ids] == [DELIVERED] * EVENTS
    deps.http = None
