"""Who the active owners of each account are, in one document per account, so that "the last
active owner cannot be demoted or disabled" is one conditional update, never read-then-write."""

from __future__ import annotations

from typing import Any


class OwnerStore:
    """The `portal_owners` collection: {_id: account id, owners: [user ids]}.

    The list is always a subset of the account's active owners: a user leaves it before their
    role or status changes and joins it after they became an active owner. A crash between the
    two steps leaves an owner unlisted (only stricter), never a listed non-owner."""

    def __init__(self, db: Any) -> None:
        self._coll = db["portal_owners"]

    async def ensure_indexes(self) -> None:
        """Read by _id only."""

    async def add(self, account_id: str, user_id: str) -> None:
        await self._coll.update_one(
            {"_id": account_id}, {"$addToSet": {"owners": user_id}}, upsert=True
        )

    async def remove_unless_last(self, account_id: str, user_id: str) -> bool:
        """Take `user_id` off the list if another owner stays; False when it is the last one.
        A user not on the list (not an active owner) is no one's last owner: True."""
        result = await self._coll.update_one(
            {"_id": account_id, "owners": user_id, "owners.1": {"$exists": True}},
            {"$pull": {"owners": user_id}},
        )
        if result.modified_count:
            return True
        listed: int = await self._coll.count_documents({"_id": account_id, "owners": user_id})
        return listed == 0

    async def owners(self, account_id: str) -> list[str]:
        doc = await self._coll.find_one({"_id": account_id})
        return list(doc.get("owners", [])) if doc else []
