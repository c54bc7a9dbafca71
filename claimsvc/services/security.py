"""A signed-in user's own security: change password, two-factor on and off, recovery codes."""

from __future__ import annotations

from dataclasses import dataclass

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import totp
from claimsvc.domain.users import User
from claimsvc.services.passwords import Passwords
from claimsvc.store.portal_sessions import PortalSessionStore
from claimsvc.store.users import UserStore


@dataclass(frozen=True)
class Enrolment:
    """A set-up waiting for its first code: shown on the security page until it ends."""

    secret: str
    uri: str
    tries_left: int


class SecurityService:
    """Passwords and two-factor of one user, always checked against what they know now."""

    def __init__(
        self, users: UserStore, sessions: PortalSessionStore, passwords: Passwords, clock: Clock
    ) -> None:
        self._users = users
        self._sessions = sessions
        self._passwords = passwords
        self._clock = clock

    async def _fresh(self, user_id: str) -> User:
        user = await self._users.get(user_id)
        if user is None or not user.active:
            raise errors.NotFound()
        return user

    async def change_password(
        self, user_id: str, keep_session: str, current: str, new: str
    ) -> None:
        """Set a new password after checking the current one; every other session ends."""
        user = await self._fresh(user_id)
        if user.password_hash is None or not await self._passwords.verify(
            user.password_hash, current
        ):
            raise errors.SignInFailed("Wrong current password")
        self._passwords.check_policy(new, user.email)
        fresh = await self._passwords.hash(new)
        if (
            await self._users.set_password(user.id, user.password_hash, fresh, self._clock())
            is None
        ):
            raise errors.SignInFailed("Wrong current password")
        await self._sessions.delete_user(user.id, keep=keep_session)

    async def start_totp(self, user_id: str) -> None:
        """A new secret to set up, waiting for its first code; a live set-up is kept."""
        now = self._clock()
        await self._users.start_totp_pending(
            user_id, totp.new_secret(), now + totp.ENROL_LIFETIME, now
        )

    async def pending_totp(self, user_id: str, email: str) -> Enrolment | None:
        """The set-up waiting for its first code, to show again until it is confirmed, ends
        or is cancelled (the same secret each time, so the app's entry stays right)."""
        pending = await self._users.totp_pending(user_id)
        if pending is None or not pending.live(self._clock()):
            return None
        return Enrolment(
            pending.secret, totp.otpauth_uri(pending.secret, email), pending.tries_left
        )

    async def cancel_totp(self, user_id: str) -> None:
        await self._users.drop_totp_pending(user_id)

    async def confirm_totp(self, user_id: str, code: str) -> list[str]:
        """Turn two-factor on when `code` comes from the pending secret; the recovery codes.
        A wrong code keeps the set-up (EnrolCodeFailed, with the tries left) until its
        ENROL_TRIES-th, which ends it (EnrolmentEnded), as does a set-up past its time."""
        now = self._clock()
        pending = await self._users.totp_pending(user_id)
        if pending is None or not pending.live(now):
            raise errors.EnrolmentEnded()
        step = totp.matching_step(pending.secret, code, now, None)
        if step is None:
            tries = await self._users.count_totp_try(user_id, pending.secret)
            if tries is None or tries >= totp.ENROL_TRIES:
                await self._users.drop_totp_pending(user_id, pending.secret)
                raise errors.EnrolmentEnded()
            raise errors.EnrolCodeFailed(tries_left=totp.ENROL_TRIES - tries)
        codes = totp.new_recovery_codes()
        hashes = [totp.recovery_hash(c) for c in codes]
        if not await self._users.enable_totp(user_id, pending.secret, step, hashes, now):
            raise errors.EnrolmentEnded()
        return codes

    async def accept_code(self, user: User, code: str) -> str | None:
        """ "totp" or "recovery" when `code` is accepted (and now used up), else None."""
        if user.totp_secret is None:
            return None
        step = totp.matching_step(user.totp_secret, code, self._clock(), user.totp_last_step)
        if step is not None:
            return "totp" if await self._users.take_totp_step(user.id, step) else None
        if await self._users.take_recovery_code(user.id, totp.recovery_hash(code)):
            return "recovery"
        return None

    def just_used(self, user: User, code: str) -> bool:
        """Whether `code` is a right code already used (each is accepted once, RFC 6238 §5.2),
        so the page can say to wait for the next one instead of "wrong"."""
        if user.totp_secret is None:
            return False
        return totp.is_spent(user.totp_secret, code, self._clock(), user.totp_last_step)

    async def disable_totp(self, user_id: str, code: str) -> str:
        """Turn two-factor off with a current code or a recovery code; which one was used."""
        used = await self.accept_code(await self._fresh(user_id), code)
        if used is None:
            raise errors.CodeFailed()
        await self._users.disable_totp(user_id, self._clock())
        return used

    async def new_recovery_codes(self, user_id: str, code: str) -> tuple[list[str], str]:
        """Ten new recovery codes (the old ones stop working), after a code; and which kind
        of code was used."""
        used = await self.accept_code(await self._fresh(user_id), code)
        if used is None:
            raise errors.CodeFailed()
        codes = totp.new_recovery_codes()
        await self._users.set_recovery(
            user_id, [totp.recovery_hash(c) for c in codes], self._clock()
        )
        return codes, used
