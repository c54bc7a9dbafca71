"""Against the real service (CLAIMSVC_SDK_LIVE, set by the repository's tests/sdk): open, pay
through the SMS intake, verify, receive and verify the webhook, cancel, links, every error."""

from __future__ import annotations

import contextlib
import json
import uuid
from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest

import claimsvc_sdk as sdk
from claimsvc_sdk import Client, Provider, TestOutcome, calls, webhooks
from support import SHOP, Live, Receiver, client, new_trx_id, open_session, order_id


def event_for(
    live: Live, receiver: Receiver, order: str, account: str = "main"
) -> sdk.WebhookEvent:
    """The next webhook of `order`, verified with the account's callback secret."""
    while True:
        got = receiver.next()
        event = webhooks.verify(got.body, got.headers, live.account(account)["secret"])
        if event.order_id == order:
            return event


def test_open_pay_verify_and_receive_the_signed_webhook(live: Live, receiver: Receiver) -> None:
    c = client(live)
    opened = open_session(c, receiver.url, amount="437.25")
    session = opened.session
    assert not opened.replayed and session.status == "OPEN" and session.amount_poisha == 43725
    urls: dict[str, Any] = {"success_url": f"{SHOP}/success", "cancel_url": f"{SHOP}/cancel"}
    again = c.sessions.initialize(
        session.order_id, **urls, webhook_url=receiver.url, amount_poisha=43725
    )
    assert again.replayed and again.session.session_id == session.session_id
    with pytest.raises(sdk.OrderIdConflictError) as conflict:
        c.sessions.initialize(session.order_id, **urls, webhook_url=receiver.url, amount="437.26")
    assert conflict.value.details == ["amount differs from the existing session"]

    trx = new_trx_id()
    live.pay("main", "437.25", trx)
    claim = c.sessions.verify(session.session_id, trx_id=trx.lower(), provider=Provider.BKASH)
    assert (
        claim.completed and claim.amount_poisha == 43725 and claim.redirect_url == f"{SHOP}/success"
    )
    again_claim = c.sessions.verify(session.session_id, trx_id=trx, provider="bkash")
    assert again_claim.completed and again_claim.provider is Provider.BKASH  # the same again

    event = event_for(live, receiver, session.order_id)
    assert (event.payment_status, event.trid, event.amount_poisha) == (
        "COMPLETED",
        session.payment_id,
        43725,
    )
    assert event.id.isdigit() and event.attempt == 1 and not event.test

    with pytest.raises(sdk.AlreadyCompletedError):
        c.sessions.verify(session.session_id, trx_id=new_trx_id(), provider="bkash")
    with pytest.raises(sdk.AlreadyCompletedError):
        c.sessions.cancel(session.session_id)
    public = c.sessions.retrieve_public(session.session_id)
    assert (public.status, public.amount_poisha) == ("COMPLETED", 43725)


def test_cancel_sends_the_cancelled_webhook_and_closes_the_session(
    live: Live, receiver: Receiver
) -> None:
    c = client(live)
    session = open_session(c, receiver.url).session
    cancelled = c.sessions.cancel(session.session_id)
    assert (cancelled.status, cancelled.redirect_url) == ("CANCELLED", f"{SHOP}/cancel")
    assert c.sessions.cancel(session.session_id).status == "CANCELLED"
    with pytest.raises(sdk.SessionUnavailableError) as gone:
        c.sessions.verify(session.session_id, trx_id=new_trx_id(), provider="bkash")
    assert (
        gone.value.status == 410
        and gone.value.message == "This checkout session is no longer available."
    )
    assert event_for(live, receiver, session.order_id).payment_status == "CANCELLED"


def test_failed_claims_lock_the_session(live: Live) -> None:
    c = client(live)
    session = open_session(c).session
    with pytest.raises(sdk.VerificationFailedError) as failed:
        c.sessions.verify(session.session_id, trx_id=new_trx_id(), provider="bkash")
    assert failed.value.attempts == 1  # a 400 is never retried
    with pytest.raises(sdk.TooManyAttemptsError):
        c.sessions.verify(session.session_id, trx_id=new_trx_id(), provider="bkash")


def test_payment_links_create_list_get_disable(live: Live) -> None:
    c = client(live)
    link = c.links.create(
        "Blue kurta, size M", amount="750.50", order_ref=order_id("INV"), single_use=True
    )
    assert link.status == "active" and link.amount_poisha == 75050 and link.url.startswith("http")
    assert c.links.retrieve(link.id).id == link.id
    assert link.id in [item.id for item in c.links.list(limit=50).items]
    assert link.id in [item.id for item in c.links.iterate(limit=1)]
    assert c.links.disable(link.id).status == "disabled"
    assert c.links.retrieve(link.id).status == "disabled"
    with pytest.raises(sdk.NotFoundError) as missing:
        c.links.retrieve("lnk_" + uuid.uuid4().hex)
    assert missing.value.code == "NOT_FOUND"


def test_claim_validation_errors(live: Live) -> None:
    c = client(live)
    session = open_session(c).session
    with pytest.raises(sdk.SessionNotFoundError) as unknown:
        c.sessions.verify(str(uuid.uuid4()), trx_id=new_trx_id(), provider="bkash")
    assert unknown.value.code == "NOT_FOUND"
    with pytest.raises(sdk.SessionNotFoundError) as malformed:
        c.sessions.verify("not-a-uuid", trx_id=new_trx_id(), provider="bkash")
    assert malformed.value.code == "INVALID_SESSION_ID"
    with pytest.raises(sdk.InvalidTrxIdError):
        c.sessions.verify(session.session_id, trx_id="ab", provider="bkash")
    # The library refuses an unknown wallet before sending; the service's answer to one that
    # got through anyway is still typed.
    with pytest.raises(ValueError, match="provider"):
        c.sessions.verify(session.session_id, trx_id=new_trx_id(), provider="paypal")
    claim = calls.verify(session.session_id, trx_id=new_trx_id(), provider="bkash")
    with pytest.raises(sdk.InvalidProviderError):
        c.run(replace(claim, body={**(claim.body or {}), "provider": "paypal"}))


def test_initialize_errors(live: Live) -> None:
    c = client(live)
    with pytest.raises(sdk.UrlRejectedError) as url:
        open_session(c, "http://localhost/hook")
    assert url.value.message == "webhook_url must use https"
    with pytest.raises(sdk.ValidationError) as invalid:
        open_session(c, expires_in=5)
    assert invalid.value.details and invalid.value.details[0].startswith("expires_in")
    with pytest.raises(sdk.RequestTooLargeError):
        open_session(c, metadata={"note": "x" * 70_000})
    with pytest.raises(sdk.MissingApiKeyError):
        open_session(Client(None, live.api_url))
    with pytest.raises(sdk.InvalidApiKeyError) as bad_key:
        open_session(Client("sk_not-a-key", live.api_url))
    assert bad_key.value.status == 401 and bad_key.value.attempts == 1


def test_account_state_errors(live: Live) -> None:
    with pytest.raises(sdk.AccountInactiveError):
        open_session(client(live, "suspended"))
    with pytest.raises(sdk.VendorInactiveError):
        client(live, "suspended").sessions.verify(
            str(uuid.uuid4()), trx_id=new_trx_id(), provider="bkash"
        )
    with pytest.raises(sdk.BrandArchivedError):
        open_session(client(live, "archived"))
    with pytest.raises(sdk.PlatformFeeDueError) as fee:
        open_session(client(live, "fee_due"))
    assert fee.value.status == 402


def test_a_daily_limit_is_raised_on_the_first_attempt(live: Live) -> None:
    c = client(live, "daily", max_retries=2)
    open_session(c)
    with pytest.raises(sdk.DailyLimitError) as limit:
        open_session(c)
    assert limit.value.code == "VENDOR_DAILY_LIMIT" and limit.value.attempts == 1
    assert "try again tomorrow" in limit.value.message


def test_a_rate_limit_longer_than_max_retry_wait_is_raised_with_its_retry_after(
    live: Live,
) -> None:
    c = client(live, "limited", max_retry_wait=0)
    for _ in range(2):
        c.links.list()
    with pytest.raises(sdk.RateLimitedError) as limited:
        c.links.list()
    assert (
        limited.value.retry_after and limited.value.retry_after > 0 and limited.value.attempts == 1
    )


def test_maintenance_is_retried_then_raised(live: Live) -> None:
    live.admin("PUT", "/admin/v1/platform", {"maintenance": True})
    try:
        with pytest.raises(sdk.MaintenanceError) as paused:
            open_session(client(live, max_retries=2))
        assert paused.value.status == 503 and paused.value.attempts == 3
    finally:
        live.admin("PUT", "/admin/v1/platform", {"maintenance": False})


def test_the_platform_daily_limit_is_raised_on_the_first_attempt(live: Live) -> None:
    live.admin("PUT", "/admin/v1/platform", {"daily_limit": 1})
    try:
        # The platform's day is counted while a limit is set: the first may still fit.
        with contextlib.suppress(sdk.DailyLimitError):
            open_session(client(live))
        with pytest.raises(sdk.DailyLimitError) as limit:
            open_session(client(live, max_retries=2))
        assert limit.value.code == "PLATFORM_DAILY_LIMIT" and limit.value.attempts == 1
    finally:
        live.admin("PUT", "/admin/v1/platform", {"daily_limit": None})


def test_the_merchant_reads_its_sessions_in_its_keys_mode_only(live: Live) -> None:
    c = client(live)
    t = client(live, test=True)
    session = open_session(c, amount="19.99").session
    read = c.sessions.retrieve(session.session_id)
    assert (read.status, read.mode, read.test, read.pending) == ("OPEN", "live", False, False)
    assert (read.amount, read.amount_poisha) == (Decimal("19.99"), 1999)
    assert (read.paid_amount, read.provider, read.trx_id) == (None, None, None)
    found = c.sessions.find_by_order(session.order_id)
    assert found is not None and found.session_id == session.session_id
    # The test key sees none of the live ledger, exactly as an unknown session.
    with pytest.raises(sdk.SessionNotFoundError):
        t.sessions.retrieve(session.session_id)
    assert t.sessions.find_by_order(session.order_id) is None
    assert c.sessions.find_by_order("no-such-order-" + uuid.uuid4().hex) is None
    page = c.sessions.list(status="OPEN", limit=1)
    assert len(page.items) == 1 and page.next_cursor is not None
    with pytest.raises(sdk.ValidationError) as bad:
        c.sessions.list(status="open")
    assert bad.value.code == "INVALID_REQUEST" and bad.value.details


def test_a_test_sessions_webhook_verifies_with_the_test_secret_only(
    live: Live, receiver: Receiver
) -> None:
    account = live.account("main")
    t = client(live, test=True)
    session = open_session(t, receiver.url, amount="19.99").session
    paid = t.test_payments.create(session.session_id, outcome=TestOutcome.PAID)
    assert (paid.outcome, paid.amount_poisha, paid.sms) == ("paid", 1999, "processed")
    claim = t.sessions.verify(session.session_id, trx_id=paid.trx_id, provider=paid.provider)
    assert claim.completed
    while True:
        got = receiver.next()
        if json.loads(got.body).get("order_id") == session.order_id:
            break
    event = webhooks.verify(got.body, got.headers, account["test_secret"])
    assert event.test and event.amount_poisha == 1999
    # A receiver holding only the live secret refuses it, with or without the test header.
    stripped = {k: v for k, v in got.headers.items() if k.lower() != "x-svc-test"}
    for headers in (got.headers, stripped):
        with pytest.raises(sdk.WebhookVerificationError) as refused:
            webhooks.verify(got.body, headers, account["secret"])
        assert refused.value.reason == "signature_mismatch"
    read = t.sessions.retrieve(session.session_id)
    assert (read.status, read.mode, read.paid_amount_poisha) == ("COMPLETED", "test", 1999)
    assert (read.provider, read.trx_id) == (paid.provider, paid.trx_id)
