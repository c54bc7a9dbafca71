"""X-Forwarded-For and X-Real-Ip are believed only with CLAIMSVC_TRUST_X_FORWARDED_FOR=1.

Untrusted, a client rotating these headers is still one client: it cannot dodge the per-address
buyer limits or pass for several buyers to lock a session (issue 14 sweep).
"""

from __future__ import annotations

import pytest

from claimsvc.settings import Settings
from tests.claims_support import claim_body, open_session, session_doc
from tests.conftest import make_settings

SUBMIT = "/api/v1/checkout/submit"
SPOOFS = [
    {"X-Forwarded-For": "198.51.100.1"},
    {"X-Forwarded-For": "198.51.100.2, 10.0.0.1"},
    {"X-Real-Ip": "198.51.100.3"},
    {"X-Forwarded-For": "2001:db8:9::1"},
    {"X-Forwarded-For": "garbage"},
]


@pytest.fixture(params=[False, True], ids=["untrusted", "trusted"])
def trusted(request: pytest.FixtureRequest) -> bool:
    return bool(request.param)


@pytest.fixture
def settings(trusted: bool) -> Settings:
    return make_settings(trust_forwarded_for=trusted, submit_rate_per_ip=len(SPOOFS) - 1)


async def test_rotating_forwarded_headers_does_not_dodge_the_per_address_limit(
    fetch, make_account, deps, trusted
):
    merchant = await make_account()
    sessions = [await open_session(deps, merchant) for _ in SPOOFS]
    replies = [
        await fetch(SUBMIT, json=claim_body(sid, "WRONG000"), headers=headers)
        for sid, headers in zip(sessions, SPOOFS, strict=True)
    ]
    codes = [r.code for r in replies]
    if trusted:  # the control: five believed addresses, each under its limit
        assert 429 not in codes
    else:
        assert codes[-1] == 429 and replies[-1].json()["error"] == "RATE_LIMITED"


async def test_rotating_forwarded_headers_does_not_make_several_buyers(
    fetch, make_account, deps, trusted
):
    merchant = await make_account(max_failed_attempts=3)
    session_id = await open_session(deps, merchant)
    for headers in SPOOFS[:3]:
        await fetch(SUBMIT, json=claim_body(session_id, "WRONG000"), headers=headers)
    session = await session_doc(deps, session_id)
    # Untrusted: one source (the socket's address), so no lock; trusted: three buyers lock it.
    assert session["status"] == ("FAILED" if trusted else "OPEN")
    assert session["failed_attempts"] == (3 if trusted else 1)
