"""The portal's audit log: entries are only ever inserted, never changed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pymongo import DESCENDING

from claimsvc.domain.audit import AuditEntry
from claimsvc.store.paging import Page, page


class AuditStore:
    """The `audit_log` collection: one document per action, read newest first per account."""

    def __init__(self, db: Any) -> None:
        self._coll = db["audit_log"]

    @staticmethod
    def from_doc(doc: Mapping[str, Any]) -> AuditEntry:
        return AuditEntry(
            id=doc["_id"],
            account_id=doc["account_id"],
            actor_id=doc["actor_id"],
            actor_email=doc["actor_email"],
            action=doc["action"],
            target=doc.get("target"),
            details=dict(doc.get("details") or {}),
            address=doc.get("address"),
            at=doc["at"],
        )

    async def ensure_indexes(self) -> None:
        await self._coll.create_index(
            [("account_id", DESCENDING), ("at", DESCENDING), ("_id", DESCENDING)]
        )

    async def insert(self, entry: AuditEntry) -> None:
        await self._coll.insert_one(
            {
                "_id": entry.id,
                "account_id": entry.account_id,
                "actor_id": entry.actor_id,
                "actor_email": entry.actor_email,
                "action": entry.action,
                "target": entry.target,
                "details": entry.details,
                "address": entry.address,
                "at": entry.at,
            }
        )

    async def page(
        self, account_id: str, cursor: str | None, limit: int | None
    ) -> Page[AuditEntry]:
        """An account's entries, newest first."""
        found = await page(self._coll, {"account_id": account_id}, "at", cursor, limit)
        return found.map(self.from_doc)
