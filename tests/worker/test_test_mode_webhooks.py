"""A test session's webhook: signed with the account's secret like a live one, the body the same
four fields, and the `x-svc-test: true` header that a live payment's event never carries."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from claimsvc import errors
from claimsvc.domain.modes import TEST, ledger_id
from claimsvc.domain.outbox import DELIVERED, QUEUED, STOPPED
from tests.worker.conftest import RECEIVER_HOSTS
from tests.worker.factories import event, record_event


async def test_a_test_sessions_event_is_signed_as_live_and_marked_test_in_a_header(
    deps, worker, merchant, receiver
):
    test_event = await record_event(deps, ledger_id(merchant.id, TEST), receiver.url("/ok"))
    live_event = await record_event(deps, merchant.id, receiver.url("/ok"))
    await worker.deliver_due()
    seen = {r["headers"]["x-svc-event-id"]: r for r in receiver.requests}
    test_seen, live_seen = seen[str(test_event)], seen[str(live_event)]
    assert test_seen["signature_ok"] and live_seen["signature_ok"]
    assert test_seen["headers"]["x-svc-test"] == "true"
    assert "x-svc-test" not in live_seen["headers"]
    # interface.md lists the body's fields: a test payment's body has exactly those four.
    body = json.loads(test_seen["body"])
    assert sorted(body) == ["amount", "order_id", "payment_status", "trid"]
    assert (await event(deps, test_event)).status == DELIVERED


async def test_a_stopped_test_event_goes_out_once_the_account_gets_its_secret(
    deps, worker, make_account, receiver
):
    merchant = await make_account(allowed_hosts=RECEIVER_HOSTS, callback_secret=None)
    event_id = await record_event(deps, ledger_id(merchant.id, TEST), receiver.url("/ok"))
    await worker.deliver_due()
    assert (await event(deps, event_id)).status == STOPPED
    await deps.services.admin.rotate_callback_secret(merchant.id, timedelta(hours=24))
    assert (await event(deps, event_id)).status == QUEUED
    await worker.deliver_due()
    assert receiver.requests[-1]["headers"]["x-svc-test"] == "true"


async def test_a_test_sessions_event_is_the_accounts_to_read_and_send_again_and_no_one_elses(
    deps, worker, merchant, make_account, receiver
):
    event_id = await record_event(deps, ledger_id(merchant.id, TEST), receiver.url("/ok"))
    await worker.deliver_due()
    read = await deps.services.outbox.event_of_account(merchant.id, event_id)
    assert read.id == event_id
    again = await deps.services.delivery.redeliver(event_id, merchant.id)
    assert again.status == QUEUED
    other = await make_account()
    with pytest.raises(errors.NotFound):
        await deps.services.outbox.event_of_account(other.id, event_id)
    with pytest.raises(errors.NotFound):
        await deps.services.outbox.event_of_account(ledger_id(other.id, TEST), event_id)
