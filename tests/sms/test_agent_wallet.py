"""An agent wallet through the SMS worker and the real pipeline: a commission credited with a
cash-out and a fee taken with a transaction reach the stored transaction, the admin listing and
the balance chain, in exact poisha."""

from __future__ import annotations

from typing import Any

from claimsvc.domain.sms.routing import Direction, ParsedSms, ParseOutcome, Result, parse_sms
from tests.sms.conftest import anchored_merchant, send

# What the parsers make of an agent's SMS (the corpus's expectations for these kinds), so the
# pipeline's handling of commission and fee is tested apart from the wording rules.
AGENT_SMS: dict[str, tuple[str, str, str, int, int, int, int]] = {
    # text -> (kind, direction, TrxID, amount, fee, commission, balance), poisha
    "agent: cash out received 2,000.00 (+8.50)": (
        "cash_out_received",
        "credit",
        "73AB12CD",
        200_000,
        0,
        850,
        5_200_850,
    ),
    "agent: cash in given 5,000.00": (
        "cash_in_given",
        "debit",
        "73AB12CE",
        500_000,
        0,
        0,
        4_700_850,
    ),
    "agent: b2b received 20,000.00": (
        "b2b_received",
        "credit",
        "73AB12CF",
        2_000_000,
        0,
        0,
        6_700_850,
    ),
    "agent: payment 1,200.00": ("payment", "debit", "73AB12D0", 120_000, 0, 0, 6_580_850),
    "agent: b2b sent 15,000.00": ("b2b_sent", "debit", "73AB12D1", 1_500_000, 0, 0, 5_080_850),
    "agent: send money 1,000.00 (fee 5.00)": (
        "send_money",
        "debit",
        "73AB12D2",
        100_000,
        500,
        0,
        4_980_350,
    ),
    "agent: cash out received 785.00 (+3.34)": (
        "cash_out_received",
        "credit",
        "73AB12D3",
        78_500,
        0,
        334,
        5_059_184,
    ),
    # Forged: the commission stated, but a balance that leaves it out.
    "forged: cash out received 3,000.00 (+12.75)": (
        "cash_out_received",
        "credit",
        "FORGED12",
        300_000,
        0,
        1_275,
        5_359_184,
    ),
    "agent: cash out received 1,500.00 (+6.38)": (
        "cash_out_received",
        "credit",
        "73AB12D4",
        150_000,
        0,
        638,
        5_209_822,
    ),
    "agent: cash in given 2,500.00": (
        "cash_in_given",
        "debit",
        "73AB12D5",
        250_000,
        0,
        0,
        4_959_822,
    ),
}


def agent_parser(sender: str, text: str) -> ParseOutcome:
    if text not in AGENT_SMS:
        return parse_sms(sender, text)
    kind, direction, trx, amount, fee, commission, balance = AGENT_SMS[text]
    parsed = ParsedSms(
        provider="nagad",
        kind=kind,  # type: ignore[arg-type]  # a kind value the parsers grow into
        direction=Direction(direction),
        trx_id=trx,
        amount_poisha=amount,
        fee_poisha=fee,
        balance_poisha=balance,
        counterparty="01712345678",
        occurred_at=None,
        commission_poisha=commission,
    )
    return ParseOutcome(Result.PARSED, "nagad", parsed, None)


async def listed(fetch, account_id: str) -> dict[str, dict[str, Any]]:
    reply = await fetch(f"/admin/v1/transactions?account_id={account_id}&limit=50", admin=True)
    return {t["trx_id"]: t for t in reply.json()["items"]}


async def test_an_agent_day_chains_through_the_worker_with_commission_and_fees(
    post_sms, make_account, make_device, deps, drain, fetch, sms, clock, monkeypatch
):
    monkeypatch.setattr(sms.pipeline, "_parse", agent_parser)
    merchant, device = await anchored_merchant(
        fetch, make_account, make_device, balance=50_000, provider="nagad"
    )
    for minute, text in enumerate(AGENT_SMS):
        clock.advance(minutes=6)
        await send(post_sms, device, text, sender="NAGAD", minute=6 * (minute + 1))
    await drain()

    txs = await listed(fetch, merchant.id)
    assert {k: (t["status"], t["status_reason"]) for k, t in txs.items()} == {
        **{trx: ("confirmed", "chained") for _, _, trx, *_ in AGENT_SMS.values()},
        "FORGED12": ("suspect", "never_chains"),
    }
    first = txs["73AB12CD"]
    assert (first["kind"], first["amount"], first["commission"], first["fee"]) == (
        "cash_out_received",
        2000,
        8.5,
        0,
    )
    assert (txs["73AB12D2"]["fee"], txs["73AB12D2"]["commission"]) == (5, 0)
    assert txs["FORGED12"]["balance_gap"] == -12.75  # short by exactly the commission
    stored = await deps.db["transactions"].find_one({"trx_id": "73AB12D3"})
    assert (stored["commission_poisha"], stored["fee_poisha"]) == (334, 0)
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["running"] == 4_959_822


async def test_a_second_sms_with_the_same_trx_id_and_another_commission_is_suspect(
    post_sms, make_account, make_device, deps, drain, sms, monkeypatch
):
    original = "agent: cash out received 2,000.00 (+8.50)"
    doctored = original + ", doctored"
    kind, direction, trx, amount, fee, _, balance = AGENT_SMS[original]
    figures = {**AGENT_SMS, doctored: (kind, direction, trx, amount, fee, 9_999, balance)}
    monkeypatch.setattr("tests.sms.test_agent_wallet.AGENT_SMS", figures)
    monkeypatch.setattr(sms.pipeline, "_parse", agent_parser)
    device = await make_device(await make_account())
    await send(post_sms, device, original, sender="NAGAD", minute=1)
    await send(post_sms, device, doctored, sender="NAGAD", minute=2)
    await drain()
    results = sorted(
        (m["received_at"], m["result"], m["reason"])
        for m in await deps.db["sms_messages"].find().to_list(None)
    )
    assert [r[1:] for r in results] == [("parsed", None), ("suspect", "trx_id_conflict")]
    stored = await deps.db["transactions"].find_one({"trx_id": trx})
    assert stored["commission_poisha"] == 850
