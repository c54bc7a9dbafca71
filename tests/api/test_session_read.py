"""GET /api/v1/checkout/session/{id}: what the hosted page reads, and nothing secret."""

from __future__ import annotations

from tests.claims_support import claim_body, invalid, open_session, outcome, pay, session_doc


async def read(fetch, session_id):
    return await fetch(f"/api/v1/checkout/session/{session_id}")


async def test_an_open_session_shows_amount_merchant_wallets_and_expiry(fetch, make_account, deps):
    merchant = await make_account(
        name="Dhaka Books",
        wallets=[
            {"provider": "bkash", "number": "01700000001", "kind": "personal"},
            {"provider": "nagad", "number": "01800000002", "kind": "merchant"},
        ],
    )
    session_id = await open_session(deps, merchant, amount_poisha=12_550)
    session = await session_doc(deps, session_id)
    reply = await read(fetch, session_id)
    assert reply.code == 200
    assert reply.json() == {
        "session_id": session_id,
        "order_id": session["order_id"],
        "merchant": {"name": "Dhaka Books"},
        "amount": 125.5,
        "status": "OPEN",
        "expires_at": "2026-11-21T06:30:00Z",
        "pending": False,
        "pending_claim": None,
        "wallets": [
            {"provider": "bkash", "number": "01700000001", "kind": "personal"},
            {"provider": "nagad", "number": "01800000002", "kind": "merchant"},
        ],
        "redirect_url": None,
    }


async def test_the_read_leaks_no_secret_or_internal_id(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    body = (await read(fetch, session_id)).body.decode()
    for secret in (merchant.key, merchant.id, "test-callback-secret", "webhook", "payment_id"):
        assert secret not in body


async def test_a_pending_claim_shows_as_pending(fetch, make_account, deps):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    body = (await read(fetch, session_id)).json()
    assert (body["status"], body["pending"]) == ("OPEN", True)
    assert body["pending_claim"] == {"provider": "bkash", "trx_id": tx.trx_id}
    await deps.services.transactions.confirm(tx.id)
    done = (await read(fetch, session_id)).json()
    assert (done["status"], done["pending"]) == ("COMPLETED", False)
    assert done["redirect_url"] == "https://shop.example.com/success"


async def test_an_overdue_session_reads_as_expired_before_the_sweeper_runs(
    fetch, make_account, deps, clock
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    clock.advance(minutes=30)
    assert (await read(fetch, session_id)).json()["status"] == "EXPIRED"


async def test_unknown_and_malformed_ids_are_404(fetch):
    unknown = await read(fetch, "8a3c1f4e-0000-4000-8000-000000000000")
    malformed = await read(fetch, "not-a-session")
    assert (unknown.code, unknown.json()) == (404, outcome("NOT_FOUND"))
    assert (malformed.code, malformed.json()) == (404, invalid("Invalid checkout session"))


async def test_session_reads_are_limited_per_client_address(fetch, make_account, deps):
    deps.settings = deps.settings.replace(submit_rate_per_ip=3)
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    replies = [await read(fetch, session_id) for _ in range(4)]
    assert [r.code for r in replies] == [200, 200, 200, 429]
    assert replies[3].json() == {
        "success": False,
        "error": "RATE_LIMITED",
        "message": "Too many requests. Wait a minute and retry with backoff.",
    }
    assert int(replies[3].headers["Retry-After"]) >= 1
