"""An agent wallet's day in real wordings (tests/data/sms corpus shapes, numbers of our own that
chain), through the real parsers, the SMS worker and the balance chain: every credit confirmed,
a forged credit flagged, a buyer's Cash Out claim completed once.

The same chain arithmetic is tested without the parsers in tests/sms/test_agent_wallet.py and
tests/unit/test_balance_agent_day.py.
"""

from __future__ import annotations

from tests.sms.conftest import anchored_merchant, claim, events_of, open_session, send

# (minute the phone received it, text); the wallet opens at 1,000.00.
BKASH_DAY = [
    (
        5,
        "Cash Out Tk 785.00 from 01711234501 successful. Fee Tk 0.00. Balance Tk 1,785.00. "
        "TrxID AB24KLMH6Q at 22/11/2026 09:05",
    ),
    (
        20,
        "Cash In Tk 500.00 to 01812345602 successful. Fee Tk 0.00. Balance Tk 1,285.00. "
        "TrxID AC829MTZQE at 22/11/2026 09:20",
    ),
    (
        40,
        "You have received Tk 2,000.00 from 01712345603. Fee Tk 0.00. Balance Tk 3,285.00. "
        "TrxID ACA8CKMVZ4 at 22/11/2026 09:40",
    ),
    (
        65,
        "B2B Transfer Tk 1,200.00 to 01712345603 successful. Fee Tk 0.00. Balance Tk 2,085.00. "
        "TrxID ACD7KJDL8P at 22/11/2026 10:05",
    ),
    (
        90,
        "Payment Tk 100.00 to NOOR TRADERS LTD-RM61234 is successful. Balance Tk 1,985.00. "
        "TrxID DG705TQZHN at 22/11/2026 10:30",
    ),
    (
        100,
        "Cash Out Tk 2,000.00 from 01711234508 successful. Fee Tk 0.00. Balance Tk 9,985.00. "
        "TrxID FORGED7Q2W at 22/11/2026 10:40",
    ),  # forged: the balance is a guess
    (
        110,
        "Cash Out Tk 1,000.00 from 01711234509 successful. Fee Tk 0.00. Balance Tk 2,985.00. "
        "TrxID AB24KLMH7R at 22/11/2026 10:50",
    ),
    (
        140,
        "Cash In Tk 300.00 to 01812345610 successful. Fee Tk 0.00. Balance Tk 2,685.00. "
        "TrxID AC829MTZQF at 22/11/2026 11:20",
    ),
]

ROCKET_DAY = [
    (
        8,
        "B2C: Cash-Out from A/C: 017123456781 Tk500.00 Comm:Tk2.10; A/C Balance: Tk1,502.10."
        "TxnId: 3478851612 Date:22-NOV-26 09:08:31 am. Download https://bit.ly/nexuspay",
    ),
    (
        30,
        "B2B: Cash-In from A/C: 019123456782 Tk5,000.00, Your A/C Balance: Tk6,502.10."
        "TxnId: 3512345688 Date:22-NOV-26 09:30:41 am.",
    ),
    (
        53,
        "Cash-Out from A/C: ***318 Tk2,009.00 Comm:Tk8.43; A/C Balance: Tk8,519.53."
        "TxnId: 6017463135 Date:22-NOV-26 09:53:00 am. Download https://bit.ly/nexuspay",
    ),
    (
        80,
        "B2B: Cash-Out to A/C: 019123456782 Tk3,000.00, Your A/C Balance: Tk5,519.53."
        "TxnId: 3512345670 Date:22-NOV-26 10:20:05 am.",
    ),
    # Forged: states the commission, but a balance without it (6,523.73 would be right).
    (
        90,
        "B2C: Cash-Out from A/C: 017123456785 Tk1,000.00 Comm:Tk4.20; A/C Balance: Tk6,519.53."
        "TxnId: 3512349999 Date:22-NOV-26 10:30:00 am. Download https://bit.ly/nexuspay",
    ),
    (
        105,
        "B2C: Cash-Out from A/C: 017123456781 Tk700.00 Comm:Tk2.94; A/C Balance: Tk6,222.47."
        "TxnId: 3478851699 Date:22-NOV-26 10:45:12 am. Download https://bit.ly/nexuspay",
    ),
]

# Nagad agent ("Uddokta") wordings as quoted in a public agent balance manager (code search
# index file id 36153920709, the comments above its NAGAD branches); the first arrives with its
# line breaks lost, as that comment shows it. Cash In (a debit with "Comm:") is left out: no
# public pair of SMS shows whether its commission is in the stated balance (decisions.md).
NAGAD_DAY = [
    (
        6,
        "Cash Out Received.Amount: Tk 2100.00Customer: 01712345604TxnID: 71NHMIC5"
        "Comm: Tk 8.61Balance: Tk 3108.6122/11/2026 09:06",
    ),
    (
        25,
        "B2B Received. Amount: Tk 3000.00 Sender: 01812345605 TxnID: 71R9OL1C "
        "Balance: Tk 6108.61 22/11/2026 09:25",
    ),
    (
        50,
        "Cash Out Received.\nAmount: Tk 1500.00\nCustomer: 01712345606\nTxnID: 71NHMJ7K\n"
        "Comm: Tk 6.15\nBalance: Tk 7614.76\n22/11/2026 09:50",
    ),
    (
        70,
        "B2B Transfer Successful. Amount: Tk 4000.00 Receiver: 01812345605 TxnID: 71R9VMKW "
        "Balance: Tk 3614.76 22/11/2026 10:10",
    ),
    # Forged: a guessed balance.
    (
        80,
        "Cash Out Received.\nAmount: Tk 5000.00\nCustomer: 01712345607\nTxnID: 71FAKE99\n"
        "Comm: Tk 20.50\nBalance: Tk 9000.00\n22/11/2026 10:20",
    ),
    (
        95,
        "Cash Out Received.\nAmount: Tk 800.00\nCustomer: 01712345608\nTxnID: 71NHMK2P\n"
        "Comm: Tk 3.28\nBalance: Tk 4418.04\n22/11/2026 10:35",
    ),
]


async def send_day(post_sms, device, clock, day, sender: str) -> None:
    """Each message at its minute of the day, the clock moving with the phone's."""
    elapsed = 0
    for minute, text in day:
        clock.advance(minutes=minute - elapsed)
        elapsed = minute
        await send(post_sms, device, text, sender=sender, minute=minute)


async def statuses(deps, account_id: str) -> dict[str, tuple[str, str, str]]:
    docs = await deps.db["transactions"].find({"account_id": account_id}).to_list(None)
    return {d["trx_id"]: (d["kind"], d["status"], d.get("chain_reason")) for d in docs}


async def test_a_bkash_agent_day_chains_and_a_buyers_cash_out_claim_completes_once(
    fetch, make_account, make_device, post_sms, drain, deps, clock
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    session_id = await open_session(fetch, merchant, 1000, "order-agent-day", expires_in=86400)
    await send_day(post_sms, device, clock, BKASH_DAY, "bKash")
    await drain()
    found = await statuses(deps, merchant.id)
    assert found.pop("FORGED7Q2W")[1:] == ("suspect", "never_chains")
    assert {trx: status for trx, (_, status, _) in found.items()} == dict.fromkeys(
        found, "confirmed"
    )
    assert {kind for kind, _, _ in found.values()} >= {"cash_out_received", "cash_in_given"}
    done = await claim(fetch, merchant, session_id, "AB24KLMH7R")
    assert (done.code, done.json()["status"]) == (200, "COMPLETED")
    await drain()
    assert await events_of(deps, session_id) == ["COMPLETED"]
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["running"] == 268_500


async def test_a_rocket_agent_day_credits_each_cash_out_with_its_commission(
    fetch, make_account, make_device, post_sms, drain, deps, clock
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device, provider="rocket")
    await send_day(post_sms, device, clock, ROCKET_DAY, "16216")
    await drain()
    found = await statuses(deps, merchant.id)
    assert found.pop("3512349999")[1:] == ("suspect", "never_chains")
    assert {trx: status for trx, (_, status, _) in found.items()} == dict.fromkeys(
        found, "confirmed"
    )
    first = await deps.db["transactions"].find_one({"trx_id": "3478851612"})
    assert (first["kind"], first["commission_poisha"]) == ("cash_out_received", 210)
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["running"] == 622_247


async def test_a_nagad_agent_day_chains_with_commission_even_without_line_breaks(
    fetch, make_account, make_device, post_sms, drain, deps, clock
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device, provider="nagad")
    await send_day(post_sms, device, clock, NAGAD_DAY, "NAGAD")
    await drain()
    found = await statuses(deps, merchant.id)
    assert found.pop("71FAKE99")[1:] == ("suspect", "never_chains")
    assert {trx: status for trx, (_, status, _) in found.items()} == dict.fromkeys(
        found, "confirmed"
    )
    first = await deps.db["transactions"].find_one({"trx_id": "71NHMIC5"})
    assert (first["kind"], first["commission_poisha"]) == ("cash_out_received", 861)
    [wallet] = await deps.db["wallet_balances"].find().to_list(None)
    assert wallet["running"] == 441_804
