"""The merchant reads and redelivers its own webhook events with its API key (issue 31): the
admin API's events, scoped to the key's ledger. Redelivery follows the operator's rule: a dead
or delivered event is queued again (202, same id, the attempt counter continuing), a queued one
is 409, a stopped one is 409 as the admin API answers it; nothing is ever a second event."""

from __future__ import annotations

import pytest

from claimsvc.domain.modes import TEST, ledger_id
from claimsvc.domain.outbox import DEAD, DELIVERED, QUEUED, STOPPED
from tests.worker.factories import record_event

EVENTS = "/api/v1/webhook-events"
NOT_FOUND = {"error": "Event not found"}
HOOK = "https://shop.example.com/webhook"


@pytest.fixture
async def merchant(make_account):
    return await make_account()


async def set_status(deps, event_id: int, status: str, attempts: int = 3) -> None:
    await deps.db["events"].update_one(
        {"_id": event_id}, {"$set": {"status": status, "attempts": attempts}}
    )


async def test_an_event_reads_with_the_contract_fields(fetch, deps, merchant):
    event_id = await record_event(deps, merchant.id, HOOK, order_id="order-e1")
    reply = await fetch(f"{EVENTS}/{event_id}", key=merchant.key)
    assert reply.code == 200, reply.body
    got = reply.json()
    assert set(got) == {
        "id",
        "mode",
        "session_id",
        "order_id",
        "payment_status",
        "status",
        "attempts",
        "next_attempt_at",
        "last_status_code",
        "last_error",
        "stopped_reason",
        "created_at",
        "delivered_at",
    }
    assert (got["id"], got["mode"], got["order_id"]) == (str(event_id), "live", "order-e1")
    assert (got["status"], got["attempts"], got["payment_status"]) == (QUEUED, 0, "COMPLETED")
    assert HOOK.encode() not in reply.body  # never the address or the body


async def test_the_list_pages_newest_first_and_filters(fetch, deps, merchant):
    ids = [await record_event(deps, merchant.id, HOOK, order_id=f"o-{i}") for i in range(3)]
    await set_status(deps, ids[0], DEAD)
    first = (await fetch(f"{EVENTS}?limit=2", key=merchant.key)).json()
    assert [i["id"] for i in first["items"]] == [str(ids[2]), str(ids[1])]
    rest = (await fetch(f"{EVENTS}?limit=2&cursor={first['next_cursor']}", key=merchant.key)).json()
    assert [i["id"] for i in rest["items"]] == [str(ids[0])] and rest["next_cursor"] is None
    dead = (await fetch(f"{EVENTS}?status=dead", key=merchant.key)).json()["items"]
    assert [i["id"] for i in dead] == [str(ids[0])]
    by_order = (await fetch(f"{EVENTS}?order_id=o-1", key=merchant.key)).json()["items"]
    assert [i["id"] for i in by_order] == [str(ids[1])]


async def test_another_account_or_mode_reads_as_unknown(fetch, deps, merchant, make_account):
    event_id = await record_event(deps, merchant.id, HOOK)
    test_event = await record_event(deps, ledger_id(merchant.id, TEST), HOOK)
    other = await make_account()
    test_key = (await deps.services.admin.mint_key(merchant.id, "t", TEST)).secret
    for key, eid in ((other.key, event_id), (test_key, event_id), (merchant.key, test_event)):
        for path, method in ((f"{EVENTS}/{eid}", "GET"), (f"{EVENTS}/{eid}/redeliver", "POST")):
            reply = await fetch(path, key=key, method=method)
            assert (reply.code, reply.json()) == (404, NOT_FOUND)
    listed = (await fetch(EVENTS, key=test_key)).json()["items"]
    assert [(i["id"], i["mode"]) for i in listed] == [(str(test_event), "test")]
    for raw in ("abc", "0", "-1", "99999999999999999999999"):
        reply = await fetch(f"{EVENTS}/{raw}", key=merchant.key)
        assert (reply.code, reply.json()) == (404, NOT_FOUND)


@pytest.mark.parametrize("status", [DEAD, DELIVERED])
async def test_a_dead_or_delivered_event_is_queued_again_with_its_counter(
    fetch, deps, merchant, status
):
    event_id = await record_event(deps, merchant.id, HOOK)
    await set_status(deps, event_id, status, attempts=4)
    reply = await fetch(f"{EVENTS}/{event_id}/redeliver", key=merchant.key, method="POST")
    assert reply.code == 202, reply.body
    got = reply.json()
    assert (got["id"], got["status"], got["attempts"]) == (str(event_id), QUEUED, 4)
    again = await fetch(f"{EVENTS}/{event_id}/redeliver", key=merchant.key, method="POST")
    assert (again.code, again.json()) == (409, {"error": "Event is already queued for delivery"})
    assert await deps.db["events"].count_documents({"account_id": merchant.id}) == 1


async def test_a_queued_or_stopped_event_is_refused(fetch, deps, merchant):
    queued = await record_event(deps, merchant.id, HOOK)
    reply = await fetch(f"{EVENTS}/{queued}/redeliver", key=merchant.key, method="POST")
    assert (reply.code, reply.json()) == (409, {"error": "Event is already queued for delivery"})
    stopped = await record_event(deps, merchant.id, HOOK)
    await set_status(deps, stopped, STOPPED, attempts=0)
    reply = await fetch(f"{EVENTS}/{stopped}/redeliver", key=merchant.key, method="POST")
    assert reply.code == 409
    assert reply.json() == {"error": "Only a dead or delivered event can be redelivered"}


@pytest.mark.parametrize(
    ("query", "detail"),
    [
        ("status=lost", "status: "),
        ("limit=0", "limit: "),
        ("cursor=nope", "cursor: not a valid cursor"),
        ("trx_id=ABCDEF", "trx_id: Unknown field."),
        ("order_id=a&order_id=b", "order_id: given more than once"),
    ],
)
async def test_a_bad_query_is_refused_with_its_reason(fetch, merchant, query, detail):
    reply = await fetch(f"{EVENTS}?{query}", key=merchant.key)
    assert reply.code == 400
    body = reply.json()
    assert body["error"] == "Invalid request"
    assert any(d.startswith(detail) for d in body["details"]), body
