"""Retries and time-outs (contract §6), against a local stub, for both clients: only where
waiting helps, only for calls safe to repeat, never a daily limit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import claimsvc_sdk as sdk
from claimsvc_sdk import Client
from claimsvc_sdk._call import Call, RetryPolicy
from support import FLAVOURS, SHOP, Api, Reply, Stub

SESSION = {
    "session_id": "6041e40e-4623-483e-9968-efa1a8589709",
    "payment_id": "pay_1",
    "order_id": "o-1",
    "amount": 10.5,
    "status": "OPEN",
    "checkout_url": "http://x/checkout/6041e40e-4623-483e-9968-efa1a8589709",
    "expires_at": "2026-11-21T11:43:29Z",
}
LINK = {
    "id": "lnk_1",
    "url": "http://x/l/abc",
    "amount": 750,
    "description": "Kurta",
    "status": "active",
    "single_use": False,
}
MAINTENANCE = {
    "error": "Checkout is temporarily unavailable for maintenance. Please try again shortly."
}
DAILY = {"error": "The vendor daily transaction limit has been reached. Please try again tomorrow."}
RATE_LIMITED = {"error": {"code": "RATE_LIMITED", "message": "Too many requests"}}
DONE = {"success": True, "status": "COMPLETED", "amount": 10.5, "redirect_url": "https://s"}


@pytest.fixture(params=FLAVOURS)
def flavour(request: pytest.FixtureRequest) -> str:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def sleeps() -> list[float]:
    return []


def stubbed(
    flavour: str, replies: list[Reply], sleeps: list[float], **options: Any
) -> Iterator[tuple[Stub, Api]]:
    stub = Stub(replies, delay=options.pop("delay", 0))
    try:
        yield stub, Api(flavour, stub.url, sleeps, **options)
    finally:
        stub.close()


def initialize(api: Api) -> Any:
    return api(
        "sessions.initialize",
        "o-1",
        success_url=f"{SHOP}/s",
        cancel_url=f"{SHOP}/c",
        webhook_url=f"{SHOP}/w",
        amount="10.50",
    )


def verify(api: Api) -> Any:
    return api("sessions.verify", SESSION["session_id"], trx_id="ABC123", provider="bkash")


def test_a_503_is_retried_with_the_same_body_and_request_id_then_succeeds(
    flavour: str, sleeps: list[float]
) -> None:
    replies: list[Reply] = [(503, MAINTENANCE), (503, MAINTENANCE), (201, SESSION)]
    for stub, api in stubbed(flavour, replies, sleeps):
        result = initialize(api)
        assert result.session.session_id == SESSION["session_id"] and not result.replayed
        assert len(stub.seen) == 3
        assert len({body for _, _, body, _ in stub.seen}) == 1
        assert len(set(stub.header("x-request-id"))) == 1
        assert b'"amount":10.50' in stub.seen[0][2]
    assert len(sleeps) == 2 and 0.25 <= sleeps[0] <= 0.5 and 0.5 <= sleeps[1] <= 1.0


def test_retries_stop_after_max_retries_and_the_error_counts_the_attempts(
    flavour: str, sleeps: list[float]
) -> None:
    for stub, api in stubbed(flavour, [(503, MAINTENANCE)], sleeps, max_retries=1):
        with pytest.raises(sdk.MaintenanceError) as caught:
            initialize(api)
        assert caught.value.attempts == 2 and len(stub.seen) == 2


@pytest.mark.parametrize("status", [500, 502, 504])
def test_a_5xx_on_verify_is_retried(flavour: str, sleeps: list[float], status: int) -> None:
    for stub, api in stubbed(flavour, [(status, None), (200, DONE)], sleeps):
        assert verify(api).completed
        assert len(stub.seen) == 2


def test_a_vendor_daily_limit_raises_on_the_first_attempt_with_one_request(
    flavour: str, sleeps: list[float]
) -> None:
    for stub, api in stubbed(flavour, [(429, DAILY), (201, SESSION)], sleeps):
        with pytest.raises(sdk.DailyLimitError) as caught:
            initialize(api)
        assert len(stub.seen) == 1 and sleeps == []
        assert caught.value.attempts == 1 and caught.value.code == "VENDOR_DAILY_LIMIT"
        assert "try again tomorrow" in caught.value.message


@pytest.mark.parametrize(
    ("headers", "waited"), [({"Retry-After": "2"}, 2.0), ({"RateLimit-Reset": "3"}, 3.0)]
)
def test_rate_limited_is_retried_after_its_retry_after_or_ratelimit_reset(
    flavour: str, sleeps: list[float], headers: dict[str, str], waited: float
) -> None:
    replies: list[Reply] = [(429, RATE_LIMITED, headers), (200, LINK)]
    for stub, api in stubbed(flavour, replies, sleeps):
        assert api("links.retrieve", "lnk_1").id == "lnk_1"
        assert len(stub.seen) == 2
    assert sleeps == [waited]


def test_rate_limited_asking_longer_than_max_retry_wait_is_raised_at_once(
    flavour: str, sleeps: list[float]
) -> None:
    replies: list[Reply] = [(429, RATE_LIMITED, {"Retry-After": "45"}), (200, LINK)]
    for stub, api in stubbed(flavour, replies, sleeps, max_retry_wait=10):
        with pytest.raises(sdk.RateLimitedError) as caught:
            api("links.retrieve", "lnk_1")
        assert len(stub.seen) == 1 and sleeps == []
        assert caught.value.retry_after == 45 and caught.value.attempts == 1


@pytest.mark.parametrize(
    ("status", "body", "kind"),
    [
        (
            400,
            {"success": False, "error": "Invalid trxId format", "message": "Invalid trxId format"},
            sdk.InvalidTrxIdError,
        ),
        (401, {"error": "Unauthorized API Key"}, sdk.InvalidApiKeyError),
        (
            403,
            {"error": "Vendor account is not active to process payments"},
            sdk.AccountInactiveError,
        ),
        (
            404,
            {"success": False, "error": "NOT_FOUND", "message": "Invalid checkout session."},
            sdk.SessionNotFoundError,
        ),
        (
            429,
            {"success": False, "error": "TOO_MANY_ATTEMPTS", "message": "locked"},
            sdk.TooManyAttemptsError,
        ),
        (
            429,
            {"error": DAILY["error"].replace("vendor", "platform")},
            sdk.DailyLimitError,
        ),
    ],
)
def test_answers_not_worth_retrying_are_sent_once(
    flavour: str, status: int, body: Any, kind: type[Exception], sleeps: list[float]
) -> None:
    for stub, api in stubbed(flavour, [(status, body), (200, DONE)], sleeps):
        with pytest.raises(kind) as caught:
            verify(api)
        assert len(stub.seen) == 1 and sleeps == []
        assert caught.value.attempts == 1  # type: ignore[attr-defined]


def test_creating_a_link_is_retried_with_the_same_idempotency_key(
    flavour: str, sleeps: list[float]
) -> None:
    replies: list[Reply] = [(500, {"error": "Internal server error"}), (201, LINK)]
    for stub, api in stubbed(flavour, replies, sleeps):
        assert api("links.create", "Kurta", amount="750").id == "lnk_1"
        keys = stub.header("idempotency-key")
        assert len(keys) == 2 and keys[0] and keys[0] == keys[1]


def test_each_logical_link_creation_gets_its_own_idempotency_key(
    flavour: str, sleeps: list[float]
) -> None:
    for stub, api in stubbed(flavour, [(201, LINK)], sleeps):
        api("links.create", "Kurta", amount="750")
        api("links.create", "Kurta", amount="750")
        api("links.create", "Kurta", amount="750", idempotency_key="order-77-link")
        keys = stub.header("idempotency-key")
        assert keys[0] != keys[1] and keys[2] == "order-77-link"


def test_a_test_payment_is_not_retried(flavour: str, sleeps: list[float]) -> None:
    for stub, api in stubbed(flavour, [(503, MAINTENANCE), (202, {})], sleeps):
        with pytest.raises(sdk.MaintenanceError):
            api("test_payments.create", SESSION["session_id"], outcome="paid")
        assert len(stub.seen) == 1


def test_a_time_out_raises_after_the_configured_seconds_and_is_retried(
    flavour: str, sleeps: list[float]
) -> None:
    # Each attempt has a whole second to connect and send before the late answer: with 0.1 s, a
    # busy machine's async client gave up on the retry before sending it (the stub saw 1 of 2).
    options = {"delay": 3.0, "timeout": 1.0, "max_retries": 1}
    for stub, api in stubbed(flavour, [(201, SESSION)], sleeps, **options):
        with pytest.raises(sdk.ApiTimeoutError):
            initialize(api)
        # Under load the stub may read the retry after the client gave up on it.
        assert stub.wait_seen(2) == 2


def test_a_refused_connection_is_a_connection_error(flavour: str, sleeps: list[float]) -> None:
    stub = Stub([(200, {})])
    url = stub.url
    stub.close()
    with pytest.raises(sdk.ApiConnectionError):
        Api(flavour, url, sleeps, max_retries=0)("links.retrieve", "lnk_1")


def test_an_answer_that_is_not_a_json_object_is_refused_by_name(
    flavour: str, sleeps: list[float]
) -> None:
    for _, api in stubbed(flavour, [(200, "not an object")], sleeps):
        with pytest.raises(ValueError, match="not a JSON object"):
            api("links.retrieve", "lnk_1")


def test_the_default_time_out_is_set() -> None:
    assert Client("sk").timeout == 10.0 and Client("sk", timeout=3).timeout == 3


@pytest.mark.parametrize(
    ("options", "problem"),
    [({"timeout": 0}, "timeout"), ({"max_retries": -1}, "max_retries")],
)
def test_bad_client_options_are_refused(options: dict[str, Any], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Client("sk", **options)
    with pytest.raises(ValueError, match="base_url"):
        Client("sk", "localhost:8080")


def test_the_retry_schedule_doubles_up_to_its_ceiling_half_fixed_half_random() -> None:
    policy = RetryPolicy(max_retries=10, backoff=0.5, max_backoff=4.0)
    call: Call[None] = Call("GET", "/x", lambda a: None)
    err = sdk.ServerError("INTERNAL_ERROR", "x", 500)
    lowest = [policy.wait_before_retry(call, n, err, lambda lo, hi: lo) for n in range(1, 6)]
    highest = [policy.wait_before_retry(call, n, err, lambda lo, hi: hi) for n in range(1, 6)]
    assert lowest == [0.25, 0.5, 1.0, 2.0, 2.0] and highest == [0.5, 1.0, 2.0, 4.0, 4.0]
    assert policy.wait_before_retry(call, 11, err) is None
    once: Call[None] = Call("POST", "/x", lambda a: None, idempotent=False)
    assert policy.wait_before_retry(once, 1, err) is None
