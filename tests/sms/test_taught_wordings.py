"""Wordings a merchant taught, in the SMS worker: the stored message and later ones are read,
never from another sender, never instead of a built-in rule; loaded only when needed."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from claimsvc import errors
from claimsvc.domain.sms.routing import ParseOutcome, Result, parse_sms
from claimsvc.domain.wordings import Marks, Span, clean
from claimsvc.services.wordings import REREAD_BATCH
from claimsvc.store.wordings import WordingStore
from tests.claims_support import session_doc
from tests.sms.conftest import (
    anchored_merchant,
    bkash_credit,
    claim,
    open_session,
    send,
    stored_messages,
)

# Each test runs on the embedded store and on the real wire (SecantusDB).
pytestmark = pytest.mark.wire

NEW = (
    "Money received! Tk {amount} from 01712345678 is in your account. Now you hold "
    "Tk {balance}. TrxID {trx} at 21/11/2026 10:45"
)


def new_credit(trx: str, amount: str, balance: str) -> str:
    return NEW.format(trx=trx, amount=amount, balance=balance)


def marks_of(text: str, kind: str = "received", **values: str) -> Marks:
    text = clean(text)
    spans = {k: Span(text.index(v), text.index(v) + len(v)) for k, v in values.items()}
    return Marks("credit", kind, **spans)


async def message_of(deps: Any, account_id: str, starts: str) -> dict[str, Any]:
    found = [m for m in await stored_messages(deps, account_id) if m["text"].startswith(starts)]
    assert len(found) == 1, found
    return found[0]


async def teach_first(deps: Any, account_id: str, kind: str = "received") -> Any:
    """Teach the new wording from the account's stored message of it (TrxID NEWQ1W2E3R)."""
    msg = await message_of(deps, account_id, "Money received! Tk 500.00")
    m = marks_of(msg["text"], kind, trx="NEWQ1W2E3R", amount="500.00", balance="1,500.00")
    return await deps.services.wordings.teach(account_id, msg["_id"], m, "owner@shop.example")


async def with_new_wording(*fixtures: Any) -> tuple[Any, Any]:
    """An anchored merchant whose phone forwarded one credit in the new wording (unparsed)."""
    fetch, make_account, make_device, post_sms, drain = fixtures
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    await send(post_sms, device, new_credit("NEWQ1W2E3R", "500.00", "1,500.00"), minute=1)
    await drain()
    return merchant, device


async def transactions(deps: Any, account_id: str) -> dict[str, dict[str, Any]]:
    found = await deps.db["transactions"].find({"account_id": account_id}).to_list(None)
    return {t["trx_id"]: t for t in found}


async def test_a_taught_wording_reads_the_stored_message_and_later_ones(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant, device = await with_new_wording(fetch, make_account, make_device, post_sms, drain)
    msg = await message_of(deps, merchant.id, "Money received!")
    assert (msg["result"], msg["reason"]) == ("unparsed", "no_pattern")

    saved = await teach_first(deps, merchant.id)
    assert saved.rereading  # the worker's sweep re-queues the stored message, not the save
    await drain()
    done = await deps.services.wordings.get(saved.id)
    assert (done.rereading, done.reread) == (False, 1)
    txs = await transactions(deps, merchant.id)
    assert txs["NEWQ1W2E3R"]["amount_poisha"] == 50_000
    assert txs["NEWQ1W2E3R"]["balance_poisha"] == 150_000
    assert txs["NEWQ1W2E3R"]["status"] == "confirmed"  # the chain confirmed it
    assert (await message_of(deps, merchant.id, "Money received!"))["result"] == "parsed"

    session_id = await open_session(fetch, merchant, 250, "order-taught-1")
    await send(post_sms, device, new_credit("NEWZ9X8C7V", "250.00", "1,750.00"), minute=5)
    await drain()
    done = await claim(fetch, merchant, session_id, "NEWZ9X8C7V")
    assert (done.code, done.json()["status"]) == (200, "COMPLETED")
    assert (await session_doc(deps, session_id))["status"] == "COMPLETED"


@pytest.mark.parametrize(
    "sender",
    [
        "01712345678",
        "+8801712345678",
        "bK\N{CYRILLIC SMALL LETTER A}sh",
        "bKashNotice",
        "bKash Offer",
        "NAGAD",
        "16216",
    ],
)
async def test_a_taught_wording_never_reads_a_message_from_another_sender(
    fetch, make_account, make_device, post_sms, drain, deps, sender
):
    merchant, device = await with_new_wording(fetch, make_account, make_device, post_sms, drain)
    await teach_first(deps, merchant.id)
    await drain()
    forged = new_credit("FAKE123456", "500.00", "2,000.00")
    await send(post_sms, device, forged, sender=sender, minute=3)
    await drain()
    assert "FAKE123456" not in await transactions(deps, merchant.id)
    [other] = [m for m in await stored_messages(deps, merchant.id) if "FAKE123456" in m["text"]]
    assert other["result"] != "parsed"
    # The same text from the provider's real sender id is read (the test can fail).
    await send(post_sms, device, new_credit("REAL123456", "500.00", "2,000.00"), minute=4)
    await drain()
    assert (await transactions(deps, merchant.id))["REAL123456"]["status"] == "confirmed"


def rules_before_the_update(sender: str, text: str) -> ParseOutcome:
    """The rules as they were while the bKash credit wording was unknown."""
    if text.startswith("You have received"):
        return ParseOutcome(Result.UNPARSED, "bkash", None, "no_pattern")
    return parse_sms(sender, text)


async def test_a_taught_wording_never_changes_how_a_rule_reads_a_message(
    fetch, make_account, make_device, post_sms, drain, deps, sms, monkeypatch
):
    # No anchor: with a running balance the arithmetic would read the message before any wording.
    merchant = await make_account(balance_verification=True)
    device = await make_device(merchant)
    monkeypatch.setattr(sms.pipeline, "_parse", rules_before_the_update)
    known = bkash_credit("OLDQ1W2E3R", "500.00", "1,500.00")
    await send(post_sms, device, known, minute=1)
    await drain()
    msg = await message_of(deps, merchant.id, "You have received")
    # Taught as a cash-in; the rules say "received": once the rule is back, the rule wins.
    m = marks_of(msg["text"], "cash_in", trx="OLDQ1W2E3R", amount="500.00", balance="1,500.00")
    await deps.services.wordings.teach(merchant.id, msg["_id"], m, "owner@shop.example")
    monkeypatch.setattr(sms.pipeline, "_parse", parse_sms)
    await send(post_sms, device, bkash_credit("OLDZ9X8C7V", "100.00", "1,600.00"), minute=2)
    await drain()
    txs = await transactions(deps, merchant.id)
    assert txs["OLDZ9X8C7V"]["kind"] == "received"
    assert txs["OLDQ1W2E3R"]["kind"] == "received"  # re-parsed by the rule, not the wording


async def test_another_account_s_wording_reads_nothing_until_the_operator_makes_it_global(
    fetch, make_account, make_device, post_sms, drain, deps
):
    teacher, teacher_device = await anchored_merchant(fetch, make_account, make_device)
    other, other_device = await anchored_merchant(fetch, make_account, make_device)
    await send(post_sms, teacher_device, new_credit("NEWQ1W2E3R", "500.00", "1,500.00"))
    await send(post_sms, other_device, new_credit("OTHQ1W2E3R", "500.00", "1,500.00"))
    await drain()
    saved = await teach_first(deps, teacher.id)
    await drain()
    assert "OTHQ1W2E3R" not in await transactions(deps, other.id)

    made = await deps.services.wordings.make_global(saved.id)
    assert made.everywhere and made.rereading
    await drain()
    assert (await transactions(deps, other.id))["OTHQ1W2E3R"]["status"] == "confirmed"


async def test_a_removed_wording_reads_no_later_message(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant, device = await with_new_wording(fetch, make_account, make_device, post_sms, drain)
    saved = await teach_first(deps, merchant.id)
    await drain()
    other = await make_account()
    with pytest.raises(errors.NotFound):  # another account cannot remove it
        await deps.services.wordings.remove(saved.id, other.id)
    await deps.services.wordings.remove(saved.id, merchant.id)
    await send(post_sms, device, new_credit("NEWZ9X8C7V", "250.00", "1,750.00"), minute=5)
    await drain()
    txs = await transactions(deps, merchant.id)
    assert "NEWQ1W2E3R" in txs and "NEWZ9X8C7V" not in txs


async def test_a_wording_is_taught_once_per_account_and_only_from_an_unparsed_message(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    await send(post_sms, device, new_credit("NEWQ1W2E3R", "500.00", "1,500.00"), minute=1)
    await send(post_sms, device, bkash_credit("OLDQ1W2E3R", "100.00", "1,600.00"), minute=2)
    await drain()
    await teach_first(deps, merchant.id)
    with pytest.raises(errors.ServiceError) as again:
        await teach_first(deps, merchant.id)  # re-queued, not yet re-read: still unparsed
    assert again.value.status == 409
    parsed = await message_of(deps, merchant.id, "You have received")
    m = marks_of(parsed["text"], trx="OLDQ1W2E3R", amount="100.00", balance="1,600.00")
    with pytest.raises(errors.NotFound):
        await deps.services.wordings.teach(merchant.id, parsed["_id"], m, "x@example.com")
    assert await deps.db["sms_wordings"].count_documents({}) == 1


async def test_bad_marks_are_a_400_with_the_fields_and_store_nothing(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant, _ = await with_new_wording(fetch, make_account, make_device, post_sms, drain)
    msg = await message_of(deps, merchant.id, "Money received!")
    m = marks_of(msg["text"], trx="01712345678", amount="500.00", balance="500.00")
    with pytest.raises(errors.InvalidBody) as caught:
        await deps.services.wordings.preview(merchant.id, msg["_id"], m)
    assert caught.value.details == ["trx: not_trx_id", "balance: overlaps_amount"]
    assert await deps.db["sms_wordings"].count_documents({}) == 0


async def test_when_wordings_cannot_be_loaded_only_the_messages_that_need_them_fail(
    fetch, make_account, make_device, post_sms, drain, deps, monkeypatch
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)

    async def broken(self: WordingStore, account_ids: list[str]) -> list[Any]:
        raise RuntimeError("mongo is away")

    monkeypatch.setattr(WordingStore, "applying_to", broken)
    await send(
        post_sms,
        device,
        new_credit("NEWQ1W2E3R", "500.00", "1,500.00"),
        bkash_credit("OLDQ1W2E3R", "100.00", "1,100.00"),
        minute=1,
    )
    await drain()
    assert "OLDQ1W2E3R" in await transactions(deps, merchant.id)
    new = await message_of(deps, merchant.id, "Money received!")
    assert new["processed_at"] is None  # kept for a retry, not lost as unparsed


async def test_two_owners_teaching_the_same_wording_at_once_store_it_once(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant, _ = await with_new_wording(fetch, make_account, make_device, post_sms, drain)
    done = await asyncio.gather(
        *(teach_first(deps, merchant.id) for _ in range(4)), return_exceptions=True
    )
    assert sum(not isinstance(d, Exception) for d in done) == 1
    assert {getattr(d, "status", None) for d in done if isinstance(d, Exception)} == {409}
    assert await deps.db["sms_wordings"].count_documents({}) == 1


async def test_an_account_holds_a_bounded_number_of_wordings(
    fetch, make_account, make_device, post_sms, drain, deps, monkeypatch
):
    merchant, device = await with_new_wording(fetch, make_account, make_device, post_sms, drain)
    other = "Funds in: Tk 20.00. Bal Tk 1,520.00. TrxID OTHQ1W2E3R"
    await send(post_sms, device, other, minute=2)
    await drain()
    monkeypatch.setattr("claimsvc.services.wordings.MAX_PER_ACCOUNT", 1)
    await teach_first(deps, merchant.id)
    msg = await message_of(deps, merchant.id, "Funds in")
    m = marks_of(other, trx="OTHQ1W2E3R", amount="20.00", balance="1,520.00")
    with pytest.raises(errors.InvalidBody) as caught:
        await deps.services.wordings.teach(merchant.id, msg["_id"], m, "owner@shop.example")
    assert caught.value.details == ["wordings: at most 1"]
    assert await deps.db["sms_wordings"].count_documents({}) == 1


TEN_SLOTS = (
    "Money in Tk 500.00 TrxID ABCDE12345 Balance Tk 900.00 note 1. 2. 3. 4. 5. 6. 7. 8. 9. 10."
)
"""Issue 33's wording: ten generalised numbers each beside a literal dot."""


def attack(i: int) -> str:
    """Issue 33's SMS (`note ` then `1.` forty times and `1 x`), made distinct by `i`."""
    return TEN_SLOTS.split("note ")[0] + "note " + "1." * 40 + f"{i} x"


async def test_adversarial_messages_for_one_account_leave_another_account_s_sms_flowing(
    fetch, make_account, make_device, post_sms, drain, deps
):
    attacker, phone = await anchored_merchant(fetch, make_account, make_device)
    await send(post_sms, phone, TEN_SLOTS, minute=1)
    await drain()
    msg = await message_of(deps, attacker.id, "Money in Tk 500.00")
    m = marks_of(msg["text"], trx="ABCDE12345", amount="500.00", balance="900.00")
    await deps.services.wordings.teach(attacker.id, msg["_id"], m, "owner@attacker.example")
    await drain()
    other, device = await anchored_merchant(fetch, make_account, make_device)

    await send(post_sms, phone, *[attack(i) for i in range(30)], minute=2)
    working = asyncio.create_task(drain())
    # The other account's phone is answered while the worker reads the attacker's messages.
    await asyncio.wait_for(
        send(post_sms, device, bkash_credit("OTHER12345", "200.00", "1,200.00"), minute=3), 5
    )
    await asyncio.wait_for(working, 30)
    await drain()

    assert (await transactions(deps, other.id))["OTHER12345"]["status"] == "confirmed"
    read = [m for m in await stored_messages(deps, attacker.id) if m["text"].endswith(" x")]
    assert len(read) == 30
    assert {m["result"] for m in read} == {"unparsed"}  # no wording reads them: never guessed


async def test_saving_a_wording_with_many_stored_messages_leaves_their_reading_to_the_worker(
    fetch, make_account, make_device, post_sms, drain, deps, sms
):
    """Issue 33: some 210 stored messages were re-queued one by one inside the save."""
    merchant, device = await with_new_wording(fetch, make_account, make_device, post_sms, drain)
    waiting = [new_credit(f"NEW{i:07d}", "1.00", "9,999.00") for i in range(210)]
    for at in range(0, len(waiting), 100):
        await send(post_sms, device, *waiting[at : at + 100], minute=2 + at)
    await drain()
    stored = [m for m in await stored_messages(deps, merchant.id) if m["result"] == "unparsed"]
    assert len(stored) == 211

    saved = await teach_first(deps, merchant.id)
    unchanged = await stored_messages(deps, merchant.id)
    assert all(m["processed_at"] is not None for m in unchanged)  # the save queued nothing
    assert saved.rereading

    await sms.consumer.sweep()  # one sweep: one batch, the rest owed
    partway = await deps.services.wordings.get(saved.id)
    assert (partway.rereading, partway.reread) == (True, REREAD_BATCH)
    await drain()
    done = await deps.services.wordings.get(saved.id)
    assert (done.rereading, done.reread) == (False, 211)
    results = {m["result"] for m in await stored_messages(deps, merchant.id)}
    assert "unparsed" not in results
