"""UpdateBatcher: concurrent conditional updates become one bulk write, and each caller learns
what it may rely on (True applied, False not, None unknown)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from claimsvc.store.batching import MAX_BATCH, UpdateBatcher


@dataclass
class FakeCollection:
    """Records the commands; `matches` decides which filters match a document."""

    matches: set[int] = field(default_factory=set)
    commands: list[tuple[str, int]] = field(default_factory=list)
    fail: Exception | None = None

    async def update_one(self, query: dict[str, Any], update: dict[str, Any]) -> Any:
        await asyncio.sleep(0)
        self.commands.append(("update_one", 1))
        return SimpleNamespace(modified_count=int(query["_id"] in self.matches))

    async def bulk_write(self, ops: list[Any], ordered: bool) -> Any:
        assert ordered is False
        await asyncio.sleep(0)
        self.commands.append(("bulk_write", len(ops)))
        if self.fail:
            raise self.fail
        return SimpleNamespace(modified_count=sum(op._filter["_id"] in self.matches for op in ops))


async def updates(batcher: UpdateBatcher, ids: range) -> list[bool | None]:
    return list(await asyncio.gather(*(batcher.update({"_id": i}, {"$set": {}}) for i in ids)))


async def test_concurrent_updates_go_as_one_bulk_write_and_all_hear_true():
    coll = FakeCollection(matches=set(range(10)))
    assert await updates(UpdateBatcher(lambda: coll, bulk=True), range(10)) == [True] * 10
    assert coll.commands == [("bulk_write", 10)]


async def test_when_some_updates_did_not_apply_every_caller_hears_unknown():
    coll = FakeCollection(matches=set(range(9)))
    assert await updates(UpdateBatcher(lambda: coll, bulk=True), range(10)) == [None] * 10


async def test_an_update_sent_alone_is_told_exactly():
    coll = FakeCollection(matches=set())
    assert await updates(UpdateBatcher(lambda: coll, bulk=True), range(1)) == [False]
    assert coll.commands == [("update_one", 1)]


async def test_without_bulk_writes_each_caller_is_told_exactly():
    coll = FakeCollection(matches={0, 2})
    assert await updates(UpdateBatcher(lambda: coll, bulk=False), range(3)) == [True, False, True]
    assert coll.commands == [("update_one", 1)] * 3


async def test_a_full_batch_goes_at_once_without_waiting():
    coll = FakeCollection(matches=set(range(MAX_BATCH + 1)))
    batcher = UpdateBatcher(lambda: coll, bulk=True, wait_s=3600)
    first = asyncio.gather(*(batcher.update({"_id": i}, {}) for i in range(MAX_BATCH)))
    assert await asyncio.wait_for(first, 5) == [True] * MAX_BATCH
    assert coll.commands == [("bulk_write", MAX_BATCH)]


async def test_a_failed_write_raises_in_every_caller():
    coll = FakeCollection(matches=set(range(3)), fail=RuntimeError("primary stepped down"))
    batcher = UpdateBatcher(lambda: coll, bulk=True)
    results = await asyncio.gather(
        *(batcher.update({"_id": i}, {}) for i in range(3)), return_exceptions=True
    )
    assert [str(r) for r in results] == ["primary stepped down"] * 3


async def test_a_caller_cancelled_while_waiting_leaves_the_others_write_intact():
    coll = FakeCollection(matches=set(range(3)))
    batcher = UpdateBatcher(lambda: coll, bulk=True, wait_s=0.01)
    calls = [asyncio.create_task(batcher.update({"_id": i}, {})) for i in range(3)]
    await asyncio.sleep(0)
    calls[0].cancel()
    assert await asyncio.gather(*calls[1:]) == [True, True]
    assert coll.commands == [("bulk_write", 3)]
