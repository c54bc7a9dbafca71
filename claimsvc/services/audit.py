"""Recording and reading the portal's audit log."""

from __future__ import annotations

from claimsvc.clock import Clock
from claimsvc.domain.audit import AuditEntry
from claimsvc.domain.paging import BadCursor, is_cursor
from claimsvc.store.audit import AuditStore
from claimsvc.store.mongo import new_id
from claimsvc.store.paging import Page


class AuditService:
    """Who did what in an account's portal, for its owner to read."""

    def __init__(self, store: AuditStore, clock: Clock) -> None:
        self._store = store
        self._clock = clock

    async def record(
        self,
        account_id: str,
        actor_id: str,
        actor_email: str,
        action: str,
        target: str | None = None,
        details: dict[str, str] | None = None,
        address: str | None = None,
    ) -> AuditEntry:
        entry = AuditEntry(
            id=new_id("aud"),
            account_id=account_id,
            actor_id=actor_id,
            actor_email=actor_email,
            action=action,
            target=target,
            details=dict(details or {}),
            address=address,
            at=self._clock(),
        )
        await self._store.insert(entry)
        return entry

    async def page(
        self, account_id: str, cursor: str | None = None, limit: int | None = None
    ) -> Page[AuditEntry]:
        """One page of an account's log, newest first; BadCursor for a cursor we did not write
        (the portal's one 400 for a list)."""
        if cursor and not is_cursor(cursor):
            raise BadCursor(cursor)
        return await self._store.page(account_id, cursor, limit)
