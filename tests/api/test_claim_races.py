"""Races: concurrent claims, cancels, confirmations, accepts of a different amount and the
sweeper end in one terminal state with one event. MongoDB yields around every call, so
requests really interleave; each test runs under several seeds, i.e. several interleavings;
and once more on the real wire (SecantusDB), where the server's own concurrency interleaves
them."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from typing import Any

import pytest

from claimsvc.bootstrap import Deps, open_deps
from claimsvc.clock import FrozenClock
from claimsvc.domain.claims import ClaimRequest
from claimsvc.errors import ServiceError
from claimsvc.settings import Settings
from claimsvc.worker.sweeper import SessionSweeper
from tests.claims_support import (
    claim_body,
    events_of,
    open_session,
    outcome,
    pay,
    relay_owed,
    session_doc,
    submit_claim,
    yielding_mongo,
)
from tests.conftest import close_deps, make_settings, wire_overrides

SEEDS = range(6)


@pytest.fixture(params=[*SEEDS, "wire"], ids=lambda s: s if s == "wire" else f"seed{s}")
async def deps(settings: Settings, clock: FrozenClock, request: Any) -> AsyncIterator[Deps]:
    if request.param == "wire":
        wire = wire_overrides(request)
        deps = await open_deps(settings.replace(**wire), clock)
    else:
        wire = {}
        deps = await open_deps(settings, clock, mongo=yielding_mongo(request.param))
    yield deps
    await close_deps(deps, wire)


@pytest.fixture
def settings() -> Settings:
    # Buyers at distinct addresses (X-Forwarded-For): failed submits lock per distinct source.
    return make_settings(trusted_proxy_hops=1)


async def submit(fetch: Any, session_id: str, trx_id: str, address: str = "127.0.0.1") -> Any:
    headers = {"X-Forwarded-For": address}
    return await fetch(
        "/api/v1/checkout/submit", json=claim_body(session_id, trx_id), headers=headers
    )


async def test_twenty_concurrent_claims_of_one_trx_id_complete_the_session_once(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    replies = await asyncio.gather(
        *(
            fetch(
                f"/api/v1/checkout/{'verify' if i % 2 else 'submit'}",
                json=claim_body(session_id, tx.trx_id),
                key=merchant.key if i % 2 else None,
            )
            for i in range(20)
        )
    )
    assert {r.code for r in replies} == {200}
    assert len({r.body for r in replies}) == 1
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]
    assert (await deps.stores.transactions.get(tx.id)).session_id == session_id


async def test_one_trx_id_claimed_on_two_sessions_at_once_completes_only_one(
    fetch, make_account, deps
):
    merchant = await make_account()
    first, second = await open_session(deps, merchant), await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    replies = await asyncio.gather(*(submit(fetch, s, tx.trx_id) for s in (first, second)))
    assert sorted(r.code for r in replies) == [200, 400]
    loser = next(r for r in replies if r.code == 400)
    assert loser.json() == outcome("VERIFICATION_FAILED")
    statuses = sorted([(await session_doc(deps, s))["status"] for s in (first, second)])
    assert statuses == ["COMPLETED", "OPEN"]
    events = await events_of(deps, first) + await events_of(deps, second)
    assert [e["payment_status"] for e in events] == ["COMPLETED"]


async def test_concurrent_failures_never_exceed_the_lock_count(fetch, make_account, deps):
    merchant = await make_account(max_failed_attempts=5)
    session_id = await open_session(deps, merchant)
    replies = await asyncio.gather(
        *(submit(fetch, session_id, f"WRONG{i:03}", f"198.51.100.{i}") for i in range(20))
    )
    codes = Counter(r.json()["error"] for r in replies)
    assert codes == {"VERIFICATION_FAILED": 4, "TOO_MANY_ATTEMPTS": 16}
    session = await session_doc(deps, session_id)
    assert (session["status"], session["failed_attempts"]) == ("FAILED", 5)
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["FAILED"]


async def test_a_claim_racing_a_cancel_ends_in_one_state_with_one_event(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    claimed, cancelled = await asyncio.gather(
        submit(fetch, session_id, tx.trx_id),
        fetch("/api/v1/checkout/cancel", json={"sessionId": session_id}),
    )
    status = (await session_doc(deps, session_id))["status"]
    if status == "COMPLETED":
        assert (claimed.code, cancelled.code) == (200, 409)
        assert cancelled.json() == outcome("ALREADY_COMPLETED")
    else:
        assert status == "CANCELLED"
        assert (claimed.code, cancelled.code) == (410, 200)
        assert claimed.json() == outcome("SESSION_UNAVAILABLE")
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == [status]


class TickingClock(FrozenClock):
    """Moves 1 ms every time it is read, so racing tasks see the deadline pass mid-flight."""

    def __call__(self) -> datetime:
        self.now += timedelta(milliseconds=1)
        return self.now


@pytest.fixture
def clock(request: Any) -> FrozenClock:
    return TickingClock() if getattr(request, "param", None) == "ticking" else FrozenClock()


async def _claim(deps: Deps, session_id: str, trx_id: str) -> str:
    try:
        await submit_claim(deps, ClaimRequest(session_id, trx_id, "bkash"))
    except ServiceError as err:
        return str(err.code)
    return "COMPLETED"


@pytest.mark.parametrize("clock", ["ticking"], indirect=True)
@pytest.mark.parametrize("lead_ms", [1, 3, 4, 5, 6, 8, 12])
async def test_a_claim_racing_the_sweeper_at_expiry_ends_in_one_state_with_one_event(
    make_account, deps, clock, lead_ms
):
    merchant = await make_account()
    session_id = await open_session(deps, merchant, expires_in_s=300)
    tx = await pay(deps, merchant)
    expires_at = (await session_doc(deps, session_id))["expires_at"]
    clock.now = expires_at - timedelta(milliseconds=lead_ms)
    sweeper = SessionSweeper(deps.services.sessions)
    answer, _ = await asyncio.gather(_claim(deps, session_id, tx.trx_id), sweeper.sweep())
    status = (await session_doc(deps, session_id))["status"]
    assert (status, answer) in {("COMPLETED", "COMPLETED"), ("EXPIRED", "SESSION_EXPIRED")}
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == [status]


async def _later(yields: int, work: Any) -> Any:
    for _ in range(yields):
        await asyncio.sleep(0)
    return await work


@pytest.mark.parametrize("head_start", [0, 3, 8, 15, 30])
async def test_a_pending_claim_racing_its_confirmation_completes_once(
    make_account, deps, head_start
):
    merchant = await make_account(balance_verification=True)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant, status="unconfirmed")
    answer, _ = await asyncio.gather(
        _claim(deps, session_id, tx.trx_id),
        _later(head_start, deps.services.transactions.confirm(tx.id)),
    )
    # Whichever came first, the session completes: a confirmation never strands the claim.
    assert answer in ("COMPLETED", "PENDING_VERIFICATION")
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]


async def test_racing_relays_write_one_event_per_session(make_account, deps):
    merchant = await make_account()
    ids = [await open_session(deps, merchant) for _ in range(6)]
    for session_id in ids[:4]:
        await deps.services.sessions.cancel(session_id)
    relayed = await asyncio.gather(*(deps.services.outbox.relay(3) for _ in range(3)))
    assert sum(relayed) >= 4  # every owed session taken by at least one relay
    await relay_owed(deps)
    events = await deps.db["events"].find({}).to_list()
    assert sorted(e["session_id"] for e in events) == sorted(ids[:4])
    assert len({e["_id"] for e in events}) == 4
    assert not any([(await session_doc(deps, s)).get("event_due") for s in ids])


# Accepting a different amount for the order (docs/claims.md, "Money that does not match") -----

SHORT = 49_900


async def short_paid(deps: Deps, merchant: Any, fetch: Any, **kw: Any) -> tuple[str, Any]:
    session_id = await open_session(deps, merchant, **kw)
    tx = await pay(deps, merchant, amount_poisha=SHORT, status="confirmed")
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    return session_id, tx


async def accept(deps: Deps, merchant: Any, session_id: str, tx: Any, by: str) -> str:
    try:
        done = await deps.services.settlement.settle(merchant.id, session_id, tx.id, "accept", by)
    except ServiceError as err:
        return str(getattr(err, "problem", err.code))
    return "repeated" if done.repeated else "accepted"


async def test_two_concurrent_accepts_complete_the_order_once(fetch, make_account, deps):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    answers = await asyncio.gather(
        accept(deps, merchant, session_id, tx, "a@shop.example"),
        accept(deps, merchant, session_id, tx, "b@shop.example"),
    )
    assert sorted(answers) == ["accepted", "repeated"]
    doc = await session_doc(deps, session_id)
    assert (doc["status"], doc["paid_poisha"]) == ("COMPLETED", SHORT)
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]


async def test_an_accept_racing_a_cancel_ends_in_one_state_with_one_event(
    fetch, make_account, deps
):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch)
    answer, _ = await asyncio.gather(
        accept(deps, merchant, session_id, tx, "a@shop.example"),
        fetch("/api/v1/checkout/cancel", json={"sessionId": session_id}),
    )
    status = (await session_doc(deps, session_id))["status"]
    assert (status, answer) in {("COMPLETED", "accepted"), ("CANCELLED", "ended")}
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == [status]
    stored = await deps.stores.transactions.get(tx.id)
    # A cancelled session keeps no hold on the money: it can still be refunded or used.
    assert stored.session_id == (session_id if status == "COMPLETED" else None)


async def test_an_accept_racing_the_buyers_right_claim_completes_once(fetch, make_account, deps):
    merchant = await make_account()
    session_id, short = await short_paid(deps, merchant, fetch)
    right = await pay(deps, merchant, status="confirmed")
    answer, reply = await asyncio.gather(
        accept(deps, merchant, session_id, short, "a@shop.example"),
        fetch("/api/v1/checkout/submit", json=claim_body(session_id, right.trx_id)),
    )
    doc = await session_doc(deps, session_id)
    assert doc["status"] == "COMPLETED"
    winner = doc["claim"]["transaction_id"]
    assert (winner, answer) in {(short.id, "accepted"), (right.id, "ended")}
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["COMPLETED"]
    if winner == right.id:
        assert (
            reply.code == 200 and (await deps.stores.transactions.get(short.id)).session_id is None
        )
    else:
        assert reply.json()["error"] == "ALREADY_COMPLETED"


@pytest.mark.parametrize("clock", ["ticking"], indirect=True)
@pytest.mark.parametrize("lead_ms", [1, 3, 5, 8, 12])
async def test_an_accept_racing_the_expiry_ends_in_one_state_with_one_event(
    fetch, make_account, deps, clock, lead_ms
):
    merchant = await make_account()
    session_id, tx = await short_paid(deps, merchant, fetch, expires_in_s=300)
    expires_at = (await session_doc(deps, session_id))["expires_at"]
    clock.now = expires_at - timedelta(milliseconds=lead_ms)
    answer, _ = await asyncio.gather(
        accept(deps, merchant, session_id, tx, "a@shop.example"),
        SessionSweeper(deps.services.sessions).sweep(),
    )
    status = (await session_doc(deps, session_id))["status"]
    assert (status, answer) in {("COMPLETED", "accepted"), ("EXPIRED", "ended")}
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == [status]
