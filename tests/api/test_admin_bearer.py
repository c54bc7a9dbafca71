"""The admin API's `Authorization: Bearer` scheme is case-insensitive (RFC 9110 §11.1; issue 23,
finding 8); the token itself is not, and nothing but the exact token passes."""

from __future__ import annotations

import pytest

from tests.conftest import ADMIN_TOKEN

PLATFORM = "/admin/v1/platform"


@pytest.mark.parametrize(
    "value",
    [
        f"bearer {ADMIN_TOKEN}",
        f"BEARER {ADMIN_TOKEN}",
        f"BeArEr {ADMIN_TOKEN}",
        f"Bearer   {ADMIN_TOKEN}",  # 1*SP between scheme and token (§11.4)
    ],
)
async def test_the_scheme_is_accepted_in_any_case(fetch, value):
    reply = await fetch(
        PLATFORM, method="PUT", body='{"maintenance": true}', headers={"Authorization": value}
    )
    assert (reply.code, reply.json()["maintenance"]) == (200, True)


@pytest.mark.parametrize(
    "value",
    [
        f"bearer {ADMIN_TOKEN.upper()}",
        f"bearer {ADMIN_TOKEN}x",
        f"bearer {ADMIN_TOKEN[:-1]}",
        f"bearer{ADMIN_TOKEN}",
        f"bearer\t{ADMIN_TOKEN}",
        f"bearers {ADMIN_TOKEN}",
        f"basic {ADMIN_TOKEN}",
        f" {ADMIN_TOKEN}",
        "bearer ",
        "bearer",
    ],
)
async def test_only_the_exact_token_passes_whatever_the_case_of_the_scheme(fetch, deps, value):
    reply = await fetch(
        PLATFORM, method="PUT", body='{"maintenance": true}', headers={"Authorization": value}
    )
    assert (reply.code, reply.json()) == (401, {"error": "Unauthorized"})
    assert (await deps.services.admin.set_platform({})).maintenance is False
