"""The update that ends a webhook event (dead, or stopped at a refused address) writes both
what the portal shows of the last attempt (its exchange) and the mark the alert pass reads
(`alert_due`), in one command; a test session's event keeps the exchange and owes no alert."""

from __future__ import annotations

import pytest

from claimsvc.domain.delivery import NO_SECRET, NO_WEBHOOK_URL
from claimsvc.domain.modes import TEST, ledger_id
from claimsvc.domain.outbox import DEAD, STOPPED
from claimsvc.domain.retry import MAX_ATTEMPTS, next_delay
from claimsvc.worker.webhooks import make_dispatcher
from tests.worker.factories import record_event


async def dead_after_every_attempt(deps, worker, clock, event_id: int) -> dict:
    for attempt in range(1, MAX_ATTEMPTS + 1):
        assert await worker.deliver_due() == 1
        delay = next_delay(attempt)
        if delay is not None:
            clock.now += delay
    return await deps.db["events"].find_one({"_id": event_id})


@pytest.mark.parametrize("mode", ["live", "test"])
async def test_a_dead_event_keeps_its_last_exchange_and_owes_an_alert_if_live(
    deps, worker, merchant, receiver, clock, mode
):
    ledger = ledger_id(merchant.id, mode)
    event_id = await record_event(deps, ledger, receiver.url("/status/503"))
    stored = await dead_after_every_attempt(deps, worker, clock, event_id)
    assert (stored["status"], stored["attempts"]) == (DEAD, MAX_ATTEMPTS)
    last = stored["attempt_history"][-1]
    assert (last["attempt"], last["status_code"]) == (MAX_ATTEMPTS, 503)
    assert last["exchange"]["response_body"] is not None
    sent = dict(last["exchange"]["request_headers"])
    assert sent["x-svc-attempt"] == str(MAX_ATTEMPTS)
    assert (sent.get("x-svc-test") == "true") == (mode == TEST)
    assert stored.get("alert_due") is (None if mode == TEST else True)
    event = await deps.stores.events.get(event_id)
    assert event is not None and event.history[-1].exchange is not None


async def test_a_stopped_event_at_a_refused_address_keeps_its_attempt_and_owes_an_alert(
    deps, merchant, receiver, make_session
):
    deps.http = make_session(allow_private=False)  # 127.0.0.1 is refused before connecting
    try:
        event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
        assert await make_dispatcher(deps).deliver_due() == 1
    finally:
        deps.http = None
    stored = await deps.db["events"].find_one({"_id": event_id})
    assert stored["status"] == STOPPED and stored["alert_due"] is True
    [only] = stored["attempt_history"]
    assert only["error"] == "AddressRefused"
    assert dict(only["exchange"]["request_headers"])["x-svc-attempt"] == "1"
    assert receiver.requests == []


@pytest.mark.parametrize(("reason", "owed"), [(NO_SECRET, True), (NO_WEBHOOK_URL, False)])
async def test_only_a_stop_that_needs_the_merchant_owes_an_alert(deps, merchant, reason, owed):
    """A payment with no webhook address is stopped by design (the overview's "needs
    attention" leaves it out), so it pages no one; a missing secret does."""
    event_id = await record_event(deps, merchant.id, "https://shop.example.com/hook")
    ended = await deps.stores.events.get(event_id)
    assert ended is not None
    assert await deps.stores.events.mark_stopped(ended, reason, deps.clock(), None)
    stored = await deps.db["events"].find_one({"_id": event_id})
    assert (stored["status"], stored.get("alert_due", False)) == (STOPPED, owed)
