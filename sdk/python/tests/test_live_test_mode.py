"""Against the real service: test payments of each outcome through the library, the refusals
that keep test and live apart, and the async client's whole flow."""

from __future__ import annotations

import asyncio

import pytest

import claimsvc_sdk as sdk
from claimsvc_sdk import Provider, TestOutcome
from claimsvc_sdk.aio import AsyncClient
from support import SHOP, Live, Receiver, client, open_session, order_id


def test_a_paid_test_payment_completes_its_session(live: Live) -> None:
    t = client(live, test=True)
    session = open_session(t, amount="250.75").session
    paid = t.test_payments.create(session.session_id, outcome="paid", provider=Provider.BKASH)
    assert isinstance(paid, sdk.TestPayment) and paid.provider is Provider.BKASH
    assert (paid.amount_poisha, paid.sms) == (25075, "processed")
    claim = t.sessions.verify(session.session_id, trx_id=paid.trx_id, provider=paid.provider)
    assert claim.completed and claim.amount_poisha == 25075


def test_a_wrong_amount_test_payment_fails_verification(live: Live) -> None:
    t = client(live, test=True)
    session = open_session(t, amount="100").session
    paid = t.test_payments.create(session.session_id, outcome=TestOutcome.WRONG_AMOUNT)
    assert paid.amount_poisha == 9900
    with pytest.raises(sdk.VerificationFailedError):
        t.sessions.verify(session.session_id, trx_id=paid.trx_id, provider=paid.provider)


def test_a_late_sms_arrives_with_a_later_paid_of_the_same_trx_id(live: Live) -> None:
    t = client(live, test=True)
    session = open_session(t, amount="42").session
    late = t.test_payments.create(session.session_id, outcome=TestOutcome.LATE_SMS)
    assert late.sms == "not_sent"
    paid = t.test_payments.create(session.session_id, outcome="paid", trx_id=late.trx_id)
    assert paid.trx_id == late.trx_id
    claim = t.sessions.verify(session.session_id, trx_id=late.trx_id, provider=late.provider)
    assert claim.completed


def test_a_live_key_cannot_make_a_test_payment(live: Live) -> None:
    c = client(live)
    session = open_session(c).session
    with pytest.raises(sdk.TestKeyRequiredError) as refused:
        c.test_payments.create(session.session_id, outcome="paid")
    assert refused.value.status == 403 and refused.value.attempts == 1


def test_a_test_payment_needs_an_open_session(live: Live) -> None:
    t = client(live, test=True)
    session = open_session(t).session
    t.sessions.cancel(session.session_id)
    with pytest.raises(sdk.TestSessionNotOpenError) as closed:
        t.test_payments.create(session.session_id, outcome="paid")
    assert closed.value.code == "TEST_SESSION_NOT_OPEN"


def test_payment_links_refuse_a_test_key(live: Live) -> None:
    with pytest.raises(sdk.LiveKeyRequiredError) as refused:
        client(live, test=True).links.create("Kurta", amount="10")
    assert refused.value.code == "LIVE_KEY_REQUIRED" and refused.value.attempts == 1


def test_the_async_client_opens_pays_verifies_and_reads(live: Live) -> None:
    key = live.account("main")["test_key"]

    async def flow() -> None:
        async with AsyncClient(key, live.api_url, backoff=0.01) as t:
            opened = await t.sessions.initialize(
                order_id("async"),
                success_url=f"{SHOP}/success",
                cancel_url=f"{SHOP}/cancel",
                webhook_url=f"{SHOP}/webhook",
                amount="19.99",
            )
            sid = opened.session.session_id
            paid = await t.test_payments.create(sid, outcome=TestOutcome.PAID)
            claim = await t.sessions.verify(sid, trx_id=paid.trx_id, provider=paid.provider)
            assert claim.completed and claim.amount_poisha == 1999
            read = await t.sessions.retrieve(sid)
            assert (read.status, read.mode, read.trx_id) == ("COMPLETED", "test", paid.trx_id)
            found = [
                s.session_id async for s in t.sessions.iterate(order_id=opened.session.order_id)
            ]
            assert found == [sid]
            with pytest.raises(sdk.SessionNotFoundError):
                await t.sessions.verify(
                    "6041e40e-4623-483e-9968-efa1a8589709", trx_id="ABC123", provider="bkash"
                )

    asyncio.run(flow())


def test_both_clients_refuse_a_server_whose_certificate_they_do_not_trust(
    receiver: Receiver,
) -> None:
    """The webhook receiver's certificate is signed by the stack's test CA, which this process
    does not trust: certificates are verified, never skipped, by urllib and aiohttp alike."""
    origin = receiver.url.rsplit("/", 1)[0]
    with pytest.raises(sdk.ApiConnectionError, match="CERTIFICATE_VERIFY_FAILED"):
        sdk.Client("sk_test_x", origin, max_retries=0).links.retrieve("lnk_1")

    async def attempt() -> None:
        async with AsyncClient("sk_test_x", origin, max_retries=0) as c:
            await c.links.retrieve("lnk_1")

    with pytest.raises(sdk.ApiConnectionError, match=r"(?i)certificate"):
        asyncio.run(attempt())
