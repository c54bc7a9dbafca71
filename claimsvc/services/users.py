"""Portal users of an account: invite, set a password by link, list, roles, disable."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain import users as rules
from claimsvc.domain.portal_sessions import hash_id
from claimsvc.domain.users import User
from claimsvc.services.passwords import Passwords
from claimsvc.store.accounts import AccountStore
from claimsvc.store.mongo import DuplicateKeyError, new_id
from claimsvc.store.portal_sessions import PortalSessionStore
from claimsvc.store.teams import OwnerStore
from claimsvc.store.users import UserStore

INVITE_PATH = "/portal/invite/"


@dataclass(frozen=True)
class Invited:
    """A user with a fresh set-password link; the token is shown once, here, never stored."""

    user: User
    token: str

    def url(self, base_url: str) -> str:
        return f"{base_url.rstrip('/')}{INVITE_PATH}{self.token}"


def not_self(actor_id: str | None, user_id: str) -> None:
    """An owner changes neither their own role nor access, nor makes their own set-password
    link (which would skip the Security page's current-password check): SelfAction. The
    operator (no actor id) may."""
    if actor_id is not None and actor_id == user_id:
        raise errors.SelfAction()


class UserService:
    """The team of an account, as the operator and the account's owners manage it."""

    def __init__(
        self,
        users: UserStore,
        owners: OwnerStore,
        sessions: PortalSessionStore,
        accounts: AccountStore,
        passwords: Passwords,
        clock: Clock,
    ) -> None:
        self._users = users
        self._owners = owners
        self._sessions = sessions
        self._accounts = accounts
        self._passwords = passwords
        self._clock = clock

    async def invite(
        self, account_id: str, email: str, role: str, name: str | None = None
    ) -> Invited:
        """A new user of the account with a set-password link; UserExists for a taken email."""
        if await self._accounts.get(account_id) is None:
            raise errors.NotFound()
        email = rules.normalize_email(email)
        if not rules.valid_email(email) or role not in rules.ROLES:
            raise errors.InvalidBody(details=["email or role is not valid"])
        now = self._clock()
        token = secrets.token_urlsafe(32)
        user = User(
            id=new_id("usr"),
            account_id=account_id,
            email=email,
            role=role,
            name=(name or "").strip()[: rules.NAME_MAX] or None,
            status="invited",
            created_at=now,
            updated_at=now,
            invite_expires_at=now + rules.INVITE_TTL,
        )
        try:
            await self._users.insert(user, hash_id(token))
        except DuplicateKeyError:
            raise errors.UserExists() from None
        return Invited(user, token)

    async def reissue(self, account_id: str, user_id: str, actor_id: str | None = None) -> Invited:
        """A new set-password link for a user (a reset); the previous link stops working.
        Never for `actor_id` itself (see `not_self`)."""
        not_self(actor_id, user_id)
        now, token = self._clock(), secrets.token_urlsafe(32)
        user = await self._users.set_invite(
            user_id, account_id, hash_id(token), now + rules.INVITE_TTL, now
        )
        if user is None:
            raise errors.NotFound()
        return Invited(user, token)

    async def invited(self, token: str) -> User:
        """The user an open link belongs to; InviteInvalid when it is unknown, used or old."""
        user = await self._users.find_invite(hash_id(token), self._clock())
        if user is None:
            raise errors.InviteInvalid()
        return user

    async def accept_invite(self, token: str, password: str) -> User:
        """Set the password through a link, using the link up in the same update; every
        session the user had ends (a reset link is how a forgotten password is replaced)."""
        user = await self.invited(token)
        self._passwords.check_policy(password, user.email)
        hashed = await self._passwords.hash(password)
        done = await self._users.consume_invite(hash_id(token), hashed, self._clock())
        if done is None:
            raise errors.InviteInvalid()
        await self._sessions.delete_user(done.id)
        if done.role == "owner":
            await self._owners.add(done.account_id, done.id)
        return done

    async def of_account(self, account_id: str) -> list[User]:
        return await self._users.of_account(account_id)

    async def get(self, account_id: str, user_id: str) -> User:
        user = await self._users.get(user_id, account_id)
        if user is None:
            raise errors.NotFound()
        return user

    async def set_role(
        self, account_id: str, user_id: str, role: str, actor_id: str | None = None
    ) -> User:
        """Change a user's role; LastOwner when it would leave the account without an active
        owner; SelfAction when `actor_id` (a portal user) names themselves."""
        not_self(actor_id, user_id)
        if role not in rules.ROLES:
            raise errors.InvalidBody(details=["role: must be one of owner, developer, staff"])
        user = await self.get(account_id, user_id)
        if user.role == role:
            return user
        if user.role == "owner" and not await self._owners.remove_unless_last(account_id, user_id):
            raise errors.LastOwner()
        changed = await self._users.update(user_id, account_id, {"role": role}, self._clock())
        if changed is None:
            raise errors.NotFound()
        if changed.role == "owner" and changed.active:
            await self._owners.add(account_id, user_id)
        return changed

    async def disable(self, account_id: str, user_id: str, actor_id: str | None = None) -> User:
        """Disable a user: no sign-in, no link, every session ended. LastOwner for the last
        active owner; SelfAction when `actor_id` (a portal user) names themselves."""
        not_self(actor_id, user_id)
        user = await self.get(account_id, user_id)
        if user.role == "owner" and not await self._owners.remove_unless_last(account_id, user_id):
            raise errors.LastOwner()
        changed = await self._users.update(
            user_id,
            account_id,
            {"status": "disabled"},
            self._clock(),
            unset=("invite_hash", "invite_expires_at"),
        )
        if changed is None:
            raise errors.NotFound()
        await self._sessions.delete_user(user_id)
        return changed
