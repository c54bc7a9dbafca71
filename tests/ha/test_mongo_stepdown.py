"""A MongoDB primary stepping down in the middle of a write, simulated at the driver.

A replica-set client with retryable writes (the default) retries a write once on the new
primary, and the server deduplicates that retry, so most step-downs are invisible. What reaches
the service is the rest: the retry failed too (the election outlasted server selection), or the
connection closed after the old primary applied the write, so the reply is lost. Both are
injected here on the first call of one collection method:

- before the write (NotPrimaryError): nothing was applied;
- after the write (AutoReconnect): the write was applied, the caller sees an error.

For initialize, claim and webhook delivery, the request (or attempt) then fails or succeeds,
and its retry, as a merchant, buyer or worker makes it, must leave exactly one session, one
claim, one event and one delivery: the unique indexes and conditional updates make every write
safe to repeat.
"""

from __future__ import annotations

from typing import Any

import pytest
from pymongo.errors import AutoReconnect, NotPrimaryError

from claimsvc.domain.outbox import DELIVERED
from claimsvc.worker.webhooks import make_dispatcher
from tests.claims_support import claim_body, events_of, invalid, open_session, pay, session_doc
from tests.conftest import initialize_body, make_settings
from tests.worker.conftest import RECEIVER_HOSTS, RECEIVER_SECRET, make_session  # noqa: F401
from tests.worker.factories import event, record_event

BEFORE, AFTER = "before the write", "after the write"


class SteppingDown:
    """A collection whose `method` fails once as a stepping-down primary makes it fail."""

    def __init__(self, coll: Any, method: str, when: str, nth: int = 1) -> None:
        self._coll, self._method, self._when = coll, method, when
        self._calls_left = nth
        self.fired = False

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._coll, name)
        if name != self._method or self.fired:
            return real

        async def once(*args: Any, **kwargs: Any) -> Any:
            self._calls_left -= 1
            if self._calls_left:
                return await real(*args, **kwargs)
            self.fired = True
            if self._when == BEFORE:
                raise NotPrimaryError("not primary", {"code": 10107, "errmsg": "not primary"})
            await real(*args, **kwargs)
            raise AutoReconnect("connection closed by the stepping-down primary")

        return once


def step_down(
    monkeypatch: pytest.MonkeyPatch, store: Any, method: str, when: str, nth: int = 1
) -> SteppingDown:
    """Make the `nth` call of `store`'s collection `method` fail as a step-down does."""
    fault = SteppingDown(store._coll, method, when, nth)
    monkeypatch.setattr(store, "_coll", fault)
    return fault


@pytest.fixture
def settings(ca_file):
    return make_settings(webhook_allow_private=True, webhook_ca_file=ca_file)


# Initialize ---------------------------------------------------------------------------------


async def test_initialize_refused_before_the_write_stores_nothing_and_its_retry_creates_one(
    fetch, make_account, deps, monkeypatch
):
    merchant = await make_account(daily_limit=1)
    fault = step_down(monkeypatch, deps.stores.sessions, "insert_one", BEFORE)
    body = initialize_body(order_id="step-1")
    first = await fetch("/api/v1/checkout/initialize", json=body, key=merchant.key)
    assert fault.fired and (first.code, first.json()) == (500, {"error": "Internal server error"})
    assert await deps.db["sessions"].count_documents({"order_id": "step-1"}) == 0
    # The day's one allowance was given back, so the merchant's retry is not refused.
    retry = await fetch("/api/v1/checkout/initialize", json=body, key=merchant.key)
    assert retry.code == 201, retry.body
    assert await deps.db["sessions"].count_documents({"order_id": "step-1"}) == 1


async def test_initialize_whose_reply_was_lost_answers_the_stored_session_and_counts_it_once(
    fetch, make_account, deps, monkeypatch
):
    merchant = await make_account(daily_limit=1)
    step_down(monkeypatch, deps.stores.sessions, "insert_one", AFTER)
    body = initialize_body(order_id="step-2")
    first = await fetch("/api/v1/checkout/initialize", json=body, key=merchant.key)
    assert first.code == 201, first.body  # it was stored: the merchant is told so
    retry = await fetch("/api/v1/checkout/initialize", json=body, key=merchant.key)
    assert (retry.code, retry.json()) == (200, first.json())
    assert await deps.db["sessions"].count_documents({"order_id": "step-2"}) == 1
    # Counted once, not given back: the day's limit of 1 is used.
    other = await fetch(
        "/api/v1/checkout/initialize", json=initialize_body(order_id="step-3"), key=merchant.key
    )
    assert other.code == 429


# Claim --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("store", "method"),
    [
        ("sessions", "find_one_and_update"),  # the session's terminal transition
        ("transactions", "find_one_and_update"),  # the transaction reserved for the session
    ],
)
@pytest.mark.parametrize("when", [BEFORE, AFTER])
async def test_a_claim_interrupted_by_a_step_down_completes_once_on_its_retry(
    fetch, make_account, deps, monkeypatch, store, method, when
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    fault = step_down(monkeypatch, getattr(deps.stores, store), method, when)
    first = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert fault.fired
    assert (first.code, first.json()) == (500, invalid("Internal system error"))
    retry = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert retry.json()["status"] == "COMPLETED", retry.body
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    claimed = await deps.db["transactions"].find({"trx_id": tx.trx_id}).to_list(None)
    assert [t.get("session_id") for t in claimed] == [session_id]
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]


@pytest.mark.parametrize(
    ("store", "method"),
    [
        ("events", "insert_many"),  # the relay's batch of events
        ("sessions", "update_many"),  # the relay clearing event_due
    ],
)
@pytest.mark.parametrize("when", [BEFORE, AFTER])
async def test_a_relay_pass_interrupted_by_a_step_down_leaves_one_event_after_the_next(
    fetch, make_account, deps, monkeypatch, store, method, when
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert reply.code == 200
    fault = step_down(monkeypatch, getattr(deps.stores, store), method, when)
    with pytest.raises((NotPrimaryError, AutoReconnect)):
        await deps.services.outbox.relay(10)
    assert fault.fired
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]
    assert "event_due" not in await session_doc(deps, session_id)


# Delivery -----------------------------------------------------------------------------------


@pytest.fixture
async def worker(deps, make_session):  # noqa: F811
    deps.http = make_session()
    yield make_dispatcher(deps)
    deps.http = None


@pytest.mark.parametrize(
    ("nth", "when", "attempts_seen"),
    [
        (1, BEFORE, ["1"]),  # begin_attempt refused: nothing sent; retaken, sent once
        (1, AFTER, ["2"]),  # attempt 1 counted, reply lost: never sent; retaken as attempt 2
        (2, AFTER, ["1"]),  # sent, delivered mark applied, reply lost: retaken, not resent
        # Sent, delivered mark refused: the event is still queued, so it is sent again with
        # the same event id (at-least-once; the receiver deduplicates by X-Svc-Event-Id).
        (2, BEFORE, ["1", "2"]),
    ],
)
async def test_a_delivery_interrupted_by_a_step_down_is_delivered_once_in_the_record(
    deps, worker, make_account, receiver, clock, monkeypatch, nth, when, attempts_seen
):
    shop = await make_account(allowed_hosts=RECEIVER_HOSTS, callback_secret=RECEIVER_SECRET)
    event_id = await record_event(deps, shop.id, receiver.url("/ok"))
    fault = step_down(monkeypatch, deps.stores.events, "update_one", when, nth)
    await worker.deliver_due()
    assert fault.fired
    for _ in range(2):
        clock.advance(minutes=1)  # past the lease: a worker takes the event again
        await worker.deliver_due()
    done = await event(deps, event_id)
    assert done.status == DELIVERED
    assert [r["headers"]["x-svc-event-id"] for r in receiver.requests] == [str(event_id)] * len(
        attempts_seen
    )
    assert [r["headers"]["x-svc-attempt"] for r in receiver.requests] == attempts_seen
