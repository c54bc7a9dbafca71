"""The cost production hashes passwords at (the in-process tests hash at the smallest one,
tests/conftest.py): Argon2id with RFC 9106's low-memory profile, and a stored hash of any other
cost is redone at the next sign-in."""

from __future__ import annotations

import argon2
import pytest

from claimsvc.services.passwords import Passwords


@pytest.fixture(autouse=True)
def cheap_password_hashes() -> None:
    """This module alone sees the production hasher."""


async def test_production_hashes_with_rfc_9106_low_memory_argon2id():
    stored = await Passwords().hash("correct horse battery")
    params = argon2.extract_parameters(stored)
    assert (params.type, params.time_cost, params.memory_cost, params.parallelism) == (
        argon2.Type.ID,
        3,
        64 * 1024,
        4,
    )


async def test_a_hash_of_a_smaller_cost_is_redone():
    cheap = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    assert Passwords().needs_rehash(cheap.hash("correct horse battery"))
