"""The memory:// fake answers with AsyncMongoClient's shapes and refuses what it does not offer."""

from __future__ import annotations

import inspect

import pytest
from pymongo import AsyncMongoClient
from pymongo.asynchronous.collection import AsyncCollection
from pymongo.asynchronous.command_cursor import AsyncCommandCursor
from pymongo.asynchronous.cursor import AsyncCursor
from pymongo.asynchronous.database import AsyncDatabase
from pymongo.errors import DuplicateKeyError

from claimsvc.store.memory_mongo import (
    MemoryCollection,
    MemoryCommandCursor,
    MemoryCursor,
    MemoryDatabase,
    MemoryMongoClient,
    NotInFake,
)

PAIRS = [
    (MemoryMongoClient, AsyncMongoClient),
    (MemoryDatabase, AsyncDatabase),
    (MemoryCollection, AsyncCollection),
    (MemoryCursor, AsyncCursor),
    (MemoryCommandCursor, AsyncCommandCursor),
]


def _public(cls: type) -> dict[str, object]:
    return {
        name: value
        for klass in cls.__mro__
        if klass.__module__ == "claimsvc.store.memory_mongo"
        for name, value in vars(klass).items()
        if not name.startswith("_")
    }


@pytest.mark.parametrize(("fake", "real"), PAIRS, ids=lambda c: c.__name__)
def test_every_call_of_the_fake_is_the_drivers_with_the_same_await(fake: type, real: type) -> None:
    """A store written against the fake is written against AsyncMongoClient: each call exists
    there, and is awaited there exactly when it is awaited here."""
    for name, value in _public(fake).items():
        if isinstance(value, property):
            continue
        theirs = getattr(real, name, None)
        assert theirs is not None, f"{real.__name__} has no {name}"
        if isinstance(real.__dict__.get(name), property):
            continue
        assert inspect.iscoroutinefunction(value) == inspect.iscoroutinefunction(theirs), name


async def test_aggregate_is_awaited_and_its_cursor_read() -> None:
    coll = MemoryMongoClient()["db"]["sales"]
    await coll.insert_many([{"_id": i, "shop": i % 2, "poisha": 100 * i} for i in range(1, 5)])
    found = await coll.aggregate([{"$group": {"_id": "$shop", "n": {"$sum": "$poisha"}}}])
    assert sorted((d["_id"], d["n"]) for d in await found.to_list()) == [(0, 600), (1, 400)]


async def test_cursors_read_in_order_by_list_or_by_iteration() -> None:
    coll = MemoryMongoClient()["db"]["rows"]
    await coll.insert_many([{"_id": i} for i in (3, 1, 2)])
    assert await coll.find().sort("_id", 1).to_list(2) == [{"_id": 1}, {"_id": 2}]
    assert [d["_id"] async for d in coll.find().sort("_id", -1).batch_size(1)] == [3, 2, 1]
    cursor = coll.find().sort("_id", 1)
    assert await cursor.to_list(1) == [{"_id": 1}]
    assert await cursor.to_list() == [{"_id": 2}, {"_id": 3}]  # the rest, as a cursor goes on


async def test_to_list_refuses_a_length_below_one_as_the_driver_does() -> None:
    with pytest.raises(ValueError, match="greater than 0"):
        await MemoryMongoClient()["db"]["rows"].find().to_list(0)


async def test_a_unique_index_refuses_a_second_document() -> None:
    coll = MemoryMongoClient()["db"]["keys"]
    await coll.create_index("key", unique=True)
    await coll.insert_one({"key": "k1"})
    with pytest.raises(DuplicateKeyError):
        await coll.insert_one({"key": "k1"})


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.start_session,
        lambda c: c["db"].watch,
        lambda c: c["db"]["x"].bulk_write,
        lambda c: c["db"]["x"].watch,
        lambda c: c["db"]["x"].find_one_and_replace,
        lambda c: c["db"]["x"].find().collation,
    ],
)
def test_a_call_the_fake_does_not_offer_raises_and_names_itself(call) -> None:
    with pytest.raises(NotInFake, match=r"is not offered by the memory:// MongoDB fake"):
        call(MemoryMongoClient())


async def test_only_ping_is_a_database_command() -> None:
    db = MemoryMongoClient()["db"]
    assert await db.command("ping") == {"ok": 1.0}
    with pytest.raises(NotInFake, match="serverStatus"):
        await db.command("serverStatus")


async def test_a_client_keeps_its_data_to_itself_and_closes_awaited() -> None:
    first, second = MemoryMongoClient(), MemoryMongoClient()
    await first["db"]["x"].insert_one({"_id": 1})
    assert await second["db"]["x"].find_one({"_id": 1}) is None
    await first.drop_database("db")
    assert await first["db"]["x"].count_documents({}) == 0
    await first.close()
