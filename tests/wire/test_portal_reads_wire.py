"""The overview's new reads on a real MongoDB-wire server (the embedded fake may read a query
differently): the counts that leave out test events and no-webhook stops, and the first
steps, each one bounded command."""

from __future__ import annotations

from claimsvc.domain.delivery import HOST_REFUSED, NO_SECRET, NO_WEBHOOK_URL
from claimsvc.domain.outbox import DEAD, DELIVERED, STOPPED
from tests.claims_support import open_session
from tests.worker.factories import record_event

URL = "https://shop.example.com/hook"


async def test_attention_counts_leave_out_tests_and_no_webhook_stops(deps, make_account):
    shop = await make_account()
    events = deps.db["events"]
    marks = [
        {"status": STOPPED, "stopped_reason": NO_WEBHOOK_URL},
        {"status": DEAD, "test": True},
        {"status": STOPPED, "test": True, "stopped_reason": HOST_REFUSED},
        {"status": STOPPED, "stopped_reason": NO_SECRET},
        {"status": DEAD},
        {"status": DEAD},
    ]
    for mark in marks:
        event_id = await record_event(deps, shop.id, "" if "stopped_reason" in mark else URL)
        await events.update_one({"_id": event_id}, {"$set": mark})
    seen = await deps.services.payments.overview(shop.id)
    assert (seen.stopped_events, seen.dead_events) == (1, 2)


async def test_first_steps_are_read_from_the_account(deps, make_account, tally):
    shop = await make_account()
    tally.reset()
    steps = await deps.services.payments.first_steps(shop.id)
    assert steps.done == {"key"}  # make_account makes a key
    assert sum(tally.mongo.values()) == 5 and set(tally.mongo) == {
        "find:api_keys", "find:events", "find:devices", "find:wallet_balances", "find:sessions",
    }  # fmt: skip
    await open_session(deps, shop)
    event_id = await record_event(deps, shop.id, URL)
    await deps.db["events"].update_one({"_id": event_id}, {"$set": {"status": DELIVERED}})
    assert (await deps.services.payments.first_steps(shop.id)).done == {
        "key", "session", "webhook",
    }  # fmt: skip
