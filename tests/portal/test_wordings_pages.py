"""The portal's SMS wordings over HTTP: teaching from a message not understood (choose, preview,
save), roles, CSRF, field errors, another account's messages and wordings, removal, audit."""

from __future__ import annotations

import re
from typing import Any

import pytest

from claimsvc.api.portal.wordings import KIND_WORDS, SLOT_WORDS
from claimsvc.domain.wording_marks import CREDIT_KINDS, DEBIT_KINDS, VALUE_SLOTS
from claimsvc.domain.wordings import CODE, NUM, PHONE, clean
from tests.portal.phone_support import audit_entries, store_message

NEW = (
    "Money received! Tk {amount} from 01712345678 is in your account. Now you hold "
    "Tk {balance}. TrxID {trx} at 21/11/2026 10:45"
)
FIRST = NEW.format(amount="500.00", balance="1,500.00", trx="NEWQ1W2E3R")
SECOND = NEW.format(amount="250.00", balance="1,750.00", trx="NEWZ9X8C7V")


def span(text: str, value: str) -> str:
    at = clean(text).index(value)
    return f"{at}-{at + len(value)}"


def form(message_id: str, action: str = "preview", **changes: str) -> dict[str, str]:
    values = {
        "message": message_id,
        "trx": span(FIRST, "NEWQ1W2E3R"),
        "amount": span(FIRST, "500.00"),
        "fee": "",
        "balance": span(FIRST, "1,500.00"),
        "party": "",
        "kind": "received",
        "action": action,
    }
    return {**values, **changes}


async def shop_with_messages(make_account: Any, deps: Any) -> tuple[Any, Any, Any]:
    shop = await make_account(name="Rahim Store")
    first = await store_message(deps, shop.id, "unparsed", "no_pattern", FIRST)
    second = await store_message(deps, shop.id, "unparsed", "no_pattern", SECOND)
    return shop, first, second


async def test_an_owner_teaches_a_wording_from_a_message_not_understood(
    make_account, make_user, portal, deps
):
    shop, first, second = await shop_with_messages(make_account, deps)
    client = await portal(await make_user(shop))
    listing = await client.get("/portal/transactions")
    assert f'href="/portal/wordings/teach?message={first.id}"' in listing.text

    page = await client.get(f"/portal/wordings/teach?message={first.id}")
    assert page.code == 200
    assert f'<option value="{span(FIRST, "NEWQ1W2E3R")}"' in page.text
    assert "017****5678" in page.text and "01712345678" not in page.text

    preview = await client.post("/portal/wordings/teach", form(first.id))
    assert preview.code == 200
    table = preview.text.split('id="preview"')[1]
    assert "NEWQ1W2E3R" in table and "NEWZ9X8C7V" in table and "৳ 250<" in table
    assert 'value="save"' in preview.text
    assert await deps.db["sms_wordings"].count_documents({}) == 0  # a preview stores nothing

    saved = await client.post("/portal/wordings/teach", form(first.id, "save"), follow=True)
    assert saved.url.endswith("/portal/wordings")
    assert "The wording is saved" in saved.text
    [stored] = await deps.db["sms_wordings"].find().to_list(None)
    assert (stored["account_id"], stored["provider"], stored["kind"]) == (
        shop.id,
        "bkash",
        "received",
    )
    [entry] = await audit_entries(deps, "wording.teach")
    assert entry["target"] == stored["_id"]
    assert entry["details"] == {
        "provider": "bkash",
        "kind": "received",
        "direction": "credit",
        "message": first.id,
    }
    # The SMS worker re-queues the stored messages, never the save; the page says how far.
    for msg in (first, second):
        assert (await deps.stores.messages.get(msg.id)).processed_at is not None
    assert "Reading your stored messages again" in saved.text
    assert await deps.services.wordings.reread_due() == 2
    listed = await client.get("/portal/wordings")
    assert "Stored messages read again: 2." in listed.text
    for msg in (first, second):
        assert (await deps.stores.messages.get(msg.id)).processed_at is None


async def test_a_developer_may_teach_and_staff_may_not(make_account, make_user, portal, deps):
    shop, first, _ = await shop_with_messages(make_account, deps)
    developer = await portal(await make_user(shop, role="developer"))
    assert (await developer.get("/portal/wordings")).code == 200
    done = await developer.post("/portal/wordings/teach", form(first.id, "save"))
    assert done.code == 303
    staff = await portal(await make_user(shop, role="staff"))
    listing = await staff.get("/portal/transactions")
    assert "/portal/wordings/teach" not in listing.text
    assert "/portal/wordings" not in listing.text  # not in the menu either
    assert (await staff.get("/portal/wordings")).code == 403
    assert (await staff.get(f"/portal/wordings/teach?message={first.id}")).code == 403
    refused = await staff.post("/portal/wordings/teach", form(first.id, "save"))
    assert refused.code == 403
    [stored] = await deps.db["sms_wordings"].find().to_list(None)
    assert (await staff.post(f"/portal/wordings/{stored['_id']}/remove")).code == 403
    assert await deps.db["sms_wordings"].count_documents({}) == 1


async def test_without_the_form_token_nothing_is_taught_or_removed(
    make_account, make_user, portal, deps
):
    shop, first, _ = await shop_with_messages(make_account, deps)
    client = await portal(await make_user(shop))
    await client.get(f"/portal/wordings/teach?message={first.id}")
    refused = await client.post("/portal/wordings/teach", form(first.id, "save"), csrf=None)
    assert refused.code == 403
    forged = await client.post("/portal/wordings/teach", form(first.id, "save"), csrf="x" * 43)
    assert forged.code == 403
    assert await deps.db["sms_wordings"].count_documents({}) == 0
    assert await audit_entries(deps, "wording.teach") == []


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"trx": ""}, "trx", "required"),
        ({"trx": "abc"}, "trx", "choose a part of the message"),
        ({"trx": span(FIRST, "01712345678")}, "trx", "not a TrxID of this wallet"),
        ({"amount": span(FIRST, "Money")}, "amount", "not an amount"),
        ({"balance": span(FIRST, "500.00")}, "balance", "the same part is chosen twice"),
        ({"party": "Karim Store"}, "party", "not found in the message"),
        ({"kind": "reversal"}, "kind", "choose what the message is"),
        ({"amount": "9000-9006"}, "amount", "choose a part of the message"),
    ],
)
async def test_bad_choices_are_a_400_naming_the_field(
    make_account, make_user, portal, deps, changes, field, words
):
    shop, first, _ = await shop_with_messages(make_account, deps)
    client = await portal(await make_user(shop))
    await client.get(f"/portal/wordings/teach?message={first.id}")
    for action in ("preview", "save"):
        page = await client.post("/portal/wordings/teach", form(first.id, action, **changes))
        assert page.code == 400, page.text
        assert f'id="wd-{field}-problem">{words}<' in page.text
        assert f'<a href="#wd-{field}">{words}</a>' in page.text
        assert 'role="alert"' in page.text
    assert await deps.db["sms_wordings"].count_documents({}) == 0


async def test_field_errors_are_in_bangla_too(make_account, make_user, portal, deps):
    shop, first, _ = await shop_with_messages(make_account, deps)
    client = await portal(await make_user(shop))
    await client.get(f"/portal/wordings/teach?message={first.id}&lang=bn")
    page = await client.post("/portal/wordings/teach", form(first.id, trx=""))
    assert page.code == 400
    assert 'id="wd-trx-problem">আবশ্যক<' in page.text
    assert "ভাষা শেখান" in page.text


async def test_another_account_s_message_or_a_message_read_cannot_be_taught(
    make_account, make_user, portal, deps
):
    shop, _, _ = await shop_with_messages(make_account, deps)
    _, theirs, _ = await shop_with_messages(make_account, deps)
    read = await store_message(deps, shop.id, "parsed", None, FIRST + " ")
    client = await portal(await make_user(shop))
    for message_id in (theirs.id, read.id, "msg_nope"):
        page = await client.get(f"/portal/wordings/teach?message={message_id}")
        assert page.code == 404
        assert "This message cannot be taught" in page.text
    await client.get("/portal/wordings")
    saved = await client.post("/portal/wordings/teach", form(theirs.id, "save"))
    assert saved.code == 404
    assert await deps.db["sms_wordings"].count_documents({}) == 0


async def test_wordings_are_listed_removed_and_audited(make_account, make_user, portal, deps):
    shop, first, _ = await shop_with_messages(make_account, deps)
    other, theirs, _ = await shop_with_messages(make_account, deps)
    owner = await make_user(shop)
    client = await portal(owner)
    await client.get(f"/portal/wordings/teach?message={first.id}")
    await client.post("/portal/wordings/teach", form(first.id, "save"))
    again = await client.post("/portal/wordings/teach", form(first.id, "save"), follow=True)
    assert "You already taught this wording" in again.text

    their_client = await portal(await make_user(other))
    await their_client.get(f"/portal/wordings/teach?message={theirs.id}")
    await their_client.post("/portal/wordings/teach", form(theirs.id, "save"))
    theirs_id = (await deps.db["sms_wordings"].find_one({"account_id": other.id}))["_id"]
    await deps.services.wordings.make_global(theirs_id)

    page = await client.get("/portal/wordings")
    assert "Wordings shared by the service" in page.text
    mine_id = (await deps.db["sms_wordings"].find_one({"account_id": shop.id}))["_id"]
    assert f'action="/portal/wordings/{mine_id}/remove"' in page.text
    assert f'action="/portal/wordings/{theirs_id}/remove"' not in page.text
    assert re.search(r"Money received! Tk\s*<span class=\"badge\">amount</span>", page.text)

    refused = await client.post(f"/portal/wordings/{theirs_id}/remove", follow=True)
    assert "That wording is not one of yours" in refused.text
    done = await client.post(f"/portal/wordings/{mine_id}/remove", follow=True)
    assert "The wording is removed" in done.text
    assert await deps.db["sms_wordings"].count_documents({}) == 1
    [entry] = await audit_entries(deps, "wording.remove")
    assert (entry["target"], entry["actor_email"]) == (mine_id, owner.email)
    assert entry["details"] == {"provider": "bkash", "kind": "received", "direction": "credit"}


async def test_a_refused_choice_keeps_every_other_choice(make_account, make_user, portal, deps):
    shop, first, _ = await shop_with_messages(make_account, deps)
    client = await portal(await make_user(shop))
    await client.get(f"/portal/wordings/teach?message={first.id}")
    page = await client.post("/portal/wordings/teach", form(first.id, party="Karim Store"))
    assert page.code == 400
    assert f'<option value="{span(FIRST, "NEWQ1W2E3R")}" selected>' in page.text
    assert '<option value="received" selected>' in page.text
    assert 'id="wd-party" name="party" value="Karim Store"' in page.text


async def test_the_preview_counts_what_it_reads_in_words(make_account, make_user, portal, deps):
    shop = await make_account()
    first = await store_message(deps, shop.id, "unparsed", "no_pattern", FIRST)
    client = await portal(await make_user(shop))
    await client.get(f"/portal/wordings/teach?message={first.id}")
    preview = await client.post("/portal/wordings/teach", form(first.id))
    assert "It reads 1 of your stored messages not understood" in preview.text
    assert "Saving it reads it again at once." in preview.text


async def test_removing_a_wording_is_a_form_s_action_and_never_a_page(
    make_account, make_user, portal
):
    client = await portal(await make_user(await make_account()))
    page = await client.get("/portal/wordings/wd_x/remove")
    assert page.code == 405 and "This address only takes a form" in page.text


def test_every_kind_and_slot_of_a_wording_has_words():
    assert set(KIND_WORDS) == {*CREDIT_KINDS, *DEBIT_KINDS}
    assert set(SLOT_WORDS) == {*VALUE_SLOTS, NUM, CODE, PHONE}


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "this message has too many numbers and codes to teach a wording from"),
        ("bn", "এই বার্তায় ভাষা শেখানোর জন্য খুব বেশি সংখ্যা ও কোড আছে"),
    ],
)
async def test_a_wording_with_too_many_slots_is_refused_in_the_portal_s_words(
    make_account, make_user, portal, deps, lang, words
):
    shop = await make_account(name="Rahim Store")
    crowded = FIRST + " note " + " ".join(f"{i}." for i in range(1, 41))
    msg = await store_message(deps, shop.id, "unparsed", "no_pattern", crowded)
    client = await portal(await make_user(shop))
    await client.get(f"/portal/wordings/teach?message={msg.id}&lang={lang}")
    for action in ("preview", "save"):
        page = await client.post("/portal/wordings/teach", form(msg.id, action))
        assert page.code == 400, page.text
        assert f'id="wd-message-problem">{words}<' in page.text
    assert await deps.db["sms_wordings"].count_documents({}) == 0
