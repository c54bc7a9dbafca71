"""Password hashing with Argon2id (argon2-cffi), off the event loop."""

from __future__ import annotations

import asyncio
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from claimsvc import errors
from claimsvc.domain import passwords


class Passwords:
    """Hash and check passwords; argon2-cffi's defaults are RFC 9106's low-memory profile
    (t=3, m=64 MiB, p=4), and a hash made with other parameters is redone at the next login."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self._hasher = hasher or PasswordHasher()
        self._dummy: str | None = None

    @staticmethod
    def check_policy(password: str, email: str) -> None:
        """PasswordRejected naming the rule `password` breaks, if any."""
        reason = passwords.problem(password, email)
        if reason is not None:
            raise errors.PasswordRejected(reason)

    async def hash(self, password: str) -> str:
        return await asyncio.to_thread(self._hasher.hash, password)

    async def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` matches `stored`. With no stored hash (unknown email, no password
        yet) a dummy hash is checked anyway, so the answer takes as long either way."""
        known = stored is not None
        if stored is None:
            if self._dummy is None:
                self._dummy = await self.hash(secrets.token_urlsafe(16))
            stored = self._dummy
        try:
            matched: bool = await asyncio.to_thread(self._hasher.verify, stored, password)
        except (VerificationError, InvalidHashError):
            return False
        return matched and known

    def needs_rehash(self, stored: str) -> bool:
        return self._hasher.check_needs_rehash(stored)
