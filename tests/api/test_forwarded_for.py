"""The client address comes only from the trusted proxy's place in the configured header.

A client may send any X-Real-Ip and prepend any values to X-Forwarded-For; rotating them must
neither dodge a per-address limit (submit, POST /pay/{slug}; sign-in: tests/portal) nor pass for
several buyers (issue 14 sweep, issue 23 finding 2). Values the trusted proxies wrote are
believed: distinct buyers behind the ingress stay distinct.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from claimsvc.settings import Settings
from tests.api.test_pay_pages import make_link, path_of, submit
from tests.claims_support import claim_body, open_session, session_doc
from tests.conftest import make_settings

SUBMIT = "/api/v1/checkout/submit"
BUYER = "203.0.113.9"
"""The address the outermost trusted proxy saw."""
ROTATIONS = 6

# Each way of deploying: trusted hops, the header they write, and the headers one request
# carries when the client chose `spoof` and the buyer's real address is `buyer`.
Headers = Callable[[str, str], dict[str, str]]
PROXIES: dict[str, tuple[int, str, Headers]] = {
    "no-proxy": (
        0,
        "X-Forwarded-For",
        lambda spoof, buyer: {"X-Real-Ip": spoof, "X-Forwarded-For": spoof},
    ),
    "ingress": (
        1,
        "X-Forwarded-For",
        lambda spoof, buyer: {"X-Real-Ip": spoof, "X-Forwarded-For": f"{spoof}, {buyer}"},
    ),
    "balancer-and-ingress": (
        2,
        "X-Forwarded-For",
        lambda spoof, buyer: {
            "X-Real-Ip": spoof,
            "X-Forwarded-For": f"{spoof}, 10.9.9.9, {buyer}, 10.0.0.2",
        },
    ),
    # A proxy that overwrites X-Real-IP: X-Forwarded-For is then the client's to write.
    "x-real-ip": (
        1,
        "X-Real-IP",
        lambda spoof, buyer: {"X-Real-Ip": buyer, "X-Forwarded-For": f"{spoof}, {spoof}"},
    ),
}
Proxy = tuple[int, str, Headers]


@pytest.fixture(params=list(PROXIES))
def proxy(request: pytest.FixtureRequest) -> Proxy:
    return PROXIES[request.param]


@pytest.fixture
def settings(proxy: Proxy) -> Settings:
    return make_settings(
        trusted_proxy_hops=proxy[0],
        client_address_header=proxy[1],
        submit_rate_per_ip=ROTATIONS - 1,
        link_open_rate_per_ip=ROTATIONS - 1,
    )


def spoofed(proxy: Proxy, i: int, buyer: str = BUYER) -> dict[str, str]:
    """Request `i`'s headers: a fresh client-written address, the same real buyer."""
    return proxy[2](f"198.51.100.{i}", buyer)


async def test_rotating_client_written_addresses_does_not_dodge_the_submit_limit(
    fetch, make_account, deps, proxy
):
    merchant = await make_account()
    sessions = [await open_session(deps, merchant) for _ in range(ROTATIONS)]
    replies = [
        await fetch(SUBMIT, json=claim_body(sid, "WRONG000"), headers=spoofed(proxy, i))
        for i, sid in enumerate(sessions)
    ]
    assert [r.json()["error"] for r in replies[:-1]] == ["VERIFICATION_FAILED"] * (ROTATIONS - 1)
    assert replies[-1].code == 429 and replies[-1].json()["error"] == "RATE_LIMITED"


async def test_rotating_client_written_addresses_does_not_dodge_the_pay_page_limit(
    fetch, make_account, proxy
):
    link = await make_link(fetch, await make_account())
    codes = [
        (await submit(fetch, path_of(link), f"{i:016x}", spoofed(proxy, i))).code
        for i in range(ROTATIONS)
    ]
    assert codes == [303] * (ROTATIONS - 1) + [429]


async def test_rotating_client_written_addresses_does_not_make_several_buyers(
    fetch, make_account, deps, proxy
):
    merchant = await make_account(max_failed_attempts=3)
    session_id = await open_session(deps, merchant)
    for i in range(3):
        await fetch(SUBMIT, json=claim_body(session_id, "WRONG000"), headers=spoofed(proxy, i))
    session = await session_doc(deps, session_id)
    assert session["status"] == "OPEN" and session["failed_attempts"] == 1


async def test_buyers_the_trusted_proxy_names_are_distinct(fetch, make_account, deps, proxy):
    hops = proxy[0]
    merchant = await make_account(max_failed_attempts=3)
    session_id = await open_session(deps, merchant)
    for i in range(3):
        headers = spoofed(proxy, 0, buyer=f"192.0.2.{i + 1}")
        await fetch(SUBMIT, json=claim_body(session_id, "WRONG000"), headers=headers)
    session = await session_doc(deps, session_id)
    # Behind trusted proxies three buyers lock the session; without one, it is one socket.
    assert session["status"] == ("FAILED" if hops else "OPEN")
    assert session["failed_attempts"] == (3 if hops else 1)


V6_ROTATIONS = [f"2001:db8:77:1:{i:x}::{i + 1:x}" for i in range(ROTATIONS)]
"""One subscriber's /64, a fresh address in it for each request (issue 23's sweep: the limits
keyed the whole address, so rotating within the /64 escaped them)."""


async def test_rotating_addresses_within_one_ipv6_64_does_not_dodge_the_submit_limit(
    fetch, make_account, deps, proxy
):
    if proxy[0] == 0:
        pytest.skip("without a trusted proxy the socket's peer is the address")
    merchant = await make_account()
    sessions = [await open_session(deps, merchant) for _ in range(ROTATIONS)]
    replies = [
        await fetch(SUBMIT, json=claim_body(sid, "WRONG000"), headers=spoofed(proxy, i, buyer))
        for i, (sid, buyer) in enumerate(zip(sessions, V6_ROTATIONS, strict=True))
    ]
    assert [r.json()["error"] for r in replies[:-1]] == ["VERIFICATION_FAILED"] * (ROTATIONS - 1)
    assert replies[-1].code == 429 and replies[-1].json()["error"] == "RATE_LIMITED"
    other = await open_session(deps, merchant)
    elsewhere = spoofed(proxy, 0, "2001:db8:77:2::1")  # the next /64: another subscriber
    answer = await fetch(SUBMIT, json=claim_body(other, "WRONG000"), headers=elsewhere)
    assert answer.json()["error"] == "VERIFICATION_FAILED"


async def test_rotating_addresses_within_one_ipv6_64_does_not_dodge_the_pay_page_limit(
    fetch, make_account, proxy
):
    if proxy[0] == 0:
        pytest.skip("without a trusted proxy the socket's peer is the address")
    link = await make_link(fetch, await make_account())
    codes = [
        (await submit(fetch, path_of(link), f"{i:016x}", spoofed(proxy, i, buyer))).code
        for i, buyer in enumerate(V6_ROTATIONS)
    ]
    assert codes == [303] * (ROTATIONS - 1) + [429]
