"""Every row of the verify/submit tables of interface.md: exact status and body, both endpoints."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import pytest

from claimsvc.settings import Settings
from tests.claims_support import (
    AMOUNT,
    claim_body,
    events_of,
    invalid,
    new_trx_id,
    open_session,
    outcome,
    pay,
    session_doc,
)
from tests.conftest import Merchant, Reply, make_settings

# The store, race, crash and outbox paths also run on the real wire (SecantusDB).
pytestmark = pytest.mark.wire

Claim = Callable[..., Awaitable[Reply]]


@pytest.fixture(params=["verify", "submit"])
def endpoint(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def settings() -> Settings:
    # Lets a test claim from several client addresses (X-Forwarded-For).
    return make_settings(trusted_proxy_hops=1)


@pytest.fixture
def claim(fetch: Any, endpoint: str) -> Claim:
    """claim(merchant, body, address=...) on the endpoint under test (verify sends the
    merchant's key; `address` is the buyer's client address)."""

    async def _claim(merchant: Merchant, body: Any, address: str = "127.0.0.1") -> Reply:
        key = merchant.key if endpoint == "verify" else None
        headers = {"X-Forwarded-For": address}
        return await fetch(f"/api/v1/checkout/{endpoint}", json=body, key=key, headers=headers)

    return _claim


@pytest.fixture
async def merchant(make_account: Any) -> Merchant:
    return await make_account()


# Validation, in interface.md's order -----------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"trxId": "ABC12345", "provider": "bkash"},
        {"sessionId": "x", "provider": "bkash"},
        {"sessionId": "x", "trxId": "ABC12345"},
        {"sessionId": 42, "trxId": "ABC12345", "provider": "bkash"},
        {"sessionId": "x", "trxId": 12345678, "provider": "bkash"},
        {"sessionId": "x", "trxId": "ABC12345", "provider": None},
        ["not", "an", "object"],
    ],
)
async def test_missing_or_non_string_fields_answer_400(claim, merchant, body):
    reply = await claim(merchant, body)
    assert (reply.code, reply.json()) == (400, invalid("Missing required matching fields"))


@pytest.mark.parametrize("session_id", ["x", "1234", "not-a-uuid-at-all-0000000000000000000"])
async def test_session_id_that_is_not_a_uuid_answers_404(claim, merchant, session_id):
    reply = await claim(merchant, claim_body(session_id, "bad!", "nope"))
    assert (reply.code, reply.json()) == (404, invalid("Invalid checkout session"))


@pytest.mark.parametrize("trx_id", ["ABC12", "ABC-12345", "A" * 21, "   ", "ABC 12345", "ÄBC12345"])
async def test_malformed_trx_id_answers_400(claim, merchant, deps, trx_id):
    session_id = await open_session(deps, merchant)
    reply = await claim(merchant, claim_body(session_id, trx_id, "nope"))
    assert (reply.code, reply.json()) == (400, invalid("Invalid trxId format"))


@pytest.mark.parametrize("provider", ["paypal", "BKASH", "", "bkash "])
async def test_unknown_provider_answers_400(claim, merchant, deps, provider):
    session_id = await open_session(deps, merchant)
    reply = await claim(merchant, claim_body(session_id, "ABC12345", provider))
    assert (reply.code, reply.json()) == (400, invalid("Invalid provider"))


async def test_invalid_json_answers_400_in_the_claim_shape(fetch, merchant, endpoint):
    key = merchant.key if endpoint == "verify" else None
    reply = await fetch(f"/api/v1/checkout/{endpoint}", body=b"{nope", key=key)
    assert (reply.code, reply.json()) == (400, invalid("Invalid JSON body"))


async def test_validation_failures_are_not_counted_as_attempts(claim, make_account, deps):
    merchant = await make_account(max_failed_attempts=1)
    session_id = await open_session(deps, merchant)
    for body in ({}, claim_body(session_id, "bad"), claim_body(session_id, "ABC12345", "x")):
        assert (await claim(merchant, body)).code == 400
    assert (await session_doc(deps, session_id))["failed_attempts"] == 0


# Claim outcomes --------------------------------------------------------------------------------


async def test_matching_claim_completes_with_the_success_body(claim, merchant, deps):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    reply = await claim(merchant, claim_body(session_id, f"  {tx.trx_id.lower()} "))
    session = await session_doc(deps, session_id)
    assert reply.code == 200
    assert reply.json() == {
        "success": True,
        "status": "COMPLETED",
        "session_id": session_id,
        "order_id": session["order_id"],
        "payment_id": session["payment_id"],
        "amount": 500,
        "provider": "bkash",
        "trx_id": tx.trx_id,
        "redirect_url": "https://shop.example.com/success",
    }
    assert session["status"] == "COMPLETED"


async def test_repeating_the_completing_claim_answers_the_same_200(claim, merchant, deps):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    first = await claim(merchant, claim_body(session_id, tx.trx_id))
    again = await claim(merchant, claim_body(session_id, tx.trx_id.lower()))
    assert (again.code, again.json()) == (200, first.json())
    assert len(await events_of(deps, session_id)) == 1


async def test_another_trx_id_on_a_completed_session_is_409(claim, merchant, deps):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    other = await pay(deps, merchant)
    await claim(merchant, claim_body(session_id, tx.trx_id))
    reply = await claim(merchant, claim_body(session_id, other.trx_id))
    assert (reply.code, reply.json()) == (409, outcome("ALREADY_COMPLETED"))


async def test_unknown_trx_id_fails_and_counts_one_attempt(claim, merchant, deps):
    session_id = await open_session(deps, merchant)
    reply = await claim(merchant, claim_body(session_id, "NOSUCH123"))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    assert (await session_doc(deps, session_id))["failed_attempts"] == 1


@pytest.mark.parametrize(
    "change",
    [
        {"amount_poisha": AMOUNT + 1},
        {"amount_poisha": AMOUNT - 100},
        {"provider": "nagad"},
        {"status": "suspect"},
        {"direction": "debit"},
    ],
    ids=["one-poisha-more", "one-taka-less", "other-provider", "suspect-sender", "debit"],
)
async def test_a_transaction_that_does_not_match_exactly_fails(claim, merchant, deps, change):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, **change)
    reply = await claim(merchant, claim_body(session_id, tx.trx_id, "bkash"))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    assert (await session_doc(deps, session_id))["status"] == "OPEN"


async def test_a_claim_naming_the_wrong_wallet_fails_as_before_and_its_history_names_the_wallet(
    claim, fetch, merchant, deps
):
    # contract.md §3: a no-match is 400 VERIFICATION_FAILED and counts; the history and the
    # page's note (not the claim's body) say it was a Nagad payment.
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, provider="nagad")
    reply = await claim(merchant, claim_body(session_id, tx.trx_id, "bkash"))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    doc = await session_doc(deps, session_id)
    last = doc["claim_history"][-1]
    assert doc["failed_attempts"] == 1
    assert (last["reason"], last["paid_with"]) == ("paid with another wallet", "nagad")
    note = await fetch(f"/checkout/{session_id}/amount-note")
    assert note.json() == {"amount_differs": None, "other_wallet": "nagad"}
    right = await claim(merchant, claim_body(session_id, tx.trx_id, "nagad"))
    assert right.code == 200
    note = await fetch(f"/checkout/{session_id}/amount-note")
    assert note.json()["other_wallet"] is None


async def test_a_transaction_received_over_ten_minutes_before_the_session_fails(
    claim, merchant, deps, clock
):
    old = await pay(deps, merchant, received_at=clock() - timedelta(minutes=10, seconds=1))
    edge = await pay(deps, merchant, received_at=clock() - timedelta(minutes=10))
    session_id = await open_session(deps, merchant)
    stale = await claim(merchant, claim_body(session_id, old.trx_id))
    fresh = await claim(merchant, claim_body(session_id, edge.trx_id))
    assert (stale.code, stale.json()) == (400, outcome("VERIFICATION_FAILED"))
    assert fresh.code == 200


async def test_a_transaction_used_by_another_session_fails(claim, merchant, deps):
    first = await open_session(deps, merchant)
    second = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    assert (await claim(merchant, claim_body(first, tx.trx_id))).code == 200
    reply = await claim(merchant, claim_body(second, tx.trx_id))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))


async def test_the_attempt_reaching_the_limit_locks_the_session(claim, make_account, deps):
    merchant = await make_account(max_failed_attempts=3)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    # Three buyers (submit) or the merchant's server (verify): each failure counts.
    replies = [
        await claim(merchant, claim_body(session_id, f"WRONG{i}00"), f"198.51.100.{i}")
        for i in range(3)
    ]
    later = await claim(merchant, claim_body(session_id, tx.trx_id), "203.0.113.9")
    assert [r.code for r in replies] == [400, 400, 429]
    assert replies[2].json() == outcome("TOO_MANY_ATTEMPTS")
    assert (later.code, later.json()) == (429, outcome("TOO_MANY_ATTEMPTS"))
    session = await session_doc(deps, session_id)
    assert (session["status"], session["failed_attempts"]) == ("FAILED", 3)
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["FAILED"]


async def test_an_expired_session_answers_410_and_ends_expired(claim, merchant, deps, clock):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    clock.advance(minutes=30)
    reply = await claim(merchant, claim_body(session_id, tx.trx_id))
    assert (reply.code, reply.json()) == (410, outcome("SESSION_EXPIRED"))
    assert (await session_doc(deps, session_id))["status"] == "EXPIRED"
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["EXPIRED"]


async def test_a_cancelled_session_answers_410_unavailable(claim, fetch, merchant, deps):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    assert (await fetch("/api/v1/checkout/cancel", json={"sessionId": session_id})).code == 200
    reply = await claim(merchant, claim_body(session_id, tx.trx_id))
    assert (reply.code, reply.json()) == (410, outcome("SESSION_UNAVAILABLE"))


async def test_an_unknown_session_answers_404_not_found(claim, merchant):
    reply = await claim(merchant, claim_body("8a3c1f4e-0000-4000-8000-000000000000", "ABC12345"))
    assert (reply.code, reply.json()) == (404, outcome("NOT_FOUND"))


async def test_upper_case_session_ids_are_accepted(claim, merchant, deps):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    reply = await claim(merchant, claim_body(session_id.upper(), tx.trx_id))
    assert reply.code == 200


async def test_an_inactive_vendor_answers_403(claim, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    await deps.services.admin.patch_account(merchant.id, {"status": "suspended"})
    reply = await claim(merchant, claim_body(session_id, tx.trx_id))
    assert (reply.code, reply.json()) == (403, outcome("VENDOR_INACTIVE"))
    assert (await session_doc(deps, session_id))["status"] == "OPEN"


async def test_pending_verification_answers_202_and_is_not_counted(claim, make_account, deps):
    merchant = await make_account(balance_verification=True, max_failed_attempts=1)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="unconfirmed")
    first = await claim(merchant, claim_body(session_id, tx.trx_id))
    again = await claim(merchant, claim_body(session_id, tx.trx_id))
    assert (first.code, first.json()) == (202, outcome("PENDING_VERIFICATION"))
    assert (again.code, again.json()) == (202, outcome("PENDING_VERIFICATION"))
    session = await session_doc(deps, session_id)
    assert (session["status"], session["failed_attempts"]) == ("OPEN", 0)
    assert session["pending_claim"]["trx_id"] == tx.trx_id
    assert await events_of(deps, session_id) == []


async def test_a_pending_claim_reserves_its_transaction(claim, make_account, deps):
    merchant = await make_account(balance_verification=True)
    first = await open_session(deps, merchant)
    second = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="unconfirmed")
    assert (await claim(merchant, claim_body(first, tx.trx_id))).code == 202
    reply = await claim(merchant, claim_body(second, tx.trx_id))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))


async def test_confirming_the_transaction_completes_the_pending_claim(claim, make_account, deps):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="unconfirmed")
    await claim(merchant, claim_body(session_id, tx.trx_id))
    await deps.services.transactions.confirm(tx.id)
    reply = await claim(merchant, claim_body(session_id, tx.trx_id))
    assert reply.code == 200 and reply.json()["status"] == "COMPLETED"
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]


async def test_balance_verification_with_a_confirmed_transaction_completes_at_once(
    claim, make_account, deps
):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="confirmed")
    reply = await claim(merchant, claim_body(session_id, tx.trx_id))
    assert reply.code == 200


async def test_another_trx_id_while_a_claim_is_pending_fails_uncounted(claim, make_account, deps):
    merchant = await make_account(balance_verification=True, max_failed_attempts=1)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="unconfirmed")
    other = await pay(deps, merchant, status="confirmed")
    await claim(merchant, claim_body(session_id, tx.trx_id))
    reply = await claim(merchant, claim_body(session_id, other.trx_id))
    assert (reply.code, reply.json()) == (400, outcome("VERIFICATION_FAILED"))
    session = await session_doc(deps, session_id)
    assert (session["status"], session["failed_attempts"]) == ("OPEN", 0)
    assert (await deps.stores.transactions.get(other.id)).session_id is None


async def test_a_pending_claim_outlives_expires_at_by_24_hours(claim, make_account, deps, clock):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="unconfirmed")
    other = await pay(deps, merchant, status="confirmed")
    await claim(merchant, claim_body(session_id, tx.trx_id))
    clock.advance(hours=1)
    assert (await claim(merchant, claim_body(session_id, tx.trx_id))).code == 202
    late_other = await claim(merchant, claim_body(session_id, other.trx_id))
    assert (late_other.code, late_other.json()) == (410, outcome("SESSION_EXPIRED"))
    clock.advance(hours=23, minutes=30)
    reply = await claim(merchant, claim_body(session_id, tx.trx_id))
    assert (reply.code, reply.json()) == (410, outcome("SESSION_EXPIRED"))
    assert (await session_doc(deps, session_id))["status"] == "EXPIRED"


async def test_an_unhandled_failure_answers_500_without_detail(
    claim, merchant, deps, monkeypatch, caplog
):
    session_id = await open_session(deps, merchant)

    async def broken(*args: Any) -> None:
        raise RuntimeError("mongo exploded at 10.0.0.7")

    monkeypatch.setattr(deps.stores.transactions, "with_trx_id", broken)
    reply = await claim(merchant, claim_body(session_id, "ABC12345"))
    assert (reply.code, reply.json()) == (500, invalid("Internal system error"))
    assert b"10.0.0.7" not in reply.body


# Verify only: the key -------------------------------------------------------------------------


async def test_verify_without_a_key_is_401(fetch, merchant, deps):
    session_id = await open_session(deps, merchant)
    reply = await fetch("/api/v1/checkout/verify", json=claim_body(session_id, "ABC12345"))
    assert (reply.code, reply.json()) == (401, {"error": "Missing API Key"})


async def test_verify_with_a_revoked_or_unknown_key_is_401(fetch, merchant, deps):
    session_id = await open_session(deps, merchant)
    await deps.services.admin.revoke_key(merchant.key_id)
    body = claim_body(session_id, "ABC12345")
    for key in (merchant.key, "sk_unknown"):
        reply = await fetch("/api/v1/checkout/verify", json=body, key=key)
        assert (reply.code, reply.json()) == (401, {"error": "Unauthorized API Key"})


async def test_verify_on_another_accounts_session_is_not_found(fetch, make_account, deps):
    owner, stranger = await make_account(), await make_account()
    session_id = await open_session(deps, owner)
    tx = await pay(deps, owner)
    reply = await fetch(
        "/api/v1/checkout/verify", json=claim_body(session_id, tx.trx_id), key=stranger.key
    )
    assert (reply.code, reply.json()) == (404, outcome("NOT_FOUND"))
    assert (await session_doc(deps, session_id))["status"] == "OPEN"


async def test_verify_is_rate_limited_per_key_in_the_coded_shape(fetch, make_account, deps):
    merchant = await make_account(rate_limit_per_minute=2)
    body = claim_body(await open_session(deps, merchant), new_trx_id())
    codes = [(await fetch("/api/v1/checkout/verify", json=body, key=merchant.key)) for _ in "abc"]
    assert [r.code for r in codes] == [400, 400, 429]
    assert codes[2].json()["error"]["code"] == "RATE_LIMITED"
    assert int(codes[2].headers["Retry-After"]) >= 1


# Submit only: buyer limits --------------------------------------------------------------------


async def test_submit_is_limited_per_session_in_the_claim_shape(fetch, merchant, deps):
    body = claim_body(await open_session(deps, merchant), new_trx_id())
    deps.settings = deps.settings.replace(submit_rate_per_session=3)
    replies = [await fetch("/api/v1/checkout/submit", json=body) for _ in range(4)]
    assert [r.code for r in replies[:3]] == [400, 400, 400]
    assert replies[3].code == 429
    assert replies[3].json() == {
        "success": False,
        "error": "RATE_LIMITED",
        "message": "Too many requests. Wait a minute and retry with backoff.",
    }
    assert int(replies[3].headers["Retry-After"]) >= 1
    assert "RateLimit-Limit" in replies[3].headers


async def test_submit_is_limited_per_client_address(fetch, merchant, deps):
    deps.settings = deps.settings.replace(submit_rate_per_ip=2)
    sessions = [await open_session(deps, merchant) for _ in range(3)]
    replies = [
        await fetch("/api/v1/checkout/submit", json=claim_body(s, new_trx_id())) for s in sessions
    ]
    assert [r.code for r in replies] == [400, 400, 429]
    assert replies[2].json()["error"] == "RATE_LIMITED"


async def test_unknown_sessions_are_limited_per_client_address_across_accounts(
    fetch, make_account, deps
):
    deps.settings = deps.settings.replace(submit_rate_per_ip=2)
    unknown = [claim_body(f"8a3c1f4e-0000-4000-8000-00000000000{i}", "ABC12345") for i in "12"]
    replies = [await fetch("/api/v1/checkout/submit", json=body) for body in unknown]
    assert [r.code for r in replies] == [404, 404]
    other = await make_account()
    reply = await fetch("/api/v1/checkout/submit", json=unknown[0])
    assert (reply.code, reply.json()["error"]) == (429, "RATE_LIMITED")
    # Sessions that exist are counted on their account (docs/decisions.md, "Verify and submit
    # in three commands"): the address's flood of unknown ids does not refuse a real claim.
    session_id = await open_session(deps, other)
    tx = await pay(deps, other)
    done = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert done.code == 200


async def test_the_per_address_limit_counts_on_each_account_apart(fetch, make_account, deps):
    deps.settings = deps.settings.replace(submit_rate_per_ip=2)
    one, two = await make_account(), await make_account()
    on_one = [await open_session(deps, one) for _ in range(3)]
    replies = [
        await fetch("/api/v1/checkout/submit", json=claim_body(s, new_trx_id())) for s in on_one
    ]
    assert [r.code for r in replies] == [400, 400, 429]
    on_two = claim_body(await open_session(deps, two), new_trx_id())
    assert (await fetch("/api/v1/checkout/submit", json=on_two)).code == 400


async def test_an_account_change_applies_to_the_very_next_submit(fetch, make_account, deps):
    merchant = await make_account(max_failed_attempts=5)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    wrong = claim_body(session_id, new_trx_id())
    assert (await fetch("/api/v1/checkout/submit", json=wrong)).code == 400  # entry warm
    await deps.services.admin.patch_account(merchant.id, {"status": "suspended"})
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert (reply.code, reply.json()) == (403, outcome("VENDOR_INACTIVE"))
    await deps.services.admin.patch_account(
        merchant.id, {"status": "active", "max_failed_attempts": 2}
    )
    # This address's second failure reaches the lowered limit (it would be 400 under 5): it is
    # refused from now on, while the session stays open for the buyer paying it.
    reply = await fetch("/api/v1/checkout/submit", json=wrong)
    assert (reply.code, reply.json()) == (429, outcome("TOO_MANY_ATTEMPTS"))
    assert (await session_doc(deps, session_id))["status"] == "OPEN"
