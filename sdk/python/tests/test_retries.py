"""Retries and time-outs, against a local stub (the real service is never made to fail)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from claimsvc_sdk import (
    ApiConnectionError,
    ApiTimeoutError,
    Client,
    InvalidTrxIdError,
    MaintenanceError,
    RateLimitedError,
    ServerError,
)
from support import SHOP, Stub

SESSION = {
    "session_id": "6041e40e-4623-483e-9968-efa1a8589709",
    "payment_id": "pay_1",
    "order_id": "o-1",
    "amount": 10.5,
    "status": "OPEN",
    "checkout_url": "http://x/checkout/6041e40e-4623-483e-9968-efa1a8589709",
    "expires_at": "2026-11-21T11:43:29Z",
}
MAINTENANCE = {
    "error": "Checkout is temporarily unavailable for maintenance. Please try again shortly."
}


@pytest.fixture
def sleeps() -> list[float]:
    return []


def stubbed(
    replies: list[tuple[int, Any]], sleeps: list[float], **kw: Any
) -> Iterator[tuple[Stub, Client]]:
    stub = Stub(replies, delay=kw.pop("delay", 0))
    try:
        yield stub, Client("sk_test", stub.url, sleep=sleeps.append, **kw)
    finally:
        stub.close()


def initialize(client: Client) -> Any:
    return client.sessions.initialize("o-1", f"{SHOP}/s", f"{SHOP}/c", f"{SHOP}/w", amount="10.50")


def test_a_503_is_retried_with_the_same_body_and_request_id_then_succeeds(
    sleeps: list[float],
) -> None:
    for stub, client in stubbed([(503, MAINTENANCE), (503, MAINTENANCE), (201, SESSION)], sleeps):
        result = initialize(client)
        assert result.session.session_id == SESSION["session_id"] and not result.replayed
        assert len(stub.seen) == 3
        assert len({body for _, _, body, _ in stub.seen}) == 1
        assert len({h["X-Request-Id"] for *_, h in stub.seen}) == 1
        assert b'"amount":10.50' in stub.seen[0][2]
    assert len(sleeps) == 2 and 0.25 <= sleeps[0] <= 0.5 and 0.5 <= sleeps[1] <= 1.0


def test_retries_stop_after_max_retries_and_the_error_counts_the_attempts(
    sleeps: list[float],
) -> None:
    for stub, client in stubbed([(503, MAINTENANCE)], sleeps, max_retries=1):
        with pytest.raises(MaintenanceError) as caught:
            initialize(client)
        assert caught.value.attempts == 2 and len(stub.seen) == 2


def test_a_500_on_verify_is_retried(sleeps: list[float]) -> None:
    done = {"success": True, "status": "COMPLETED", "amount": 10.5, "redirect_url": "https://s"}
    internal = {
        "success": False,
        "error": "Internal system error",
        "message": "Internal system error",
    }
    for stub, client in stubbed([(500, internal), (200, done)], sleeps):
        assert client.sessions.verify(SESSION["session_id"], "ABC123", "bkash").completed
        assert len(stub.seen) == 2


@pytest.mark.parametrize(
    ("status", "body"),
    [
        (
            400,
            {"success": False, "error": "Invalid trxId format", "message": "Invalid trxId format"},
        ),
        (401, {"error": "Unauthorized API Key"}),
        (403, {"error": "Vendor account is not active to process payments"}),
        (404, {"success": False, "error": "NOT_FOUND", "message": "Invalid checkout session."}),
        (429, {"error": {"code": "RATE_LIMITED", "message": "slow down"}}),
        (429, {"success": False, "error": "TOO_MANY_ATTEMPTS", "message": "locked"}),
    ],
)
def test_answers_not_worth_retrying_are_sent_once(
    status: int, body: Any, sleeps: list[float]
) -> None:
    for stub, client in stubbed([(status, body), (200, {})], sleeps):
        with pytest.raises(Exception) as caught:
            client.sessions.verify(SESSION["session_id"], "ab", "bkash")
        assert len(stub.seen) == 1 and sleeps == []
        assert caught.value.attempts == 1  # type: ignore[attr-defined]
    if status == 400:
        assert isinstance(caught.value, InvalidTrxIdError)
    if body.get("error", {}) == {"code": "RATE_LIMITED", "message": "slow down"}:
        assert isinstance(caught.value, RateLimitedError)


def test_creating_a_link_is_not_retried_on_a_500(sleeps: list[float]) -> None:
    for stub, client in stubbed([(500, {"error": "Internal server error"}), (201, {})], sleeps):
        with pytest.raises(ServerError):
            client.links.create("Kurta", amount="750")
        assert len(stub.seen) == 1


def test_a_daily_limit_429_is_retried_and_honours_retry_after_when_sent(
    sleeps: list[float],
) -> None:
    daily = {
        "error": "The vendor daily transaction limit has been reached. Please try again tomorrow."
    }
    for stub, client in stubbed([(429, daily), (201, SESSION)], sleeps):
        initialize(client)
        assert len(stub.seen) == 2


def test_a_time_out_raises_after_the_configured_seconds_and_is_retried(sleeps: list[float]) -> None:
    for stub, client in stubbed([(201, SESSION)], sleeps, delay=0.5, timeout=0.1, max_retries=1):
        with pytest.raises(ApiTimeoutError):
            initialize(client)
        assert len(stub.seen) == 2


def test_a_refused_connection_is_a_connection_error() -> None:
    stub = Stub([(200, {})])
    url = stub.url
    stub.close()
    with pytest.raises(ApiConnectionError):
        Client("sk", url, max_retries=0).links.get("lnk_1")


def test_the_default_time_out_is_set() -> None:
    assert Client("sk").timeout == 10.0 and Client("sk", timeout=3).timeout == 3


def test_pending_verification_is_a_result_not_an_error(sleeps: list[float]) -> None:
    pending = {
        "success": False,
        "error": "PENDING_VERIFICATION",
        "message": "Payment found; the merchant is confirming it.",
    }
    for stub, client in stubbed([(202, pending)], sleeps):
        claim = client.sessions.verify(SESSION["session_id"], "ABC123", "bkash")
        assert claim.pending and not claim.completed and claim.status == "PENDING_VERIFICATION"
        assert len(stub.seen) == 1
