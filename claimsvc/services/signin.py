"""Signing in to the portal: passwords, the two-factor step, sessions and signing out."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import known_devices
from claimsvc.domain import portal_sessions as ps
from claimsvc.domain.accounts import Account
from claimsvc.domain.portal_sessions import PortalSession
from claimsvc.domain.signin_limits import wait_minutes
from claimsvc.domain.users import User
from claimsvc.services.audit import AuditService
from claimsvc.services.passwords import Passwords
from claimsvc.services.security import SecurityService
from claimsvc.store.accounts import AccountStore
from claimsvc.store.portal_sessions import PortalSessionStore
from claimsvc.store.signin_limits import BLOCKED, GUARDED, SigninDecision, SigninLimitStore
from claimsvc.store.users import UserStore


def email_hash(email: str) -> str:
    """The name a user's attempt counter carries instead of their email."""
    return hashlib.sha256(email.encode()).hexdigest()


def retry_after(decision: SigninDecision) -> dict[str, str]:
    return {"Retry-After": str(wait_minutes(decision.wait_ms) * 60)}


def refuse_if_blocked(decision: SigninDecision) -> None:
    """SignInLimited when the address's or the (user, address) pair's limit is reached."""
    if decision.outcome == BLOCKED:
        raise errors.SignInLimited(headers=retry_after(decision))


def guarded(decision: SigninDecision) -> errors.SignInGuarded:
    return errors.SignInGuarded(headers=retry_after(decision))


@dataclass(frozen=True)
class Started:
    """A new session: the id for the cookie (never stored) and its record; `device_token`, a
    new known-browser token for its cookie when this sign-in made the browser known."""

    session_id: str
    session: PortalSession
    user: User
    device_token: str | None = None


@dataclass(frozen=True)
class Current:
    """The session a request's cookie names, its user and their account."""

    session: PortalSession
    user: User
    account: Account


class SigninService:
    """Password sign-in, the two-factor code step, and the sessions they open."""

    def __init__(
        self,
        users: UserStore,
        sessions: PortalSessionStore,
        limits: SigninLimitStore,
        accounts: AccountStore,
        passwords: Passwords,
        security: SecurityService,
        audit: AuditService,
        clock: Clock,
    ) -> None:
        self._security = security
        self._users = users
        self._sessions = sessions
        self._limits = limits
        self._accounts = accounts
        self.passwords = passwords
        self._audit = audit
        self._clock = clock

    async def sign_in(
        self,
        email: str,
        password: str,
        address: str,
        code: str | None = None,
        device: str | None = None,
    ) -> Started:
        """Check a password; a session at the code step when the user has two-factor on.

        Past the per-user limit (domain/signin_limits.py) the user is guarded, and every
        refusal is the same SignInGuarded, whatever was wrong. A browser the user signed in
        from (`device`, its known-browser token: domain/known_devices.py) passes with the
        password. A user with two-factor on needs `code` (a TOTP or recovery code typed in the
        same form) with the password. A user without passes from any browser with the right
        password, within GUARDED_PAIR attempts per address (counted before the password is
        checked, so past them even the right one is refused).
        """
        email = email.strip().lower()
        decision = await self._limits.hit_password(email_hash(email), address)
        refuse_if_blocked(decision)
        user = await self._users.by_email(email)
        if decision.outcome == GUARDED and not self._passes_guard(user, device):
            tried = await self._limits.hit_guarded(email_hash(email), address)
            if tried.outcome == BLOCKED:
                raise guarded(tried)
        usable = user is not None and user.active
        stored = user.password_hash if user is not None and usable else None
        if not await self.passwords.verify(stored, password) or user is None:
            if user is not None:
                await self._audit.record(
                    user.account_id, user.id, user.email, "session.refuse_password", address=address
                )
            if decision.outcome == GUARDED:
                raise guarded(decision)
            raise errors.SignInFailed()
        user = await self._rehash(user, password)
        known = known_devices.recognises(user.known_devices, device, self._clock())
        if decision.outcome == GUARDED and not known and user.totp_secret is not None:
            return await self._password_and_code(user, code or "", address, decision, device)
        if user.totp_secret is not None:
            # The counts are cleared by the code step: a right password alone must not give
            # whoever holds it fresh code guesses.
            return await self.open_session(user, ps.CODE)
        # Through the guard (a known browser, or a new one within its address's few tries):
        # the guard keeps holding for everyone else.
        keep_guard = decision.outcome == GUARDED
        return await self._signed_in(user, address, device=device, keep_guard=keep_guard)

    def _passes_guard(self, user: User | None, device: str | None) -> bool:
        """A guarded attempt that spends none of the address's few tries: the user has a second
        factor (the code is checked instead), or the browser is one the user signed in from."""
        if user is None:
            return False
        known = known_devices.recognises(user.known_devices, device, self._clock())
        return known or user.totp_secret is not None

    async def _password_and_code(
        self,
        user: User,
        code: str,
        address: str,
        decision: SigninDecision,
        device: str | None,
    ) -> Started:
        """The right password past the per-user limit: signed in only with a right code."""
        if user.totp_secret is None or not code.strip():
            raise guarded(decision)
        await self._count_code(user, address)
        used = await self._security.accept_code(user, code)
        if used is None:
            await self._audit.record(
                user.account_id, user.id, user.email, "session.refuse_code", address=address
            )
            raise guarded(decision)
        return await self._signed_in(user, address, used, device)

    async def _count_code(self, user: User, address: str) -> None:
        refuse_if_blocked(await self._limits.hit_code(email_hash(user.email), address))

    async def _signed_in(
        self,
        user: User,
        address: str,
        used: str | None = None,
        device: str | None = None,
        keep_guard: bool = False,
    ) -> Started:
        """Both factors (or the only one) checked: counts cleared (the pair's alone with
        `keep_guard`), audited, a full session; the browser made known unless its `device`
        token already is."""
        await self._limits.clear_user(email_hash(user.email), address, keep_guard)
        now, token = self._clock(), None
        if not known_devices.recognises(user.known_devices, device, now):
            token = known_devices.new_token()
            await self._users.remember_device(user.id, known_devices.remembered(token, now))
        if used == "recovery":
            await self._audit.record(
                user.account_id, user.id, user.email, "recovery_code.use", address=address
            )
        await self._audit.record(
            user.account_id, user.id, user.email, "session.open", address=address
        )
        started = await self.open_session(user, ps.FULL)
        return replace(started, device_token=token)

    async def _rehash(self, user: User, password: str) -> User:
        """Store the hash again when the hasher's parameters have changed since."""
        if user.password_hash is None or not self.passwords.needs_rehash(user.password_hash):
            return user
        fresh = await self.passwords.hash(password)
        updated = await self._users.set_password(
            user.id, user.password_hash, fresh, user.password_changed_at or self._clock()
        )
        return updated or user

    async def open_session(self, user: User, stage: str) -> Started:
        """A new session with a new random id (never one the browser brought: fixation)."""
        now = self._clock()
        session_id = ps.new_session_id()
        session = PortalSession(
            id_hash=ps.hash_id(session_id),
            user_id=user.id,
            account_id=user.account_id,
            stage=stage,
            csrf=ps.new_session_id(),
            created_at=now,
            seen_at=now,
            ends_at=ps.ends_at(now, now, stage),
        )
        await self._sessions.insert(session)
        return Started(session_id, session, user)

    async def current(self, session_id: str | None) -> Current | None:
        """The live session `session_id` names with its active user, or None."""
        if not session_id:
            return None
        now = self._clock()
        session = await self._sessions.get(ps.hash_id(session_id), now)
        if session is None:
            return None
        user = await self._users.get(session.user_id, session.account_id)
        account = await self._accounts.get(session.account_id) if user else None
        if user is None or not user.active or account is None:
            return None
        if session.stage == ps.FULL and ps.needs_touch(session.seen_at, now):
            await self._sessions.touch(session.id_hash, now, ps.ends_at(session.created_at, now))
        return Current(session, user, account)

    async def sign_out(self, session_id: str | None) -> bool:
        return bool(session_id) and await self._sessions.delete(ps.hash_id(session_id or ""))

    async def finish_code_step(
        self, current: Current, code: str, address: str, device: str | None = None
    ) -> Started:
        """The two-factor step: a TOTP code (each accepted once) or a recovery code (once each);
        a new session id replaces the half-signed-in one."""
        user = current.user
        await self._count_code(user, address)
        used = await self._security.accept_code(user, code)
        if used is None:
            await self._audit.record(
                user.account_id, user.id, user.email, "session.refuse_code", address=address
            )
            if self._security.just_used(user, code):
                raise errors.CodeUsed()
            raise errors.CodeFailed()
        await self._sessions.delete(current.session.id_hash)
        return await self._signed_in(user, address, used, device)
