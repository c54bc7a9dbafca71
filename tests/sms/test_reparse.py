"""Re-parsing stored unparsed SMS after a parser update: `POST /admin/v1/messages/reparse` and
`claimsvc admin messages reparse` hand them to the worker's current parsers; payments that
arrived while their wording was unknown complete, in chain order, exactly once."""

from __future__ import annotations

import asyncio

from claimsvc.domain.sms.routing import ParseOutcome, Result, parse_sms
from claimsvc.services.sms import metrics
from tests.api.test_cli_admin import admin_cli  # noqa: F401  (the fixture)
from tests.claims_support import session_doc
from tests.sms.conftest import (
    anchored_merchant,
    bkash_credit,
    claim,
    events_of,
    open_session,
    send,
    stored_messages,
    stream_of,
)

CASH_OUT = (
    "Cash Out Tk 100.00 to 01512345678 successful. Fee Tk 1.85. Balance Tk {balance}. "
    "TrxID {trx} at 22/11/2026 09:01"
)
REPARSE = "/admin/v1/messages/reparse"


def parsers_before_the_update(sender: str, text: str) -> ParseOutcome:
    """The parsers as they were while a bug kept the cash-out wording from being read (an
    unknown wording would be read by its arithmetic at once: tests/sms/test_new_wordings.py)."""
    if text.startswith("Cash Out"):
        return ParseOutcome(Result.UNPARSED, "bkash", None, "parser_error")
    return parse_sms(sender, text)


def latencies_observed() -> float:
    """How many intake-to-final latencies the process has observed."""
    [family] = metrics.INTAKE_TO_FINAL.collect()
    return next(s.value for s in family.samples if s.name.endswith("_count"))


async def results(deps, account_id: str) -> list[tuple[str, str | None]]:
    msgs = sorted(await stored_messages(deps, account_id), key=lambda m: m["received_at"])
    return [(m["result"], m["reason"]) for m in msgs]


async def test_a_debit_of_an_unknown_wording_is_reparsed_and_the_held_payment_completes_once(
    fetch, make_account, make_device, post_sms, drain, deps, sms, monkeypatch
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    session_id = await open_session(fetch, merchant, 500, "order-reparse-1")
    monkeypatch.setattr(sms.pipeline, "_parse", parsers_before_the_update)
    await send(post_sms, device, CASH_OUT.format(balance="898.15", trx="COUT7Y6T5R"), minute=1)
    await send(post_sms, device, bkash_credit("PAYQ1W2E3R", "500.00", "1,398.15"), minute=2)
    await drain()
    assert await results(deps, merchant.id) == [("unparsed", "parser_error"), ("parsed", None)]
    assert (await claim(fetch, merchant, session_id, "PAYQ1W2E3R")).code == 202  # held: a gap

    monkeypatch.setattr(sms.pipeline, "_parse", parse_sms)  # the parser update is deployed
    reply = await fetch(REPARSE, json={"account_id": merchant.id}, admin=True)
    assert (reply.code, reply.json()) == (202, {"requeued": 1, "more": False})
    observed = latencies_observed()
    await drain()
    assert latencies_observed() == observed  # a re-parse is not an intake latency

    assert await results(deps, merchant.id) == [("parsed", None), ("parsed", None)]
    txs = {t["trx_id"]: t["status"] for t in await deps.db["transactions"].find().to_list(None)}
    assert txs == {"COUT7Y6T5R": "confirmed", "PAYQ1W2E3R": "confirmed"}
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"
    assert await events_of(deps, session_id) == ["COMPLETED"]

    again = await fetch(REPARSE, json={}, admin=True)
    assert again.json() == {"requeued": 0, "more": False}
    await drain()
    assert await events_of(deps, session_id) == ["COMPLETED"]
    listed = await fetch(f"/admin/v1/messages?account_id={merchant.id}", admin=True)
    [msg] = [m for m in listed.json()["items"] if m["text"].startswith("Cash")]
    assert (msg["result"], msg["reparses"]) == ("parsed", 1)
    assert msg["reparse_requested_at"] is not None


async def test_a_payment_of_an_unknown_wording_completes_when_claimed_after_the_reparse(
    fetch, make_account, make_device, post_sms, drain, deps, sms, monkeypatch
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    session_id = await open_session(fetch, merchant, 500, "order-reparse-2")
    unknown = bkash_credit("PAYZ9X8C7V", "500.00", "1,500.00")
    monkeypatch.setattr(
        sms.pipeline,
        "_parse",
        lambda sender, text: ParseOutcome(Result.UNPARSED, "bkash", None, "parser_error"),
    )
    await send(post_sms, device, unknown, minute=1)
    await drain()
    refused = await claim(fetch, merchant, session_id, "PAYZ9X8C7V")
    assert refused.code == 400  # no such transaction yet: a failed attempt, the session stays open

    monkeypatch.setattr(sms.pipeline, "_parse", parse_sms)
    reply = await fetch(REPARSE, json={"provider": "bkash"}, admin=True)
    assert reply.json()["requeued"] == 1
    await drain()
    done = await claim(fetch, merchant, session_id, "PAYZ9X8C7V")
    assert (done.code, done.json()["status"]) == (200, "COMPLETED")
    await drain()
    assert await events_of(deps, session_id) == ["COMPLETED"]


async def test_concurrent_reparses_queue_each_message_once_and_the_worker_records_it_once(
    fetch, make_account, make_device, post_sms, drain, deps, sms, monkeypatch
):
    device = await make_device(await make_account())
    monkeypatch.setattr(sms.pipeline, "_parse", parsers_before_the_update)
    for i, balance in enumerate(("898.15", "796.30", "694.45")):
        text = CASH_OUT.format(balance=balance, trx=f"COUT00000{i}")
        await send(post_sms, device, text, minute=i + 1)
    await drain()
    monkeypatch.setattr(sms.pipeline, "_parse", parse_sms)
    replies = await asyncio.gather(*(fetch(REPARSE, json={}, admin=True) for _ in range(4)))
    assert sum(r.json()["requeued"] for r in replies) == 3
    assert await stream_of(deps).length() == 3
    # The worker and one more re-parse at once: nothing is queued or recorded twice.
    await asyncio.gather(drain(), fetch(REPARSE, json={}, admin=True))
    await drain()
    assert await deps.db["transactions"].count_documents({}) == 3
    assert await results(deps, device.account_id) == [("parsed", None)] * 3


async def test_filters_select_what_is_reparsed(
    fetch, make_account, make_device, post_sms, drain, deps, sms, monkeypatch, clock
):
    mine = await make_device(await make_account())
    other = await make_device(await make_account())
    monkeypatch.setattr(sms.pipeline, "_parse", parsers_before_the_update)
    await send(post_sms, mine, CASH_OUT.format(balance="898.15", trx="COUTMINE01"), minute=1)
    await send(post_sms, other, CASH_OUT.format(balance="898.15", trx="COUTOTHER1"), minute=1)
    clock.advance(minutes=30)
    await send(post_sms, other, CASH_OUT.format(balance="796.30", trx="COUTOTHER2"), minute=31)
    await drain()
    since = clock().isoformat()
    body = {"account_id": other.account_id, "since": since, "provider": "bkash", "limit": 5}
    reply = await fetch(REPARSE, json=body, admin=True)
    assert reply.json() == {"requeued": 1, "more": False}
    assert (await fetch(REPARSE, json={"provider": "nagad"}, admin=True)).json()["requeued"] == 0
    limited = await fetch(REPARSE, json={"limit": 1}, admin=True)
    assert limited.json() == {"requeued": 1, "more": True}


async def test_bad_reparse_requests_are_refused_in_the_documented_shape(fetch):
    for body, detail in [
        ({"provider": "paypal"}, "provider: Must be one of"),
        ({"since": "2026-11-21T10:00:00"}, "since: Not a valid aware datetime."),
        ({"limit": 0}, "limit:"),
        ({"account": "acc_1"}, "account: Unknown field."),
    ]:
        reply = await fetch(REPARSE, json=body, admin=True)
        assert reply.code == 400, body
        assert reply.json()["error"] == "Invalid request body"
        assert reply.json()["details"][0].startswith(detail), reply.json()
    assert (await fetch(REPARSE, json={})).code == 401


async def test_the_cli_reparses(
    admin_cli,  # noqa: F811  (the fixture imported above)
    make_account,
    make_device,
    post_sms,
    drain,
    sms,
    monkeypatch,
):
    device = await make_device(await make_account())
    monkeypatch.setattr(sms.pipeline, "_parse", parsers_before_the_update)
    await send(post_sms, device, CASH_OUT.format(balance="898.15", trx="COUTCLI001"), minute=1)
    await drain()
    code, answer = await admin_cli(
        "messages", "reparse", "--account-id", device.account_id, "--limit", "10"
    )
    assert (code, answer) == (0, {"requeued": 1, "more": False})
    code, answer = await admin_cli("messages", "reparse", "--provider", "paypal")
    assert code == 1 and answer["error"] == "Invalid request body"
