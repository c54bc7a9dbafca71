"""Helpers of the phone part's portal tests: what the database holds, and audit entries."""

from __future__ import annotations

from typing import Any

from claimsvc.bootstrap import Deps


async def all_documents(deps: Deps) -> list[str]:
    """Every stored document of every collection, as text (to look for a secret in)."""
    found = []
    for name in await deps.db.list_collection_names():
        found += [str(doc) for doc in await deps.db[name].find({}).to_list()]
    return found


async def audit_entries(deps: Deps, action: str) -> list[dict[str, Any]]:
    """The audit log's entries of one action, oldest first."""
    return list(await deps.db["audit_log"].find({"action": action}).sort("at", 1).to_list())
