"""Merchant accounts and their API keys: the only place their documents are read or written."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeVar

from pymongo import ReturnDocument

from claimsvc.domain.accounts import (
    DEFAULT_MAX_FAILED_ATTEMPTS,
    DEFAULT_RATE_PER_MINUTE,
    Account,
    AccountSearch,
    AccountTerms,
    ApiKey,
    ShopWallet,
)
from claimsvc.domain.devices import DEFAULT_QUIET_MINUTES
from claimsvc.domain.modes import LIVE
from claimsvc.domain.platform import Platform
from claimsvc.store.paging import Page, page

T = TypeVar("T", bound=AccountTerms)


def _read_terms(kind: type[T], doc: Mapping[str, Any], **rest: Any) -> T:
    """An account record (`kind`) of the account fields in `doc`, plus `rest`. A field a
    document lacks reads as the default of a new account; an unset or zero rate limit or
    attempt count as its default (as the rules always read them)."""
    return kind(
        id=doc["_id"],
        name=doc["name"],
        status=doc.get("status", AccountTerms.status),
        archived=bool(doc.get("archived", False)),
        allowed_hosts=tuple(doc.get("allowed_hosts") or ()),
        balance_verification=bool(doc.get("balance_verification", False)),
        daily_limit=doc.get("daily_limit"),
        rate_limit_per_minute=int(doc.get("rate_limit_per_minute") or DEFAULT_RATE_PER_MINUTE),
        max_failed_attempts=int(doc.get("max_failed_attempts") or DEFAULT_MAX_FAILED_ATTEMPTS),
        fee_due_poisha=int(doc.get("fee_due_poisha", 0)),
        fee_limit_poisha=doc.get("fee_limit_poisha"),
        wallets=tuple(
            ShopWallet(provider=w["provider"], number=w["number"], kind=w["kind"])
            for w in doc.get("wallets") or ()
        ),
        **rest,
    )


def _wallet_doc(wallet: ShopWallet) -> dict[str, str]:
    return {"provider": wallet.provider, "number": wallet.number, "kind": wallet.kind}


def terms_from_doc(doc: Mapping[str, Any]) -> AccountTerms:
    """What requests need of an account, from its document or from `terms_to_doc`'s form."""
    return _read_terms(AccountTerms, doc)


def terms_to_doc(terms: AccountTerms) -> dict[str, Any]:
    """The account's request fields under their document keys (the form the auth entry keeps
    as JSON, store/admission.py): the same keys, in the same order, as ever."""
    return {
        "_id": terms.id,
        "name": terms.name,
        "status": terms.status,
        "archived": terms.archived,
        "allowed_hosts": list(terms.allowed_hosts),
        "balance_verification": terms.balance_verification,
        "daily_limit": terms.daily_limit,
        "rate_limit_per_minute": terms.rate_limit_per_minute,
        "max_failed_attempts": terms.max_failed_attempts,
        "fee_due_poisha": terms.fee_due_poisha,
        "fee_limit_poisha": terms.fee_limit_poisha,
        "wallets": [_wallet_doc(w) for w in terms.wallets],
    }


SUMMARY_HOUR = "alert_summary_hour"


class AccountStore:
    """The `accounts` collection: one document per merchant account."""

    def __init__(self, db: Any) -> None:
        self._coll = db["accounts"]

    @staticmethod
    def from_doc(doc: Mapping[str, Any]) -> Account:
        return _read_terms(
            Account,
            doc,
            callback_secret=doc.get("callback_secret"),
            previous_callback_secret=doc.get("previous_callback_secret"),
            previous_secret_until=doc.get("previous_secret_until"),
            test_callback_secret=doc.get("test_callback_secret"),
            previous_test_callback_secret=doc.get("previous_test_callback_secret"),
            previous_test_secret_until=doc.get("previous_test_secret_until"),
            phone_quiet_minutes=int(doc.get("phone_quiet_minutes") or DEFAULT_QUIET_MINUTES),
            alert_summary_hour=doc.get(SUMMARY_HOUR),
            alert_summary_from=doc.get("alert_summary_from"),
            created_at=doc["created_at"],
            updated_at=doc["updated_at"],
        )

    @staticmethod
    def to_doc(account: Account) -> dict[str, Any]:
        doc = {
            **terms_to_doc(account),
            "callback_secret": account.callback_secret,
            "created_at": account.created_at,
            "updated_at": account.updated_at,
        }
        if account.previous_callback_secret:  # only during a rotation's grace: no migration
            doc["previous_callback_secret"] = account.previous_callback_secret
            doc["previous_secret_until"] = account.previous_secret_until
        if account.test_callback_secret:  # absent on accounts made before issue 30
            doc["test_callback_secret"] = account.test_callback_secret
        if account.previous_test_callback_secret:
            doc["previous_test_callback_secret"] = account.previous_test_callback_secret
            doc["previous_test_secret_until"] = account.previous_test_secret_until
        if account.phone_quiet_minutes != DEFAULT_QUIET_MINUTES:  # absent: the default
            doc["phone_quiet_minutes"] = account.phone_quiet_minutes
        if account.alert_summary_hour is not None:  # absent: no daily summary
            doc[SUMMARY_HOUR] = account.alert_summary_hour
            doc["alert_summary_from"] = account.alert_summary_from
        return doc

    async def ensure_indexes(self) -> None:
        """Accounts are read by _id, and those with a daily summary on a sparse index; the
        operator's listing pages them newest first, by status or all."""
        await self._coll.create_index(SUMMARY_HOUR, sparse=True)
        await self._coll.create_index([("created_at", -1), ("_id", -1)])
        await self._coll.create_index([("status", 1), ("created_at", -1), ("_id", -1)])

    async def search(
        self, search: AccountSearch, cursor: str | None, limit: int | None
    ) -> Page[Account]:
        """A page of accounts matching `search`, newest first. A name matches by a
        case-insensitive substring: the text is escaped, so the pattern is a literal and its
        match linear in the name."""
        query: dict[str, Any] = {}
        if search.status is not None:
            query["status"] = search.status
        if search.text is not None:
            literal = {"$regex": re.escape(search.text), "$options": "i"}
            query["$or"] = [{"_id": search.text}, {"name": literal}]
        found = await page(self._coll, query, "created_at", cursor, limit)
        return found.map(self.from_doc)

    async def with_summary_hour(self) -> list[Account]:
        """Accounts whose owners picked a daily summary's hour (None when turned off)."""
        docs = await self._coll.find({SUMMARY_HOUR: {"$gte": 0}}).to_list()
        return [self.from_doc(d) for d in docs]

    async def create(self, account_id: str, fields: Mapping[str, Any], now: datetime) -> Account:
        """A new account of the operator's validated `fields` (document keys; the rest at
        their defaults), inserted and answered."""
        account = self.from_doc({**fields, "_id": account_id, "created_at": now, "updated_at": now})
        await self._coll.insert_one(self.to_doc(account))
        return account

    async def get(self, account_id: str) -> Account | None:
        doc = await self._coll.find_one({"_id": account_id})
        return None if doc is None else self.from_doc(doc)

    async def get_many(self, account_ids: list[str]) -> dict[str, Account]:
        """The accounts with these ids, by id."""
        docs = await self._coll.find({"_id": {"$in": account_ids}}).to_list()
        return {doc["_id"]: self.from_doc(doc) for doc in docs}

    async def update(self, account_id: str, fields: Mapping[str, Any]) -> Account | None:
        """Set `fields` (document keys) in one atomic update; the account after it, or None if
        unknown."""
        doc = await self._coll.find_one_and_update(
            {"_id": account_id}, {"$set": dict(fields)}, return_document=ReturnDocument.AFTER
        )
        return None if doc is None else self.from_doc(doc)

    async def give_test_secret(self, account_id: str, secret: str, now: datetime) -> Account | None:
        """Set the test callback secret if the account has none yet (one conditional update:
        of two concurrent callers one sets it, and both get the account with that one); None
        when the account is unknown."""
        doc = await self._coll.find_one_and_update(
            {"_id": account_id, "test_callback_secret": None},
            {"$set": {"test_callback_secret": secret, "updated_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        doc = doc or await self._coll.find_one({"_id": account_id})
        return None if doc is None else self.from_doc(doc)

    async def replace_hosts(
        self, account_id: str, seen: tuple[str, ...], hosts: tuple[str, ...], now: datetime
    ) -> Account | None:
        """Set the allowed hosts to `hosts` if they are still `seen` (one conditional update,
        so two editors cannot lose each other's change); None when they changed meanwhile or
        the account is unknown."""
        doc = await self._coll.find_one_and_update(
            {"_id": account_id, "allowed_hosts": list(seen)},
            {"$set": {"allowed_hosts": list(hosts), "updated_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return None if doc is None else self.from_doc(doc)

    async def add_wallet(
        self, account_id: str, wallet: ShopWallet, most: int, now: datetime
    ) -> Account | None:
        """Append a wallet in one conditional update: None when the account is unknown, already
        lists that provider and number, or lists `most` wallets already."""
        same = {"provider": wallet.provider, "number": wallet.number}
        doc = await self._coll.find_one_and_update(
            {
                "_id": account_id,
                "wallets": {"$not": {"$elemMatch": same}},
                f"wallets.{most - 1}": {"$exists": False},
            },
            {"$push": {"wallets": _wallet_doc(wallet)}, "$set": {"updated_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return None if doc is None else self.from_doc(doc)

    async def remove_wallet(
        self, account_id: str, provider: str, number: str, now: datetime
    ) -> Account | None:
        """Remove a wallet in one conditional update: None when the account does not list it."""
        same = {"provider": provider, "number": number}
        doc = await self._coll.find_one_and_update(
            {"_id": account_id, "wallets": {"$elemMatch": same}},
            {"$pull": {"wallets": same}, "$set": {"updated_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return None if doc is None else self.from_doc(doc)


class ApiKeyStore:
    """The `api_keys` collection: SHA-256 hash and display prefix only, never the key."""

    def __init__(self, db: Any) -> None:
        self._coll = db["api_keys"]

    @staticmethod
    def from_doc(doc: Mapping[str, Any]) -> ApiKey:
        return ApiKey(
            id=doc["_id"],
            account_id=doc["account_id"],
            key_hash=doc["key_hash"],
            prefix=doc["prefix"],
            label=doc.get("label"),
            created_at=doc["created_at"],
            revoked_at=doc.get("revoked_at"),
            last_used_at=doc.get("last_used_at"),
            mode=doc.get("mode") or LIVE,
        )

    @staticmethod
    def to_doc(key: ApiKey) -> dict[str, Any]:
        doc = {
            "_id": key.id,
            "account_id": key.account_id,
            "key_hash": key.key_hash,
            "prefix": key.prefix,
            "label": key.label,
            "created_at": key.created_at,
            "revoked_at": key.revoked_at,
        }
        if key.last_used_at is not None:  # written by record_last_used once seen in use
            doc["last_used_at"] = key.last_used_at
        if key.mode != LIVE:  # live keys' documents are written as they always were
            doc["mode"] = key.mode
        return doc

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("key_hash", unique=True)
        await self._coll.create_index("account_id")

    async def insert(self, key: ApiKey) -> None:
        await self._coll.insert_one(self.to_doc(key))

    async def find_by_hash(self, key_hash: str) -> ApiKey | None:
        doc = await self._coll.find_one({"key_hash": key_hash})
        return None if doc is None else self.from_doc(doc)

    async def get(self, key_id: str) -> ApiKey | None:
        doc = await self._coll.find_one({"_id": key_id})
        return None if doc is None else self.from_doc(doc)

    async def of_account(self, account_id: str) -> list[ApiKey]:
        """Every key of an account, newest first (a handful; no paging)."""
        docs = await self._coll.find({"account_id": account_id}).sort("created_at", -1).to_list()
        return [self.from_doc(doc) for doc in docs]

    async def has_live(self, account_id: str) -> bool:
        """Whether the account holds a key that is not revoked (by the account index)."""
        query = {"account_id": account_id, "revoked_at": None}
        return await self._coll.find_one(query, {"_id": 1}) is not None

    async def account_ids(self) -> list[str]:
        """Every account holding a key (the dev stack's stop; a handful of accounts there)."""
        return [str(v) for v in await self._coll.distinct("account_id")]

    async def record_last_used(self, used: Mapping[str, datetime]) -> None:
        """Keep each key's last use as the admission script saw it; never moves one back."""
        for key_id, at in used.items():
            await self._coll.update_one({"_id": key_id}, {"$max": {"last_used_at": at}})

    async def revoke(self, key_id: str, now: datetime) -> ApiKey | None:
        """Stamp revoked_at once; a second revoke keeps the first time."""
        doc = await self._coll.find_one_and_update(
            {"_id": key_id, "revoked_at": None},
            {"$set": {"revoked_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        doc = doc or await self._coll.find_one({"_id": key_id})
        return None if doc is None else self.from_doc(doc)


class PlatformStore:
    """Platform-wide settings: one document, read by every initialize."""

    _ID = "platform"

    def __init__(self, db: Any, max_age_s: float = 1.0) -> None:
        self._coll = db["platform"]
        self._max_age_s = max_age_s
        self._cached: tuple[float, Platform] | None = None
        # The read that refreshes the copy: every request that finds the copy stale while it
        # runs waits for it instead of sending its own (under load, one read instead of one
        # per request in flight).
        self._refresh: asyncio.Future[Platform] | None = None
        self._generation = 0  # bumped by update: a read begun before it is not kept
        self.monotonic = time.monotonic  # replaceable in tests

    async def ensure_indexes(self) -> None:
        """A single document keyed by _id."""

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> Platform:
        """The settings of the stored document (an absent one, or field, is the default)."""
        return Platform(
            maintenance=bool(doc.get("maintenance", False)),
            daily_limit=doc.get("daily_limit"),
        )

    async def get(self, *, cached: bool = False) -> Platform:
        """The settings; `cached=True` (the hot path) may answer a copy up to max_age_s old."""
        if not cached:
            return await self._read()
        if self._cached and self.monotonic() - self._cached[0] < self._max_age_s:
            return self._cached[1]
        refresh = self._refresh
        if refresh is None or refresh.done():
            refresh = self._refresh = asyncio.ensure_future(self._read())
            refresh.add_done_callback(_retrieved)
        # Shielded: a caller that goes away (client gone) does not cancel the others' read.
        return await asyncio.shield(refresh)

    async def _read(self) -> Platform:
        generation = self._generation
        settings = self.from_doc(await self._coll.find_one({"_id": self._ID}) or {})
        if generation == self._generation:
            self._cached = (self.monotonic(), settings)
        return settings

    async def update(self, fields: dict[str, Any]) -> Platform:
        """Change some settings; this process sees them at once, others within max_age_s."""
        self._generation += 1
        self._cached, self._refresh = None, None
        await self._coll.update_one({"_id": self._ID}, {"$set": fields}, upsert=True)
        self._generation += 1  # a read begun during the write may have seen the old settings
        self._refresh = None
        return await self.get()


def _retrieved(future: asyncio.Future[Any]) -> None:
    """Mark a refresh's error as seen: its waiters get it; none may be left to (all gone)."""
    if not future.cancelled():
        future.exception()
