"""A held payment's Confirm and Not received buttons: the portal's confirmation (one
transition, one webhook, audited with the channel), once, only by a linked user whose role
may confirm, and never from a forwarded copy or an unlinked chat."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests.alerts.test_telegram_alerts import (
    CHAT,
    OTHER_CHAT,
    alert_messages,
    held_claim,
    make_user,
    setup,
)
from tests.claims_support import events_of, session_doc

pytestmark = pytest.mark.wire  # the one-use token and the confirmation on a real server too


def buttons_of(telegram) -> tuple[int, str, str]:
    """(message id, Confirm data, Not received data) of the alert the stand-in delivered."""
    [(message_id, message)] = [(i, m) for i, m in telegram.messages.items() if "reply_markup" in m]
    [[confirm, reject]] = message["reply_markup"]["inline_keyboard"]
    return message_id, confirm["callback_data"], reject["callback_data"]


@dataclass
class Alerted:
    """A held payment's claim, alerted to CHAT: what a test presses and checks."""

    merchant: Any
    session_id: str
    tx: Any
    message_id: int
    confirm: str
    reject: str


async def alerted(deps, fetch, make_account, worker, telegram, role: str = "owner") -> Alerted:
    merchant, _ = await setup(deps, make_account, worker, telegram, role=role)
    session_id, tx = await held_claim(deps, fetch, merchant)
    await worker.run()
    return Alerted(merchant, session_id, tx, *buttons_of(telegram))


async def audit_actions(deps, account_id: str) -> list[tuple[str, dict[str, str]]]:
    page = await deps.services.audit.page(account_id)
    return [(e.action, dict(e.details)) for e in page.items]


async def test_confirm_completes_the_claim_with_one_webhook(
    deps, fetch, make_account, worker, telegram
):
    a = await alerted(deps, fetch, make_account, worker, telegram)
    telegram.user_presses(CHAT, a.message_id, a.confirm)
    await worker.run()
    assert (await session_doc(deps, a.session_id))["status"] == "COMPLETED"
    assert len(await events_of(deps, a.session_id)) == 1
    [answer] = telegram.of("answerCallbackQuery")
    assert answer["text"].startswith(f"✓ {a.tx.trx_id} confirmed; order")
    [edit] = telegram.of("editMessageText")
    assert edit["message_id"] == a.message_id and "reply_markup" not in edit
    assert edit["text"].endswith(answer["text"])
    [(action, details)] = [x for x in await audit_actions(deps, a.merchant.id) if "trans" in x[0]]
    assert action == "transaction.confirm"
    assert details["channel"] == "telegram" and details["session"] == a.session_id


async def test_a_replayed_press_does_nothing(deps, fetch, make_account, worker, telegram):
    a = await alerted(deps, fetch, make_account, worker, telegram)
    telegram.user_presses(CHAT, a.message_id, a.confirm)
    await worker.run()
    telegram.user_presses(CHAT, a.message_id, a.confirm)
    telegram.user_presses(CHAT, a.message_id, a.reject)
    await worker.run()
    answers = [x["text"] for x in telegram.of("answerCallbackQuery")]
    assert answers[1:] == ["This button was used already."] * 2
    assert len(telegram.of("editMessageText")) == 1
    assert len(await events_of(deps, a.session_id)) == 1
    confirms = [x for x in await audit_actions(deps, a.merchant.id) if x[0].startswith("trans")]
    assert len(confirms) == 1


async def test_a_developer_s_chat_gets_the_held_payment_without_buttons(
    deps, fetch, make_account, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram, role="developer")
    session_id, tx = await held_claim(deps, fetch, merchant)
    await worker.run()
    [sent] = alert_messages(telegram)
    assert tx.trx_id in sent["text"]
    assert "reply_markup" not in sent  # a role that may not confirm is offered no Confirm
    assert (await session_doc(deps, session_id))["status"] == "OPEN"


async def test_a_user_whose_role_may_no_longer_confirm_changes_nothing(
    deps, fetch, make_account, worker, telegram
):
    a = await alerted(deps, fetch, make_account, worker, telegram)
    [user] = await deps.services.users.of_account(a.merchant.id)
    await make_user(deps, a.merchant.id, "owner")  # the account keeps an owner
    await deps.services.users.set_role(a.merchant.id, user.id, "developer")
    telegram.user_presses(CHAT, a.message_id, a.confirm)
    await worker.run()
    assert telegram.of("answerCallbackQuery")[0]["text"] == (
        "You may not confirm payments of this shop."
    )
    assert telegram.of("editMessageText") == []
    assert (await session_doc(deps, a.session_id))["status"] == "OPEN"
    assert (await deps.stores.transactions.get(a.tx.id)).status == "held"


async def test_a_forwarded_press_does_nothing_and_leaves_the_button_working(
    deps, fetch, make_account, worker, telegram
):
    a = await alerted(deps, fetch, make_account, worker, telegram)
    # Someone the message was forwarded to presses it in their own chat.
    telegram.user_presses(OTHER_CHAT, a.message_id, a.confirm, chat_id=OTHER_CHAT)
    await worker.run()
    assert (await session_doc(deps, a.session_id))["status"] == "OPEN"
    telegram.user_presses(CHAT, a.message_id, a.confirm)
    await worker.run()
    assert (await session_doc(deps, a.session_id))["status"] == "COMPLETED"


async def test_after_stop_the_chat_gets_nothing_and_its_buttons_do_nothing(
    deps, fetch, make_account, worker, telegram
):
    a = await alerted(deps, fetch, make_account, worker, telegram)
    telegram.user_sends(CHAT, "/stop")
    await worker.run()
    assert telegram.of("sendMessage")[-1]["text"] == "Unlinked: no more alerts here."
    assert await deps.stores.alert_channels.of_account(a.merchant.id) == []
    telegram.user_presses(CHAT, a.message_id, a.confirm)
    await held_claim(deps, fetch, a.merchant)
    await worker.run()
    assert (await session_doc(deps, a.session_id))["status"] == "OPEN"
    assert len(alert_messages(telegram)) == 1


async def test_not_received_changes_nothing_but_is_audited(
    deps, fetch, make_account, worker, telegram
):
    a = await alerted(deps, fetch, make_account, worker, telegram)
    telegram.user_presses(CHAT, a.message_id, a.reject)
    await worker.run()
    assert (await session_doc(deps, a.session_id))["status"] == "OPEN"
    assert (await deps.stores.transactions.get(a.tx.id)).status == "held"
    [edit] = telegram.of("editMessageText")
    assert edit["text"].endswith(f"✗ {a.tx.trx_id} not confirmed; it stays in the portal.")
    actions = [x for x, _ in await audit_actions(deps, a.merchant.id)]
    assert "transaction.not_received" in actions


async def test_pressing_one_payment_of_a_group_keeps_the_others_buttons(
    deps, fetch, make_account, worker, telegram
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    held = dict([await held_claim(deps, fetch, merchant) for _ in range(2)])
    await worker.run()
    [(message_id, message)] = [(i, m) for i, m in telegram.messages.items() if "reply_markup" in m]
    rows = message["reply_markup"]["inline_keyboard"]
    telegram.user_presses(CHAT, message_id, rows[0][0]["callback_data"])
    await worker.run()
    [edit] = telegram.of("editMessageText")
    assert edit["reply_markup"]["inline_keyboard"] == rows[1:]
    pressed = rows[0][0]["text"].split()[-1]
    statuses = {tx.trx_id: (await session_doc(deps, s))["status"] for s, tx in held.items()}
    assert statuses.pop(pressed) == "COMPLETED"
    assert list(statuses.values()) == ["OPEN"]
