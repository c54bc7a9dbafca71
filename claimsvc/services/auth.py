"""Who is calling: API keys resolved to their account, admitted in one Redis script.

A key's hash, id, prefix and account never change, so this process remembers them after the
first MongoDB read. Whether the key is revoked and what the account may do change, so they are
read on every request, from Redis entries the admin service writes through (store/admission.py),
and from MongoDB when an entry is missing or mid-change.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.accounts import AccountTerms, sha256_hex
from claimsvc.domain.modes import LIVE, ledger_id
from claimsvc.metrics import RATE_LIMITED
from claimsvc.store.accounts import AccountStore, ApiKeyStore
from claimsvc.store.admission import (
    ARCHIVED,
    MISS,
    NOT_ACTIVE,
    REVOKED,
    Admission,
    AdmissionStore,
    Fill,
)
from claimsvc.store.admission import RATE_LIMITED as OVER_RATE

KEY_INDEX_SIZE = 10_000
"""Keys this process remembers (about 200 bytes each); the least recently used go first."""


@dataclass(frozen=True)
class KeyRef:
    """The unchanging facts of an API key."""

    key_id: str
    key_prefix: str
    account_id: str
    mode: str = LIVE


@dataclass(frozen=True)
class Caller:
    """A merchant server authenticated by an API key. A test key's `account` carries the id of
    the account's test ledger (domain/modes.py), so everything it opens, reads and claims is
    stored and looked up there, apart from the live records."""

    key_id: str
    key_prefix: str
    account: AccountTerms
    mode: str = LIVE

    @property
    def account_id(self) -> str:
        return self.account.id


@dataclass(frozen=True)
class Admitted:
    """A request let through: who called, its rate headers, and the day outcome (DAY_*)."""

    caller: Caller
    rate_headers: dict[str, str]
    day: int


class AuthService:
    """Resolves `x-api-key` headers and admits the request."""

    def __init__(
        self, keys: ApiKeyStore, accounts: AccountStore, admission: AdmissionStore, clock: Clock
    ) -> None:
        self._keys = keys
        self._accounts = accounts
        self._admission = admission
        self._clock = clock
        self._index: OrderedDict[str, KeyRef] = OrderedDict()

    async def resolve(self, raw_key: str | None) -> KeyRef:
        """The key's unchanging facts: remembered, or read once from MongoDB. 401 if unknown."""
        if not raw_key:
            raise errors.MissingApiKey()
        key_hash = sha256_hex(raw_key.strip())
        ref = self._index.get(key_hash)
        if ref is not None:
            self._index.move_to_end(key_hash)
            return ref
        key = await self._keys.find_by_hash(key_hash)
        if key is None:
            # Not remembered: a key minted a moment later must work at once.
            raise errors.UnauthorizedApiKey()
        ref = KeyRef(key.id, key.prefix, key.account_id, key.mode)
        self._index[key_hash] = ref
        if len(self._index) > KEY_INDEX_SIZE:
            self._index.popitem(last=False)
        return ref

    async def _fill(self, ref: KeyRef) -> Fill:
        """After a miss: the key and its account as MongoDB holds them. 401 if unusable."""
        key = await self._keys.get(ref.key_id)
        if key is None or key.revoked_at is not None:
            raise errors.UnauthorizedApiKey()
        account = await self._accounts.get(ref.account_id)
        if account is None:
            raise errors.UnauthorizedApiKey()
        return Fill("ok", account)

    async def admit(
        self,
        ref: KeyRef,
        endpoint: str,
        *,
        must_pay: bool,
        order_id: str | None = None,
        hosts_digest: str = "",
    ) -> Admitted:
        """Contract §3's checks from the key to the rate limit, in order: 401, 403 (only with
        `must_pay`), 429. With `order_id` also counts the order in today's allowance."""
        now = self._clock()
        kwargs: dict[str, Any] = {"must_pay": must_pay, "order_id": order_id}
        admission = await self._admission.admit(
            ref.account_id, ref.key_id, endpoint, now, hosts_digest=hosts_digest, **kwargs
        )
        if admission.outcome == MISS:
            fill = await self._fill(ref)
            admission = await self._admission.admit(
                ref.account_id,
                ref.key_id,
                endpoint,
                now,
                hosts_digest=hosts_digest,
                fill=fill,
                **kwargs,
            )
        return _admitted(ref, admission)

    async def authenticate(self, raw_key: str | None, endpoint: str) -> Admitted:
        """A key's request to `endpoint` (verify, cancel): 401 or 429, never 403 here."""
        return await self.admit(await self.resolve(raw_key), endpoint, must_pay=False)


def _admitted(ref: KeyRef, admission: Admission) -> Admitted:
    """The admission's answer: the error it stands for, or who is admitted."""
    if admission.outcome == REVOKED:
        raise errors.UnauthorizedApiKey()
    if admission.outcome == NOT_ACTIVE:
        raise errors.VendorNotActive()
    if admission.outcome == ARCHIVED:
        raise errors.BrandArchived()
    assert admission.account is not None and admission.rate is not None
    headers = admission.rate.headers()
    if admission.outcome == OVER_RATE:
        RATE_LIMITED.labels(scope="key").inc()
        error = errors.RateLimited()
        error.headers.update(headers)
        raise error
    account = admission.account
    if ref.mode != LIVE:
        account = replace(account, id=ledger_id(account.id, ref.mode))
    caller = Caller(ref.key_id, ref.key_prefix, account, ref.mode)
    return Admitted(caller, headers, admission.day)
