"""Payment links. The slug is unique; a link changes only by one conditional update (disable,
a single-use link's next attempt), so concurrent requests cannot both win."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pymongo import ReturnDocument

from claimsvc.domain.links import ACTIVE, DISABLED, PaymentLink
from claimsvc.store.paging import Page, page

IDEMPOTENCY_KEY = "idempotency_key"


class LinkStore:
    """The `payment_links` collection."""

    def __init__(self, db: Any) -> None:
        self._coll = db["payment_links"]

    @staticmethod
    def from_doc(doc: dict[str, Any]) -> PaymentLink:
        return PaymentLink(
            id=doc["_id"],
            account_id=doc["account_id"],
            slug=doc["slug"],
            amount_poisha=doc["amount_poisha"],
            description=doc["description"],
            single_use=doc["single_use"],
            status=doc["status"],
            created_at=doc["created_at"],
            order_ref=doc.get("order_ref"),
            expires_at=doc.get("expires_at"),
            webhook_url=doc.get("webhook_url"),
            disabled_at=doc.get("disabled_at"),
            attempt=doc.get("attempt", 1),
            idempotency_key=doc.get(IDEMPOTENCY_KEY),
            idempotency_digest=doc.get("idempotency_digest"),
        )

    @staticmethod
    def to_doc(link: PaymentLink) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "_id": link.id,
            "account_id": link.account_id,
            "slug": link.slug,
            "amount_poisha": link.amount_poisha,
            "description": link.description,
            "single_use": link.single_use,
            "status": link.status,
            "created_at": link.created_at,
            "order_ref": link.order_ref,
            "expires_at": link.expires_at,
            "webhook_url": link.webhook_url,
            "disabled_at": link.disabled_at,
            "attempt": link.attempt,
        }
        if link.idempotency_key is not None:  # absent otherwise: the unique index is sparse
            doc[IDEMPOTENCY_KEY] = link.idempotency_key
            doc["idempotency_digest"] = link.idempotency_digest
        return doc

    def _maybe(self, doc: dict[str, Any] | None) -> PaymentLink | None:
        return None if doc is None else self.from_doc(doc)

    async def ensure_indexes(self) -> None:
        await self._coll.create_index("slug", unique=True)
        await self._coll.create_index([("account_id", 1), ("created_at", -1), ("_id", -1)])
        # One link per (ledger, Idempotency-Key): the key is scoped by the ledger id in its
        # value, and absent from links made without one.
        await self._coll.create_index(IDEMPOTENCY_KEY, unique=True, sparse=True)

    async def insert(self, link: PaymentLink) -> None:
        """Insert a new link; DuplicateKeyError on a (never expected) slug or id collision."""
        await self._coll.insert_one(self.to_doc(link))

    async def by_idempotency_key(self, scope: str) -> PaymentLink | None:
        """The link created with this ledger-scoped key, if it still holds it."""
        return self._maybe(await self._coll.find_one({IDEMPOTENCY_KEY: scope}))

    async def release_idempotency_key(self, link_id: str, scope: str, until: datetime) -> None:
        """Take the key off the link if it was created at or before `until` (its replay window
        has ended), so the key can make a new link; a newer holder is left alone."""
        await self._coll.update_one(
            {"_id": link_id, IDEMPOTENCY_KEY: scope, "created_at": {"$lte": until}},
            {"$unset": {IDEMPOTENCY_KEY: "", "idempotency_digest": ""}},
        )

    async def get(self, account_id: str, link_id: str) -> PaymentLink | None:
        """The account's link; None when unknown or another account's."""
        return self._maybe(await self._coll.find_one({"_id": link_id, "account_id": account_id}))

    async def by_slug(self, slug: str) -> PaymentLink | None:
        return self._maybe(await self._coll.find_one({"slug": slug}))

    async def list(
        self, account_id: str, cursor: str | None, limit: int | None
    ) -> Page[PaymentLink]:
        """The account's links, newest first."""
        found = await page(self._coll, {"account_id": account_id}, "created_at", cursor, limit)
        return found.map(self.from_doc)

    async def disable(self, account_id: str, link_id: str, now: datetime) -> PaymentLink | None:
        """Disable an active link (a disabled one stays as it was); None when unknown."""
        doc = await self._coll.find_one_and_update(
            {"_id": link_id, "account_id": account_id, "status": ACTIVE},
            {"$set": {"status": DISABLED, "disabled_at": now}},
            return_document=ReturnDocument.AFTER,
        )
        return self._maybe(doc) or await self.get(account_id, link_id)

    async def next_attempt(self, link_id: str, attempt: int) -> bool:
        """Move a single-use link from `attempt` to the next; False when another request did
        first (the caller reads the link again)."""
        result = await self._coll.update_one(
            {"_id": link_id, "attempt": attempt}, {"$inc": {"attempt": 1}}
        )
        return bool(result.modified_count)
