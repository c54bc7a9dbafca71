"""Helpers of the phone part's portal tests: what the database holds, and audit entries."""

from __future__ import annotations

import uuid
from typing import Any

from claimsvc.bootstrap import Deps
from claimsvc.domain.messages import MessageResult, SmsMessage


async def all_documents(deps: Deps) -> list[str]:
    """Every stored document of every collection, as text (to look for a secret in)."""
    found = []
    for name in await deps.db.list_collection_names():
        found += [str(doc) for doc in await deps.db[name].find({}).to_list()]
    return found


async def audit_entries(deps: Deps, action: str) -> list[dict[str, Any]]:
    """The audit log's entries of one action, oldest first."""
    return list(await deps.db["audit_log"].find({"action": action}).sort("at", 1).to_list())


async def store_message(
    deps: Deps, account_id: str, result: str, reason: str | None, text: str | None = None
) -> SmsMessage:
    """A forwarded SMS as the intake stores it and the SMS worker finishes it."""
    now = deps.clock()
    msg = SmsMessage(
        id=f"msg_{uuid.uuid4().hex[:12]}",
        account_id=account_id,
        device_id="dev_x",
        form="generic",
        sender="bKash",
        text=text or f"text {uuid.uuid4().hex}",
        sim_slot=None,
        received_at=now,
        received_at_source="device",
        reported_received_at=now,
        content_key=uuid.uuid4().hex,
        stored_at=now,
    )
    await deps.stores.messages.insert_many([msg])
    await deps.stores.messages.finish(msg.id, MessageResult(result, "bkash", reason), now)
    return msg
