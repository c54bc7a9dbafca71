"""Against the real service: the calls issue 31 adds to the API (contract §1-§4): wallet
transactions, webhook events and redelivery, payment links' Idempotency-Key, verify's `wait`."""

from __future__ import annotations

import time
import uuid
from dataclasses import replace
from typing import Any

import pytest

import claimsvc_sdk as sdk
from claimsvc_sdk import Client, Provider, TestOutcome, calls
from support import Live, Receiver, client, open_session, post_json


def paid_test_session(t: Client, amount: str = "61.50", hook: Any = None) -> tuple[Any, Any]:
    session = open_session(t, hook, amount=amount) if hook else open_session(t, amount=amount)
    paid = t.test_payments.create(session.session.session_id, outcome=TestOutcome.PAID)
    claim = t.sessions.verify(
        session.session.session_id, trx_id=paid.trx_id, provider=paid.provider
    )
    assert claim.completed
    return session.session, paid


def event_of(t: Client, session_id: str, status: str) -> sdk.WebhookEventRecord:
    """The session's one webhook event, once it has `status` (30 s at most)."""
    deadline = time.monotonic() + 30
    while True:
        items = t.webhook_events.list(session_id=session_id).items
        if (items and items[0].status == status) or time.monotonic() > deadline:
            (event,) = items
            assert event.status == status, event
            return event
        time.sleep(0.1)


def test_transactions_list_filter_and_read_in_the_keys_mode(live: Live) -> None:
    t = client(live, test=True)
    session, paid = paid_test_session(t)
    page = t.transactions.list(trx_id=paid.trx_id.lower())
    (found,) = page.items
    assert (found.trx_id, found.session_id, found.mode, found.test) == (
        paid.trx_id,
        session.session_id,
        "test",
        True,
    )
    assert (found.amount_poisha, found.direction, found.provider) == (6150, "credit", paid.provider)
    assert found.counterparty is None or "*" in found.counterparty
    assert t.transactions.retrieve(found.id) == found
    assert found.id in [tx.id for tx in t.transactions.iterate(session_id=session.session_id)]
    # The live key sees none of the test ledger, exactly as an unknown transaction.
    with pytest.raises(sdk.TransactionNotFoundError):
        client(live).transactions.retrieve(found.id)
    assert client(live).transactions.list(trx_id=paid.trx_id).items == []
    with pytest.raises(sdk.ValidationError) as bad:
        t.transactions.list(status="paid")
    assert bad.value.details and bad.value.details[0].startswith("status")


def test_webhook_events_list_read_and_redeliver(live: Live, receiver: Receiver) -> None:
    t = client(live, test=True)
    session, _ = paid_test_session(t, hook=receiver.url)
    event = event_of(t, session.session_id, "delivered")
    assert (event.status, event.payment_status, event.order_id, event.test) == (
        "delivered",
        "COMPLETED",
        session.order_id,
        True,
    )
    assert t.webhook_events.retrieve(event.id).id == event.id
    again = t.webhook_events.redeliver(event.id)
    assert (again.id, again.status) == (event.id, "queued")
    assert [e.id for e in t.webhook_events.iterate(order_id=session.order_id)] == [event.id]
    with pytest.raises(sdk.EventNotFoundError):
        client(live).webhook_events.retrieve(event.id)  # the live key: another ledger


def test_an_event_still_queued_is_not_redelivered(live: Live, receiver: Receiver) -> None:
    t = client(live, test=True)
    refused = f"https://{live.s['receiver_host']}:1/hook"  # nothing listens: it stays queued
    session, _ = paid_test_session(t, hook=refused)
    event = event_of(t, session.session_id, "queued")
    with pytest.raises(sdk.EventAlreadyQueuedError) as refused_again:
        t.webhook_events.redeliver(event.id)
    assert refused_again.value.status == 409
    assert t.webhook_events.retrieve(event.id).status == "queued"


def test_a_payment_link_with_the_same_idempotency_key_is_made_once(live: Live) -> None:
    c = client(live)
    key = "py-" + uuid.uuid4().hex
    first = c.links.create("Blue kurta", amount="750", idempotency_key=key)
    second = c.links.create("Blue kurta", amount="750", idempotency_key=key)
    assert second.id == first.id
    with pytest.raises(sdk.IdempotencyKeyReusedError):
        c.links.create("Red kurta", amount="750", idempotency_key=key)
    assert c.links.create("Blue kurta", amount="750").id != first.id  # a key per call
    link = calls.create_link("Blue kurta", amount="750")
    with pytest.raises(sdk.InvalidIdempotencyKeyError):
        c.run(replace(link, idempotency_key="x" * 256))


def test_verify_waits_for_a_late_sms_and_does_not_count_the_wait(live: Live) -> None:
    t = client(live, test=True)
    session = open_session(t, amount="77").session
    late = t.test_payments.create(session.session_id, outcome=TestOutcome.LATE_SMS)
    for _ in range(3):  # more than the account's max_failed_attempts (2): none is counted
        claim = t.sessions.verify(
            session.session_id, trx_id=late.trx_id, provider=late.provider, wait=1
        )
        assert claim.pending and claim.reason == sdk.SMS_NOT_ARRIVED and not claim.completed
    t.test_payments.create(session.session_id, outcome="paid", trx_id=late.trx_id)
    done = t.sessions.verify(
        session.session_id, trx_id=late.trx_id, provider=Provider(late.provider), wait=5
    )
    assert done.completed


def test_a_wait_out_of_range_is_refused_by_the_service_too(live: Live) -> None:
    t = client(live, test=True)
    session = open_session(t).session
    claim = calls.verify(session.session_id, trx_id="ABC123", provider="bkash")
    with pytest.raises(sdk.InvalidWaitError) as refused:
        t.run(replace(claim, body={**(claim.body or {}), "wait": 26}))
    assert refused.value.status == 400


def test_the_raw_endpoint_answers_as_the_library_reads_it(live: Live) -> None:
    """The list answer's shape, read without the library: `{items, next_cursor}`."""
    doc = post_json(
        live.api_url + "/api/v1/webhook-events?limit=1",
        None,
        {"x-api-key": live.account("main")["key"]},
        "GET",
    )
    assert set(doc) == {"items", "next_cursor"}
