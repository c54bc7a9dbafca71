"""GroupCommit: calls arriving while a group is committed are committed together next."""

from __future__ import annotations

import asyncio

import pytest

from claimsvc.store import batching
from claimsvc.store.batching import GroupCommit


class Recorder:
    """A commit that records each group, answers each item doubled, and can be held open."""

    def __init__(self) -> None:
        self.groups: list[list[int]] = []
        self.hold: asyncio.Event | None = None
        self.fail_next = False

    async def commit(self, items: list[int]) -> list[int]:
        self.groups.append(items)
        if self.hold is not None:
            await self.hold.wait()
        if self.fail_next:
            self.fail_next = False
            raise ConnectionError("store down")
        return [i * 2 for i in items]


async def until(predicate) -> None:
    for _ in range(1000):
        if predicate():
            return
        await asyncio.sleep(0)
    raise AssertionError("never happened")


async def test_a_lone_call_is_committed_at_once_and_alone():
    rec = Recorder()
    group = GroupCommit(rec.commit)
    assert await group.submit(21) == 42
    assert rec.groups == [[21]]


async def test_calls_of_one_loop_turn_share_a_group():
    rec = Recorder()
    group = GroupCommit(rec.commit)
    assert await asyncio.gather(*(group.submit(i) for i in range(5))) == [0, 2, 4, 6, 8]
    assert rec.groups == [[0, 1, 2, 3, 4]]


async def test_calls_arriving_during_a_commit_wait_and_go_together_next():
    rec = Recorder()
    rec.hold = asyncio.Event()
    group = GroupCommit(rec.commit)
    first = asyncio.create_task(group.submit(1))
    await until(lambda: rec.groups == [[1]])
    later = [asyncio.create_task(group.submit(i)) for i in (2, 3, 4)]
    await until(lambda: group.waiting == 3)
    assert not first.done()
    rec.hold.set()
    assert [await t for t in (first, *later)] == [2, 4, 6, 8]
    assert rec.groups == [[1], [2, 3, 4]]


async def test_a_failed_commit_fails_its_group_only():
    rec = Recorder()
    rec.hold = asyncio.Event()
    rec.fail_next = True
    group = GroupCommit(rec.commit)
    failing = [asyncio.create_task(group.submit(i)) for i in (1, 2)]
    await until(lambda: len(rec.groups) == 1)
    next_group = asyncio.create_task(group.submit(3))
    await until(lambda: group.waiting == 1)
    rec.hold.set()
    for task in failing:
        with pytest.raises(ConnectionError, match="store down"):
            await task
    assert await next_group == 6
    assert rec.groups == [[1, 2], [3]]


async def test_a_cancelled_caller_does_not_cancel_its_group():
    rec = Recorder()
    rec.hold = asyncio.Event()
    group = GroupCommit(rec.commit)
    gone = asyncio.create_task(group.submit(1))
    stays = asyncio.create_task(group.submit(2))
    await until(lambda: len(rec.groups) == 1)
    gone.cancel()
    rec.hold.set()
    assert await stays == 4
    with pytest.raises(asyncio.CancelledError):
        await gone
    assert rec.groups == [[1, 2]]  # the cancelled call's item was committed all the same


async def test_a_group_holds_at_most_max_group_calls(monkeypatch):
    monkeypatch.setattr(batching, "MAX_GROUP", 3)
    rec = Recorder()
    group = GroupCommit(rec.commit)
    assert await asyncio.gather(*(group.submit(i) for i in range(7))) == [i * 2 for i in range(7)]
    assert rec.groups == [[0, 1, 2], [3, 4, 5], [6]]


async def test_calls_after_an_idle_spell_start_a_new_group():
    rec = Recorder()
    group = GroupCommit(rec.commit)
    assert await group.submit(1) == 2
    await asyncio.sleep(0)
    assert await group.submit(2) == 4
    assert rec.groups == [[1], [2]]
