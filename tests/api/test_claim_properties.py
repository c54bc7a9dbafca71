"""Random sequences of claims, cancels, confirmations, clock moves, sweeps and outbox relay
passes, some of them run concurrently, never break an invariant: one terminal state per session,
never changed; a terminal session owes its event until it has exactly one, an open one neither;
one event per terminal session once the relay has run; a transaction used by at most one
session; and every answer agrees with what was stored."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claimsvc.bootstrap import Deps, open_deps
from claimsvc.clock import FrozenClock
from claimsvc.domain import sessions as sm
from claimsvc.domain.claims import ClaimRequest
from claimsvc.domain.sessions import Session
from claimsvc.errors import ServiceError
from claimsvc.worker.sweeper import SessionSweeper
from tests.claims_support import open_session, pay, relay_owed, submit_claim, yielding_mongo
from tests.conftest import Merchant, make_settings

SESSION_AMOUNTS = [50_000, 50_000, 70_000]
TX_AMOUNTS = [50_000, 50_000, 70_000, 12_345]

sessions_idx = st.integers(0, len(SESSION_AMOUNTS) - 1)
tx_idx = st.integers(0, len(TX_AMOUNTS) - 1)
ops = st.one_of(
    st.tuples(st.just("claim"), sessions_idx, tx_idx),
    st.tuples(st.just("wrong"), sessions_idx),
    st.tuples(st.just("cancel"), sessions_idx),
    st.tuples(st.just("confirm"), tx_idx),
    st.tuples(st.just("clock"), st.sampled_from([60, 900, 1800, 86_400])),
    st.tuples(st.just("sweep")),
    st.tuples(st.just("relay")),
)
# Each inner list runs concurrently; the outer list in order.
programs = st.lists(st.lists(ops, min_size=1, max_size=3), min_size=1, max_size=10)


@dataclass
class World:
    deps: Deps
    clock: FrozenClock
    sessions: list[str]
    txs: list[dict[str, Any]]
    max_attempts: int
    seen: dict[str, str] = field(default_factory=dict)


async def build(seed: int, verification: bool, max_attempts: int, confirmed: list[bool]) -> World:
    clock = FrozenClock()
    deps = await open_deps(make_settings(), clock, mongo=yielding_mongo(seed))
    account = await deps.services.admin.create_account(
        {
            "name": "Shop",
            "allowed_hosts": ["shop.example.com"],
            "balance_verification": verification,
            "max_failed_attempts": max_attempts,
        }
    )
    merchant = Merchant(account.id, "", "", account)
    sessions = [await open_session(deps, merchant, amount_poisha=a) for a in SESSION_AMOUNTS]
    txs = [
        await pay(deps, merchant, amount_poisha=a, status="confirmed" if c else "unconfirmed")
        for a, c in zip(TX_AMOUNTS, confirmed, strict=True)
    ]
    return World(deps, clock, sessions, txs, max_attempts)


async def run(world: World, op: tuple[Any, ...]) -> tuple[tuple[Any, ...], str]:
    """Perform one operation; its answer: COMPLETED, CANCELLED, an outcome code, or ok."""
    services, name = world.deps.services, op[0]
    try:
        if name in ("claim", "wrong"):
            trx_id = world.txs[op[2]].trx_id if name == "claim" else "WRONG0000"
            req = ClaimRequest(world.sessions[op[1]], trx_id, "bkash")
            return op, (await submit_claim(world.deps, req))["status"]
        if name == "cancel":
            return op, (await services.sessions.cancel(world.sessions[op[1]])).status
        if name == "confirm":
            await services.transactions.confirm(world.txs[op[1]].id)
        elif name == "clock":
            world.clock.advance(seconds=op[1])
        elif name == "relay":
            await services.outbox.relay(2)
        else:
            await SessionSweeper(services.sessions).sweep()
    except ServiceError as err:
        return op, str(err.code)
    return op, "ok"


async def stored(world: World) -> tuple[dict[str, Session | None], list[dict[str, Any]]]:
    docs = {s: await world.deps.stores.sessions.get(s) for s in world.sessions}
    return docs, await world.deps.db["events"].find({}).to_list()


async def check(world: World, answers: list[tuple[tuple[Any, ...], str]]) -> None:
    docs, events = await stored(world)
    per_session = Counter(e["session_id"] for e in events)
    for sid, doc in docs.items():
        assert doc is not None
        owed = bool(doc.event_due)
        if doc.status in sm.TERMINAL:
            assert (owed, per_session[sid]) in {(True, 0), (False, 1)}, (owed, per_session[sid])
        else:
            assert (owed, per_session[sid]) == (False, 0)
    await relay_owed(world.deps)
    docs, events = await stored(world)
    per_session = Counter(e["session_id"] for e in events)
    assert len({e["_id"] for e in events}) == len(events)
    for sid, doc in docs.items():
        assert doc is not None
        before = world.seen.get(sid)
        assert before not in sm.TERMINAL or doc.status == before, "a terminal state changed"
        world.seen[sid] = doc.status
        expected_events = 1 if doc.status in sm.TERMINAL else 0
        assert per_session[sid] == expected_events, (doc.status, per_session[sid])
        assert doc.failed_attempts <= world.max_attempts
    for e in events:
        assert e["payment_status"] == docs[e["session_id"]].status
    for tx in world.txs:
        users = [s for s, d in docs.items() if d and sm.uses(d, tx.id)]
        assert len(users) <= 1, "a transaction used by two sessions"
    for op, answer in answers:
        if op[0] == "claim" and answer == "COMPLETED":
            doc = docs[world.sessions[op[1]]]
            assert doc.status == "COMPLETED" and doc.claim is not None
            assert doc.claim.transaction_id == world.txs[op[2]].id
            assert SESSION_AMOUNTS[op[1]] == TX_AMOUNTS[op[2]]


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**16),
    verification=st.booleans(),
    max_attempts=st.integers(1, 3),
    confirmed=st.lists(st.booleans(), min_size=len(TX_AMOUNTS), max_size=len(TX_AMOUNTS)),
    program=programs,
)
async def test_no_program_of_claims_breaks_an_invariant(
    seed, verification, max_attempts, confirmed, program
):
    world = await build(seed, verification, max_attempts, confirmed)
    try:
        for group in program:
            answers = await asyncio.gather(*(run(world, op) for op in group))
            await check(world, list(answers))
    finally:
        await world.deps.close()
