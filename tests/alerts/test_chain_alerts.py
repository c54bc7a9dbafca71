"""A wallet's balance chain broken (entries held for a missing SMS) and recovered at a gap,
through the real SMS pipeline: each alerted once, marked in the wallet update the step makes."""

from __future__ import annotations

from claimsvc.domain import alerts as al
from tests.alerts.test_telegram_alerts import setup
from tests.sms.conftest import anchor_wallet, bkash_credit, send


def texts(telegram, head: str) -> list[str]:
    return [m["text"] for m in telegram.of("sendMessage") if m["text"].startswith(head)]


async def test_a_broken_chain_and_its_recovery_at_a_gap_are_each_alerted_once(
    deps, fetch, make_account, make_device, post_sms, drain, worker, telegram, clock
):
    merchant, _ = await setup(deps, make_account, worker, telegram)
    device = await make_device(merchant)
    await anchor_wallet(fetch, merchant, device, "bkash", 1000)
    # A 200.00 credit never arrives: the next one (1,700.00) cannot chain, and is held.
    await send(post_sms, device, bkash_credit("RUNSTART01", "500.00", "1,700.00"), minute=2)
    await drain()
    await worker.run()
    await send(post_sms, device, bkash_credit("RUNNEXT001", "100.00", "1,800.00"), minute=4)
    await drain()
    await worker.run()
    [broken] = texts(telegram, "Balance checks waiting for a missing SMS (1):")
    assert "bKash" in broken and "/portal/wallets" in broken
    clock.advance(minutes=14)
    await send(post_sms, device, bkash_credit("RUNLAST001", "100.00", "1,900.00"), minute=14)
    await drain()
    await worker.run()
    await worker.run()
    [gap] = texts(telegram, "Balance checks that went on past missing SMS (1):")
    assert "01712345678" not in gap
    assert len(texts(telegram, "Balance checks waiting")) == 1
    kinds = [a.kind for a in await deps.stores.alerts.of_account(merchant.id)]
    assert sorted(k for k in kinds if k.startswith("chain")) == [al.CHAIN_BROKEN, al.CHAIN_GAP]
