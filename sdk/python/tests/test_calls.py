"""Every call's request and typed answer, for both clients, against a local stub: arguments
checked before sending, named arguments, providers as an enum, pages, the not-final claims."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

import claimsvc_sdk as sdk
from claimsvc_sdk import Client, Provider, TestOutcome, calls
from claimsvc_sdk._call import prepare
from support import FLAVOURS, SHOP, Api, Reply, Stub

SID = "6041e40e-4623-483e-9968-efa1a8589709"
TRANSACTION = {
    "id": "664f1c2e9b1e4a0012345678",
    "mode": "live",
    "provider": "nagad",
    "direction": "credit",
    "trx_id": "7A6B5C4D",
    "amount": 1250.5,
    "fee": None,
    "balance": 10250.55,
    "counterparty": "017*****678",
    "received_at": "2026-11-21T10:30:00Z",
    "status": "confirmed",
    "session_id": SID,
}
EVENT = {
    "id": "42",
    "mode": "live",
    "session_id": SID,
    "order_id": "o-1",
    "payment_status": "COMPLETED",
    "status": "queued",
    "attempts": 3,
    "next_attempt_at": "2026-11-21T10:31:00Z",
    "last_status_code": 500,
    "last_error": "HTTP 500",
    "stopped_reason": None,
    "created_at": "2026-11-21T10:30:00Z",
    "delivered_at": None,
}


@pytest.fixture(params=FLAVOURS)
def flavour(request: pytest.FixtureRequest) -> str:
    return request.param  # type: ignore[no-any-return]


def stubbed(flavour: str, replies: list[Reply]) -> Iterator[tuple[Stub, Api]]:
    stub = Stub(replies)
    try:
        yield stub, Api(flavour, stub.url, [])
    finally:
        stub.close()


def test_initializes_urls_cannot_be_given_positionally() -> None:
    with pytest.raises(TypeError):
        calls.initialize("o-1", f"{SHOP}/s", f"{SHOP}/c", f"{SHOP}/w", amount="1")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Client("sk").sessions.verify(SID, "ABC123", "bkash")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("name", "args", "kwargs", "problem"),
    [
        ("sessions.initialize", ("",), {"amount": "1"}, "order_id is required"),
        ("sessions.verify", ("",), {"trx_id": "ABC123", "provider": "bkash"}, "session_id"),
        ("sessions.verify", (SID,), {"trx_id": " ", "provider": "bkash"}, "trx_id"),
        ("sessions.verify", (SID,), {"trx_id": "ABC123", "provider": "paypal"}, "provider"),
        ("sessions.verify", (SID,), {"trx_id": "ABC123", "provider": "bkash", "wait": 26}, "wait"),
        ("sessions.verify", (SID,), {"trx_id": "ABC123", "provider": "bkash", "wait": 2.5}, "wait"),
        ("sessions.cancel", ("",), {}, "session_id"),
        ("links.create", ("",), {"amount": "1"}, "description"),
        ("links.create", ("Kurta",), {"amount": "1", "idempotency_key": "ü"}, "idempotency_key"),
        ("links.list", (), {"limit": 101}, "limit"),
        ("transactions.retrieve", ("",), {}, "transaction_id"),
        ("transactions.list", (), {"provider": "visa"}, "provider"),
        ("webhook_events.redeliver", ("",), {}, "event_id"),
        ("test_payments.create", (SID,), {"outcome": "stolen"}, "outcome"),
    ],
)
def test_a_missing_or_wrong_argument_is_refused_before_anything_is_sent(
    flavour: str, name: str, args: tuple[Any, ...], kwargs: dict[str, Any], problem: str
) -> None:
    if name == "sessions.initialize":
        kwargs = {**kwargs, "success_url": SHOP, "cancel_url": SHOP, "webhook_url": SHOP}
    for stub, api in stubbed(flavour, [(200, {})]):
        with pytest.raises(ValueError, match=problem):
            api(name, *args, **kwargs)
        assert stub.seen == []


def test_a_provider_is_an_enum_sent_as_its_value_and_read_back_as_the_enum(flavour: str) -> None:
    done = {"success": True, "status": "COMPLETED", "amount": 10.5, "provider": "nagad"}
    for stub, api in stubbed(flavour, [(200, done)]):
        claim = api("sessions.verify", SID, trx_id="ABC123", provider=Provider.NAGAD)
        assert claim.provider is Provider.NAGAD
        assert f"{claim.provider}" == str(claim.provider) == Provider.NAGAD.value == "nagad"
        assert stub.bodies()[0] == {"sessionId": SID, "trxId": "ABC123", "provider": "nagad"}
        assert claim.amount == Decimal("10.5")


def test_a_wallet_newer_than_the_library_is_read_as_text() -> None:
    assert sdk.models.provider("futurepay") == "futurepay"
    assert [p.value for p in Provider] == ["bkash", "nagad", "rocket", "upay", "cellfin"]


def test_verify_with_wait_sends_it_and_waits_longer_than_the_wait() -> None:
    call = calls.verify(SID, trx_id="ABC123", provider="bkash", wait=20)
    assert call.body is not None and call.body["wait"] == 20
    assert prepare(call, "http://x", "sk", 10.0).timeout == 30.0
    plain = calls.verify(SID, trx_id="ABC123", provider="bkash")
    assert plain.body is not None and "wait" not in plain.body
    assert prepare(plain, "http://x", "sk", 10.0).timeout == 10.0


@pytest.mark.parametrize("reason", ["SMS_NOT_ARRIVED", "PENDING_VERIFICATION"])
def test_a_claim_that_is_not_final_is_a_result_with_its_reason_not_an_error(
    flavour: str, reason: str
) -> None:
    body = {"success": False, "error": reason, "message": "not yet"}
    for stub, api in stubbed(flavour, [(202, body)]):
        claim = api("sessions.verify", SID, trx_id="ABC123", provider="bkash", wait=1)
        assert claim.pending and not claim.completed and claim.reason == reason
        assert len(stub.seen) == 1


def test_transactions_are_typed_with_exact_money_and_filters_in_the_query(flavour: str) -> None:
    page = {"items": [TRANSACTION], "next_cursor": None}
    for stub, api in stubbed(flavour, [(200, page)]):
        got = api("transactions.list", provider=Provider.NAGAD, status="confirmed", limit=5)
        assert stub.seen[0][1] == "/api/v1/transactions?status=confirmed&provider=nagad&limit=5"
        (item,) = got.items
        assert isinstance(item, sdk.Transaction) and item.provider is Provider.NAGAD
        assert (item.amount, item.amount_poisha) == (Decimal("1250.5"), 125050)
        assert (item.fee, item.balance_poisha, item.test) == (None, 1025055, False)
        assert got.next_cursor is None


def test_iterate_follows_the_cursor_through_every_page(flavour: str) -> None:
    second = {**TRANSACTION, "id": "2"}
    replies: list[Reply] = [
        (200, {"items": [TRANSACTION], "next_cursor": "c1"}),
        (200, {"items": [second], "next_cursor": None}),
    ]
    for stub, api in stubbed(flavour, replies):
        items = api.each("transactions.iterate", direction="credit", limit=1)
        assert [i.id for i in items] == [TRANSACTION["id"], "2"]
        assert [path for _, path, _, _ in stub.seen] == [
            "/api/v1/transactions?direction=credit&limit=1",
            "/api/v1/transactions?direction=credit&limit=1&cursor=c1",
        ]


def test_webhook_events_read_and_redeliver(flavour: str) -> None:
    for stub, api in stubbed(flavour, [(202, EVENT)]):
        event = api("webhook_events.redeliver", "42")
        assert isinstance(event, sdk.WebhookEventRecord)
        assert (event.id, event.status, event.attempts, event.last_status_code) == (
            "42",
            "queued",
            3,
            500,
        )
        assert stub.seen[0][:2] == ("POST", "/api/v1/webhook-events/42/redeliver")


def test_an_id_is_sent_as_one_path_segment(flavour: str) -> None:
    for stub, api in stubbed(flavour, [(200, EVENT)]):
        api("webhook_events.retrieve", "../admin/v1/x?y")
        assert stub.seen[0][1] == "/api/v1/webhook-events/..%2Fadmin%2Fv1%2Fx%3Fy"


def test_a_test_payment_is_typed(flavour: str) -> None:
    made = {
        "session_id": SID,
        "outcome": "late_sms",
        "provider": "bkash",
        "trx_id": "BK12345678",
        "amount": 19.99,
        "sms": "not_sent",
    }
    for stub, api in stubbed(flavour, [(202, made)]):
        paid = api("test_payments.create", SID, outcome=TestOutcome.LATE_SMS, wait=False)
        assert isinstance(paid, sdk.TestPayment) and paid.provider is Provider.BKASH
        assert (paid.amount_poisha, paid.sms, paid.trx_id) == (1999, "not_sent", "BK12345678")
        assert stub.bodies()[0] == {"session_id": SID, "outcome": "late_sms", "wait": False}


def test_the_public_read_is_typed_and_the_old_get_warns_and_still_answers() -> None:
    public = {
        "session_id": SID,
        "order_id": "o-1",
        "merchant": {"name": "Nakshi"},
        "amount": 10,
        "status": "OPEN",
        "expires_at": "2026-11-21T11:43:29Z",
        "pending": False,
        "wallets": [{"provider": "rocket", "number": "017", "kind": "personal"}],
    }
    for _, api in stubbed("sync", [(200, public)]):
        read = api("sessions.retrieve_public", SID)
        assert isinstance(read, sdk.PublicSession) and read.merchant_name == "Nakshi"
        assert read.wallets == [sdk.Wallet(Provider.ROCKET, "017", "personal")]
        with pytest.warns(DeprecationWarning, match="retrieve_public"):
            assert api("sessions.get", SID)["status"] == "OPEN"
        with pytest.raises(TypeError):
            api("sessions.retrieve_public", SID, "extra")


def test_links_get_is_a_deprecated_alias_of_retrieve() -> None:
    link = {"id": "lnk_1", "url": "u", "amount": 1, "description": "d", "status": "active"}
    for _, api in stubbed("sync", [(200, link)]):
        with pytest.warns(DeprecationWarning, match="links.retrieve"):
            assert api("links.get", "lnk_1").id == "lnk_1"


def test_the_async_client_is_reachable_from_the_package_and_closes_its_pool() -> None:
    async def go() -> bool:
        client = sdk.AsyncClient("sk", "http://127.0.0.1:9")
        async with client:
            pass
        await client.aclose()  # twice: harmless
        return client._http is None

    assert asyncio.run(go())
