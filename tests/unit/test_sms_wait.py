"""verify's wait (services/sms_wait.py) with stand-in stores: it looks first, waits only when
the TrxID is missing, looks again after each wake or slice, and lets a bounded number of calls
wait at once (past it a call answers at once, as when a wait ends)."""

from __future__ import annotations

import asyncio

from claimsvc.services.sms_wait import SmsWaitService


class Transactions:
    def __init__(self, present: bool = False) -> None:
        self.present = present
        self.looks = 0

    async def has_trx_id(self, ledger: str, trx_id: str) -> bool:
        self.looks += 1
        return self.present


class Arrivals:
    """Blocks until `wake` is set, or the timeout."""

    def __init__(self) -> None:
        self.wake = asyncio.Event()
        self.waits: list[float] = []

    async def wait(self, ledger: str, trx_id: str, timeout_s: float) -> bool:
        self.waits.append(timeout_s)
        try:
            await asyncio.wait_for(self.wake.wait(), timeout_s)
        except TimeoutError:
            return False
        return True


def service(txs: Transactions, arrivals: Arrivals, **kw: float) -> SmsWaitService:
    return SmsWaitService(txs, arrivals, **kw)  # type: ignore[arg-type]


async def test_a_trx_id_already_there_is_not_waited_for():
    txs, arrivals = Transactions(present=True), Arrivals()
    assert await service(txs, arrivals).arrived("acc", "ABC123", 25) is True
    assert arrivals.waits == []


async def test_a_wake_then_a_look_ends_the_wait():
    txs, arrivals = Transactions(), Arrivals()
    call = asyncio.ensure_future(service(txs, arrivals).arrived("acc", "ABC123", 25))
    await asyncio.sleep(0.01)
    txs.present = True
    arrivals.wake.set()
    assert await call is True
    assert arrivals.waits == [4.0]  # one slice, below the socket timeout


async def test_the_wait_ends_false_and_never_blocks_longer_than_a_slice():
    txs, arrivals = Transactions(), Arrivals()
    assert await service(txs, arrivals, slice_s=0.02).arrived("acc", "ABC123", 0.05) is False
    assert all(0 < w <= 0.02 for w in arrivals.waits) and len(arrivals.waits) >= 2
    assert txs.looks == len(arrivals.waits) + 1


async def test_past_the_bound_a_call_looks_once_and_answers_at_once():
    txs, arrivals = Transactions(), Arrivals()
    waits = service(txs, arrivals, max_waiting=1)
    first = asyncio.ensure_future(waits.arrived("acc", "ABC123", 25))
    await asyncio.sleep(0.01)
    assert await waits.arrived("acc", "XYZ789", 25) is False
    assert len(arrivals.waits) == 1
    txs.present = True
    arrivals.wake.set()
    assert await first is True


async def test_wait_zero_only_looks():
    txs, arrivals = Transactions(), Arrivals()
    assert await service(txs, arrivals).arrived("acc", "ABC123", 0) is False
    assert (txs.looks, arrivals.waits) == (1, [])
