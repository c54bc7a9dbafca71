"""The merchant's webhook use-cases (issue 16): events of one account, their attempts,
sending again, test events and secret rotation, against a real HTTPS receiver."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from claimsvc import errors
from claimsvc.domain.delivery import NO_SECRET
from claimsvc.domain.outbox import DEAD, DELIVERED, QUEUED, STOPPED, TEST_STATUS, EventFilter
from claimsvc.domain.signing import standard_webhook_signature, svc_signature, whsec_form
from tests.worker.conftest import RECEIVER_HOSTS, RECEIVER_SECRET
from tests.worker.factories import event, record_event


def standard_ok(secret: str, seen: dict) -> bool:
    """Whether a Standard Webhooks receiver holding `secret` accepts what the receiver saw."""
    try:
        Webhook(whsec_form(secret)).verify(seen["body"], seen["headers"])
    except WebhookVerificationError:
        return False
    return True


async def test_an_accounts_events_are_listed_newest_first_and_filtered(deps, make_account):
    mine, other = await make_account(), await make_account()
    first = await record_event(deps, mine.id, "https://shop.example.com/hook")
    second = await record_event(deps, mine.id, "https://shop.example.com/hook")
    await record_event(deps, other.id, "https://shop.example.com/hook")
    outbox = deps.services.outbox

    listed = await outbox.list_events(EventFilter(account_id=mine.id), None, None)
    assert [e.id for e in listed.items] == [second, first]
    one = await event(deps, first)
    by_session = EventFilter(account_id=mine.id, session_id=one.session_id)
    assert [e.id for e in (await outbox.list_events(by_session, None, None)).items] == [first]
    stopped = EventFilter(account_id=mine.id, status=STOPPED)
    assert (await outbox.list_events(stopped, None, None)).items == []


async def test_another_accounts_event_is_not_found_for_reading_or_sending_again(deps, make_account):
    mine, other = await make_account(), await make_account()
    theirs = await record_event(deps, other.id, "https://shop.example.com/hook")
    with pytest.raises(errors.NotFound):
        await deps.services.outbox.event_of_account(mine.id, theirs)
    with pytest.raises(errors.NotFound):
        await deps.services.delivery.redeliver(theirs, mine.id)
    assert (await event(deps, theirs)).status == QUEUED  # untouched


async def test_a_failed_event_sent_again_keeps_its_id_and_continues_its_attempts(
    deps, worker, merchant, receiver, clock
):
    event_id = await record_event(deps, merchant.id, receiver.url("/status/500"))
    await worker.deliver_due()
    failed = await event(deps, event_id)
    assert (failed.status, failed.attempts, failed.last_status_code) == (QUEUED, 1, 500)
    assert failed.next_attempt_at == clock.now + timedelta(minutes=2)
    assert await worker.deliver_due() == 0  # not due for two minutes

    again = await deps.services.delivery.redeliver(event_id, merchant.id)
    assert (again.id, again.status, again.next_attempt_at) == (event_id, QUEUED, clock.now)
    assert await worker.deliver_due() == 1
    after = await event(deps, event_id)
    assert (after.attempts, [a.status_code for a in after.history]) == (2, [500, 500])
    assert [r["headers"]["x-svc-event-id"] for r in receiver.requests] == [str(event_id)] * 2
    assert [r["headers"]["x-svc-attempt"] for r in receiver.requests] == ["1", "2"]
    assert receiver.requests[0]["body"] == receiver.requests[1]["body"]


async def test_a_dead_event_sent_again_by_the_merchant_is_delivered(
    deps, worker, merchant, receiver
):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    await deps.stores.events._coll.update_one(
        {"_id": event_id}, {"$set": {"status": DEAD, "attempts": 15, "next_attempt_at": None}}
    )
    again = await deps.services.delivery.redeliver(event_id, merchant.id)
    assert again.status == QUEUED and again.cycle_base == 15
    await worker.deliver_due()
    done = await event(deps, event_id)
    assert (done.status, done.attempts) == (DELIVERED, 16)
    assert receiver.requests[-1]["headers"]["x-svc-attempt"] == "16"


async def test_an_event_on_its_way_or_delivered_twice_over_is_refused_unchanged(
    deps, merchant, receiver
):
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    with pytest.raises(errors.EventNotRedeliverable):
        await deps.services.delivery.redeliver(event_id, merchant.id)
    assert (await event(deps, event_id)).attempts == 0


async def test_a_stopped_event_is_sent_again_only_once_its_check_passes(
    deps, worker, make_account, receiver
):
    merchant = await make_account(allowed_hosts=RECEIVER_HOSTS, callback_secret=None)
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    await worker.deliver_due()
    assert (await event(deps, event_id)).status == STOPPED
    with pytest.raises(errors.EventStillStopped) as refused:
        await deps.services.delivery.redeliver(event_id, merchant.id)
    assert refused.value.reason == NO_SECRET
    assert (await event(deps, event_id)).status == STOPPED
    # Rotating makes the first secret; the stopped event goes out by itself.
    _, secret = await deps.services.admin.rotate_callback_secret(merchant.id, timedelta(hours=24))
    assert (await event(deps, event_id)).status == QUEUED
    await worker.deliver_due()
    (seen,) = receiver.requests
    assert seen["headers"]["x-svc-signature"] == svc_signature(secret, seen["body"])


async def test_a_test_event_is_signed_marked_and_never_a_payment(deps, worker, merchant, receiver):
    account = await deps.services.admin.get_account(merchant.id)
    sent = await deps.services.outbox.record_test(account, receiver.url("/ok"))
    await worker.deliver_due()
    (seen,) = receiver.requests
    assert seen["signature_ok"] and seen["headers"]["x-svc-test"] == "true"
    assert seen["headers"]["x-svc-event-id"] == str(sent.id)
    assert b'"payment_status":"TEST"' in seen["body"] and b'"amount":0' in seen["body"]
    done = await event(deps, sent.id)
    assert (done.status, done.test, done.payment_status) == (DELIVERED, True, TEST_STATUS)


async def test_a_failing_test_event_is_tried_once(deps, worker, merchant, receiver):
    account = await deps.services.admin.get_account(merchant.id)
    sent = await deps.services.outbox.record_test(account, receiver.url("/status/500"))
    await worker.deliver_due()
    done = await event(deps, sent.id)
    assert (done.status, done.attempts, done.last_status_code) == (DEAD, 1, 500)


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        (
            "https://elsewhere.example.org/hook",
            "webhook_url host is not in the account's allowed hosts",
        ),
        ("http://127.0.0.1/hook", "webhook_url must use https"),
        ("https://user:pw@127.0.0.1/hook", "webhook_url must not contain credentials"),
        ("not a url", "webhook_url is not a well-formed URL"),
    ],
)
async def test_a_test_event_obeys_the_url_rules_and_records_nothing(deps, merchant, url, problem):
    account = await deps.services.admin.get_account(merchant.id)
    with pytest.raises(errors.UrlRejected) as refused:
        await deps.services.outbox.record_test(account, url)
    assert refused.value.message == problem
    listed = await deps.services.outbox.list_events(EventFilter(account_id=merchant.id), None, None)
    assert listed.items == []


async def test_during_the_grace_both_secrets_verify_and_after_it_only_the_new_one(
    deps, worker, merchant, receiver, clock
):
    clock.now = datetime.now(UTC).replace(microsecond=0)  # receivers check the timestamp
    account, new = await deps.services.admin.rotate_callback_secret(
        merchant.id, timedelta(hours=24)
    )
    assert new != RECEIVER_SECRET and account.callback_secret == new
    assert account.previous_secret_until == clock.now + timedelta(hours=24)
    await record_event(deps, merchant.id, receiver.url("/ok"))
    await worker.deliver_due()
    during = receiver.requests[-1]
    assert standard_ok(new, during) and standard_ok(RECEIVER_SECRET, during)
    assert during["signature_ok"]  # x-svc-signature: still the old secret

    clock.advance(hours=24)
    await record_event(deps, merchant.id, receiver.url("/status/200"))
    await worker.deliver_due()
    after = receiver.requests[-1]
    headers = after["headers"]
    assert not after["signature_ok"]
    assert headers["x-svc-signature"] == svc_signature(new, after["body"])
    # One signature, the new secret's (checked by the spec's algorithm: the timestamp is a
    # day ahead of the real clock, which a receiver library would refuse on its own).
    stamp = int(headers["webhook-timestamp"])
    expected = standard_webhook_signature(new, headers["webhook-id"], stamp, after["body"])
    assert headers["webhook-signature"] == expected
