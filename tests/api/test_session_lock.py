"""Someone who knows a session id cannot lock it against the buyer paying it (issue 14).

docs/decisions.md, "Locking a session": failed submits count per client source (an IPv4
address, or an IPv6 /64); a source that reaches `max_failed_attempts` gets TOO_MANY_ATTEMPTS on
every later claim, while the session locks (FAILED, one webhook) only when that many distinct
sources failed on it, or the merchant's verify calls failed that many times.
"""

from __future__ import annotations

from typing import Any

import pytest

from claimsvc.domain.addresses import client_source
from claimsvc.settings import Settings
from tests.claims_support import claim_body, events_of, open_session, outcome, pay, session_doc
from tests.conftest import make_settings

SUBMIT = "/api/v1/checkout/submit"
ATTACKER = "198.51.100.66"
BUYER = "203.0.113.7"


@pytest.fixture
def settings() -> Settings:
    return make_settings(trusted_proxy_hops=1)


async def submit(fetch: Any, session_id: str, trx_id: str, address: str) -> Any:
    body = claim_body(session_id, trx_id)
    return await fetch(SUBMIT, json=body, headers={"X-Forwarded-For": address})


async def test_one_address_cannot_lock_a_session_that_another_buyer_then_pays(
    fetch, make_account, deps
):
    merchant = await make_account(max_failed_attempts=5)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    tries = [await submit(fetch, session_id, f"WRONG{i}00", ATTACKER) for i in range(7)]
    assert [r.code for r in tries] == [400, 400, 400, 400, 429, 429, 429]
    assert tries[4].json() == outcome("TOO_MANY_ATTEMPTS")
    # Even the right TrxID is refused from the address that used up its attempts...
    guessed = await submit(fetch, session_id, tx.trx_id, ATTACKER)
    assert (guessed.code, guessed.json()) == (429, outcome("TOO_MANY_ATTEMPTS"))
    session = await session_doc(deps, session_id)
    assert (session["status"], session["failed_attempts"]) == ("OPEN", 1)
    assert await events_of(deps, session_id) == []
    # ...while the buyer paying the session completes it.
    paid = await submit(fetch, session_id, tx.trx_id, BUYER)
    assert (paid.code, paid.json()["status"]) == (200, "COMPLETED")


async def test_failures_from_distinct_addresses_lock_the_session_as_interface_md_says(
    fetch, make_account, deps
):
    merchant = await make_account(max_failed_attempts=3)
    session_id = await open_session(deps, merchant)
    tx = await pay(deps, merchant)
    codes = [(await submit(fetch, session_id, "WRONG000", f"198.51.100.{i}")).code for i in (1, 2)]
    again = await submit(fetch, session_id, "WRONG001", "198.51.100.1")  # a repeat: not counted
    last = await submit(fetch, session_id, "WRONG000", "198.51.100.3")
    later = await submit(fetch, session_id, tx.trx_id, BUYER)
    assert (codes, again.code, last.code) == ([400, 400], 400, 429)
    assert (later.code, later.json()) == (429, outcome("TOO_MANY_ATTEMPTS"))
    session = await session_doc(deps, session_id)
    assert (session["status"], session["failed_attempts"]) == ("FAILED", 3)
    assert [e["payment_status"] for e in await events_of(deps, session_id)] == ["FAILED"]


async def test_addresses_of_one_ipv6_64_count_as_one_source(fetch, make_account, deps):
    merchant = await make_account(max_failed_attempts=3)
    session_id = await open_session(deps, merchant)
    for i in range(1, 6):
        await submit(fetch, session_id, "WRONG000", f"2001:db8:1:2::{i:x}")
    session = await session_doc(deps, session_id)
    assert (session["status"], session["failed_attempts"]) == ("OPEN", 1)


async def test_the_merchants_verify_failures_each_count(fetch, make_account, deps):
    merchant = await make_account(max_failed_attempts=2)
    session_id = await open_session(deps, merchant)
    replies = [
        await fetch(
            "/api/v1/checkout/verify", json=claim_body(session_id, "WRONG000"), key=merchant.key
        )
        for _ in range(2)
    ]
    assert [r.code for r in replies] == [400, 429]
    assert (await session_doc(deps, session_id))["status"] == "FAILED"


async def test_the_session_keeps_no_client_address(fetch, make_account, deps):
    merchant = await make_account()
    session_id = await open_session(deps, merchant)
    await submit(fetch, session_id, "WRONG000", ATTACKER)
    session = await session_doc(deps, session_id)
    assert list(session["failed_sources"]) == [client_source(ATTACKER)]
    assert ATTACKER not in repr(session)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", True),
        ("2001:db8:1:2::1", "2001:db8:1:3::1", False),
        ("::ffff:198.51.100.1", "198.51.100.1", True),
        ("198.51.100.1", "198.51.100.2", False),
        (None, "not an address", True),
    ],
)
def test_client_sources(a, b, same):
    assert (client_source(a) == client_source(b)) is same
