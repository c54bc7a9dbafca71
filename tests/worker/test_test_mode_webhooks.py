"""A test session's webhook: signed with the account's test callback secret, never the live one
(contract.md §6 "Test mode"), so a receiver holding only the live secret refuses it by its
signature alone; the body the same four fields, and the `x-svc-test: true` header that a live
payment's event never carries. A live event is signed as it always was."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import pytest

from claimsvc import errors
from claimsvc.domain.modes import TEST, ledger_id
from claimsvc.domain.outbox import DELIVERED, QUEUED, STOPPED
from claimsvc.domain.signing import (
    MISMATCH,
    VERIFIED_CURRENT,
    check_svc_signature,
    standard_webhook_signature,
)
from tests.worker.conftest import RECEIVER_HOSTS, RECEIVER_SECRET
from tests.worker.factories import event, record_event


def signed_with(request: dict, secret: str) -> bool:
    """Whether both signatures of a received request verify with `secret`."""
    body, headers = request["body"], request["headers"]
    svc = check_svc_signature(body, headers["x-svc-signature"], [secret]) == VERIFIED_CURRENT
    expected = standard_webhook_signature(
        secret, headers["webhook-id"], int(headers["webhook-timestamp"]), body
    )
    return svc and expected in headers["webhook-signature"].split(" ")


async def test_a_test_sessions_event_is_signed_with_the_test_secret_and_not_the_live_one(
    deps, worker, merchant, receiver
):
    test_event = await record_event(deps, ledger_id(merchant.id, TEST), receiver.url("/status/200"))
    live_event = await record_event(deps, merchant.id, receiver.url("/ok"))
    await worker.deliver_due()
    seen = {r["headers"]["x-svc-event-id"]: r for r in receiver.requests}
    test_seen, live_seen = seen[str(test_event)], seen[str(live_event)]
    account = await deps.services.admin.get_account(merchant.id)
    assert account.test_callback_secret and account.test_callback_secret != RECEIVER_SECRET
    assert signed_with(test_seen, account.test_callback_secret)
    assert not signed_with(test_seen, RECEIVER_SECRET)
    assert not test_seen["signature_ok"]  # the receiver holding the live secret refuses it
    # Stripping the header changes nothing: the signature alone tells a test event apart.
    check = check_svc_signature(
        test_seen["body"], test_seen["headers"]["x-svc-signature"], [RECEIVER_SECRET]
    )
    assert check == MISMATCH
    assert test_seen["headers"]["x-svc-test"] == "true"
    # A live event: the live secret, no test header, exactly as before.
    assert live_seen["signature_ok"] and signed_with(live_seen, RECEIVER_SECRET)
    assert not signed_with(live_seen, account.test_callback_secret)
    assert "x-svc-test" not in live_seen["headers"]
    # interface.md lists the body's fields: a test payment's body has exactly those four.
    body = json.loads(test_seen["body"])
    assert sorted(body) == ["amount", "order_id", "payment_status", "trid"]
    assert (await event(deps, test_event)).status == DELIVERED
    assert (await event(deps, live_event)).status == DELIVERED


async def test_a_test_event_goes_out_with_the_test_secret_when_no_live_secret_is_set(
    deps, worker, make_account, receiver
):
    merchant = await make_account(allowed_hosts=RECEIVER_HOSTS, callback_secret=None)
    test_event = await record_event(deps, ledger_id(merchant.id, TEST), receiver.url("/status/200"))
    live_event = await record_event(deps, merchant.id, receiver.url("/ok"))
    await worker.deliver_due()
    assert (await event(deps, test_event)).status == DELIVERED
    assert (await event(deps, live_event)).status == STOPPED
    account = await deps.services.admin.get_account(merchant.id)
    assert signed_with(receiver.requests[-1], account.test_callback_secret)


async def test_an_account_made_before_test_secrets_gets_one_once_and_signs_with_it(
    deps, worker, merchant, receiver
):
    await deps.db["accounts"].update_one(
        {"_id": merchant.id}, {"$unset": {"test_callback_secret": ""}}
    )
    assert (await deps.services.admin.get_account(merchant.id)).test_callback_secret is None
    # Two callers at once (a worker and the portal): one secret is made, both see it.
    made = await asyncio.gather(
        *(deps.services.admin.account_with_test_secret(merchant.id) for _ in range(5))
    )
    secrets = {a.test_callback_secret for a in made}
    assert len(secrets) == 1 and None not in secrets and RECEIVER_SECRET not in secrets
    await record_event(deps, ledger_id(merchant.id, TEST), receiver.url("/status/200"))
    await worker.deliver_due()
    assert signed_with(receiver.requests[-1], secrets.pop())


async def test_a_legacy_accounts_test_event_makes_its_test_secret_at_send_time(
    deps, worker, merchant, receiver
):
    await deps.db["accounts"].update_one(
        {"_id": merchant.id}, {"$unset": {"test_callback_secret": ""}}
    )
    event_id = await record_event(deps, ledger_id(merchant.id, TEST), receiver.url("/status/200"))
    await worker.deliver_due()
    account = await deps.services.admin.get_account(merchant.id)
    assert account.test_callback_secret
    assert signed_with(receiver.requests[-1], account.test_callback_secret)
    assert (await event(deps, event_id)).status == DELIVERED


async def test_rotating_the_test_secret_signs_with_both_during_the_grace_and_leaves_live_alone(
    deps, worker, merchant, receiver
):
    old = (await deps.services.admin.get_account(merchant.id)).test_callback_secret
    account, new = await deps.services.admin.rotate_callback_secret(
        merchant.id, timedelta(hours=24), TEST
    )
    assert new != old and account.test_callback_secret == new
    assert account.previous_test_callback_secret == old
    assert account.callback_secret == RECEIVER_SECRET and account.previous_callback_secret is None
    await record_event(deps, ledger_id(merchant.id, TEST), receiver.url("/status/200"))
    await worker.deliver_due()
    got = receiver.requests[-1]
    # As the live rotation: webhook-signature carries both, x-svc-signature the old one.
    assert signed_with(got, old)
    expected = standard_webhook_signature(
        new, got["headers"]["webhook-id"], int(got["headers"]["webhook-timestamp"]), got["body"]
    )
    assert expected in got["headers"]["webhook-signature"].split(" ")


async def test_a_test_sessions_event_is_the_accounts_to_read_and_send_again_and_no_one_elses(
    deps, worker, merchant, make_account, receiver
):
    event_id = await record_event(deps, ledger_id(merchant.id, TEST), receiver.url("/status/200"))
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
