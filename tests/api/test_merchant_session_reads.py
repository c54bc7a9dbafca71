"""The merchant reads its sessions with its API key (issue 30): one by id, or a page by order id
and status, newest first. The key's mode picks the ledger; another account's session or the
other mode's is 404 exactly as an unknown one; a bad filter or cursor is 400 `Invalid request`."""

from __future__ import annotations

import uuid

import pytest

from claimsvc.domain.modes import TEST
from tests.api.test_settlement import SHORT, settle, short_paid
from tests.claims_support import claim_body, open_session, pay
from tests.conftest import initialize_body

SESSIONS = "/api/v1/checkout/sessions"
INIT = "/api/v1/checkout/initialize"
NOT_FOUND = {"error": "Session not found"}


def one(session_id: str) -> str:
    return f"{SESSIONS}/{session_id}"


async def opened(fetch, key: str, **overrides) -> dict:
    reply = await fetch(INIT, json=initialize_body(**overrides), key=key)
    assert reply.code == 201, reply.body
    return reply.json()


@pytest.fixture
async def merchant(make_account):
    return await make_account()


@pytest.fixture
async def test_key(deps, merchant) -> str:
    return (await deps.services.admin.mint_key(merchant.id, "reads", TEST)).secret


async def test_an_open_session_reads_with_every_field_of_the_contract(fetch, merchant):
    made = await opened(fetch, merchant.key, amount=19.99, metadata={"cart": "c-7"})
    reply = await fetch(one(made["session_id"]), key=merchant.key)
    assert reply.code == 200
    got = reply.json()
    assert got == {
        "session_id": made["session_id"],
        "payment_id": made["payment_id"],
        "order_id": made["order_id"],
        "mode": "live",
        "status": "OPEN",
        "pending": False,
        "amount": 19.99,
        "paid_amount": None,
        "provider": None,
        "trx_id": None,
        "settled": False,
        "checkout_url": made["checkout_url"],
        "created_at": got["created_at"],
        "expires_at": made["expires_at"],
        "completed_at": None,
        "metadata": {"cart": "c-7"},
    }
    assert got["created_at"].endswith("Z") and got["created_at"] < got["expires_at"]
    assert b'"amount":19.99' in reply.body  # a JSON number, exact


async def test_a_paid_session_reads_completed_with_its_wallet_and_trx_id(fetch, deps, merchant):
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="confirmed", provider="nagad")
    claim = claim_body(session_id, tx.trx_id, provider="nagad")
    assert (await fetch("/api/v1/checkout/submit", json=claim)).code == 200
    got = (await fetch(one(session_id), key=merchant.key)).json()
    assert (got["status"], got["pending"], got["settled"]) == ("COMPLETED", False, False)
    assert (got["amount"], got["paid_amount"]) == (500, 500)
    assert (got["provider"], got["trx_id"]) == ("nagad", tx.trx_id)
    assert got["completed_at"] is not None and got["completed_at"] >= got["created_at"]


async def test_a_claim_waiting_for_its_balance_check_reads_open_and_pending(
    fetch, deps, make_account
):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="unconfirmed")
    reply = await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    assert reply.code == 202
    got = (await fetch(one(session_id), key=merchant.key)).json()
    assert (got["status"], got["pending"], got["paid_amount"], got["trx_id"]) == (
        "OPEN",
        True,
        None,
        None,
    )


async def test_a_short_payment_settled_in_the_portal_reads_both_amounts(fetch, deps, merchant):
    session_id, tx = await short_paid(deps, merchant, fetch)
    before = (await fetch(one(session_id), key=merchant.key)).json()
    assert (before["status"], before["paid_amount"], before["settled"]) == ("OPEN", None, False)
    await settle(deps, merchant, session_id, tx, "accept")
    got = (await fetch(one(session_id), key=merchant.key)).json()
    assert (got["status"], got["settled"]) == ("COMPLETED", True)
    assert (got["amount"], got["paid_amount"]) == (500, SHORT / 100)
    assert got["trx_id"] == tx.trx_id


async def test_an_open_session_past_its_deadline_reads_expired(fetch, deps, merchant, clock):
    made = await opened(fetch, merchant.key)
    clock.advance(hours=1)
    got = (await fetch(one(made["session_id"]), key=merchant.key)).json()
    assert (got["status"], got["pending"]) == ("EXPIRED", False)


async def test_another_accounts_session_and_an_unknown_one_are_the_same_404(
    fetch, merchant, make_account
):
    made = await opened(fetch, merchant.key)
    other = await make_account()
    for key, session_id in [
        (other.key, made["session_id"]),
        (merchant.key, str(uuid.uuid4())),
        (merchant.key, "not-a-session"),
    ]:
        reply = await fetch(one(session_id), key=key)
        assert (reply.code, reply.json()) == (404, NOT_FOUND)
    listed = await fetch(f"{SESSIONS}?order_id={made['order_id']}", key=other.key)
    assert (listed.code, listed.json()) == (200, {"items": [], "next_cursor": None})


async def test_a_test_key_reads_test_sessions_only_and_a_live_key_live_ones_only(
    fetch, merchant, test_key
):
    # The same order id in both modes: each key sees its own mode's session alone.
    order = f"order-{uuid.uuid4().hex[:10]}"
    live = await opened(fetch, merchant.key, order_id=order)
    test = await opened(fetch, test_key, order_id=order)
    assert live["session_id"] != test["session_id"]
    assert (await fetch(one(test["session_id"]), key=merchant.key)).code == 404
    assert (await fetch(one(live["session_id"]), key=test_key)).code == 404
    got = (await fetch(one(test["session_id"]), key=test_key)).json()
    assert got["mode"] == "test"
    for key, want, mode in [(merchant.key, live, "live"), (test_key, test, "test")]:
        page = (await fetch(f"{SESSIONS}?order_id={order}", key=key)).json()
        assert [(i["session_id"], i["mode"]) for i in page["items"]] == [(want["session_id"], mode)]


async def test_the_list_is_newest_first_filtered_and_paged_to_the_end(fetch, merchant, clock):
    made = []
    for _ in range(5):
        made.append(await opened(fetch, merchant.key))
        clock.advance(seconds=1)
    cancel = {"sessionId": made[1]["session_id"]}
    assert (await fetch("/api/v1/checkout/cancel", json=cancel, key=merchant.key)).code == 200
    seen, cursor = [], None
    while True:
        query = "?limit=2" + (f"&cursor={cursor}" if cursor else "")
        page = (await fetch(SESSIONS + query, key=merchant.key)).json()
        assert len(page["items"]) <= 2
        seen += [item["session_id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == [m["session_id"] for m in reversed(made)]
    open_only = (await fetch(f"{SESSIONS}?status=OPEN", key=merchant.key)).json()
    assert [i["session_id"] for i in open_only["items"]] == [
        m["session_id"] for m in reversed(made) if m is not made[1]
    ]
    cancelled = (await fetch(f"{SESSIONS}?status=CANCELLED", key=merchant.key)).json()
    assert [i["status"] for i in cancelled["items"]] == ["CANCELLED"]
    by_order = f"{SESSIONS}?order_id={made[2]['order_id']}&status=OPEN"
    assert [i["session_id"] for i in (await fetch(by_order, key=merchant.key)).json()["items"]] == [
        made[2]["session_id"]
    ]
    default = (await fetch(SESSIONS, key=merchant.key)).json()
    assert len(default["items"]) == 5 and default["next_cursor"] is None


@pytest.mark.parametrize(
    ("query", "detail"),
    [
        ("status=open", "status: Must be one of"),
        ("status=PAID", "status: Must be one of"),
        ("limit=0", "limit: must be an integer from 1 to 100"),
        ("limit=101", "limit: must be an integer from 1 to 100"),
        ("limit=ten", "limit: must be an integer from 1 to 100"),
        ("cursor=abc", "cursor: not a valid cursor"),
        ("cursor=", "cursor: not a valid cursor"),
        ("order_id=", "order_id: Length must be between 1 and 128."),
        ("order_id=" + "x" * 129, "order_id: Length must be between 1 and 128."),
        ("order_id=a%01b", "order_id: must not contain control characters"),
        ("orderid=7", "orderid: Unknown field."),
        ("status=OPEN&status=EXPIRED", "status: given more than once"),
        ("order_id=%FF", "order_id: not UTF-8 text"),
    ],
)
async def test_a_bad_filter_or_cursor_is_400_invalid_request_naming_it(
    fetch, merchant, query, detail
):
    reply = await fetch(f"{SESSIONS}?{query}", key=merchant.key)
    assert reply.code == 400
    body = reply.json()
    assert body["error"] == "Invalid request"
    assert any(d.startswith(detail) for d in body["details"]), body


async def test_reads_are_authenticated_and_refused_to_an_inactive_account(fetch, deps, merchant):
    made = await opened(fetch, merchant.key)
    for path in (one(made["session_id"]), SESSIONS):
        missing = await fetch(path)
        assert (missing.code, missing.json()) == (401, {"error": "Missing API Key"})
        wrong = await fetch(path, key="sk_" + "x" * 40)
        assert (wrong.code, wrong.json()) == (401, {"error": "Unauthorized API Key"})
    await deps.services.admin.patch_account(merchant.id, {"status": "suspended"})
    inactive = {"error": "Vendor account is not active to process payments"}
    for path in (one(made["session_id"]), SESSIONS):
        reply = await fetch(path, key=merchant.key)
        assert (reply.code, reply.json()) == (403, inactive)


async def test_reads_count_against_the_keys_rate_limit_per_endpoint_and_never_a_day(
    fetch, make_account
):
    merchant = await make_account(rate_limit_per_minute=3, daily_limit=1)
    made = await opened(fetch, merchant.key)
    for _ in range(3):
        reply = await fetch(one(made["session_id"]), key=merchant.key)
        assert reply.code == 200 and reply.headers["RateLimit-Limit"] == "3"
    limited = await fetch(one(made["session_id"]), key=merchant.key)
    assert limited.code == 429 and limited.json()["error"]["code"] == "RATE_LIMITED"
    assert "Retry-After" in limited.headers
    # The listing is another endpoint with its own count; the day's one session is still fine.
    assert (await fetch(SESSIONS, key=merchant.key)).code == 200
