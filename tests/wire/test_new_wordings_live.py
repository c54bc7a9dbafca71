"""New wordings read with the SMS worker running, as issue 34's black-box cases ran: the wallet
anchored through the admin use-case and one new-wording credit forwarded through the intake,
in either order and without waiting in between, while the worker's own loop (not a test's
ticks) takes the message whenever it is queued. Twenty cases each way, on the embedded stores
(memory://) and on SecantusDB with the real Redis server; one stack per store for the module,
an account per case.

The issue saw 1 to 3 of 22 such cases stay `unparsed` (processed before the anchor reached
the wallet, never read again); here every case must end `parsed` by the arithmetic, its
transaction confirmed by the chain.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
import pytest_asyncio

from claimsvc.bootstrap import Deps, open_deps
from claimsvc.clock import FrozenClock
from sms_ingest.app import SmsIngest, build
from sms_ingest.consumer import Tuning
from tests.conftest import make_settings, wire_overrides
from tests.redis.conftest import _real_client

pytestmark = [pytest.mark.wire, pytest.mark.redis, pytest.mark.asyncio(loop_scope="module")]

RUNS = 20
WAIT_S = 30
"""The bound on one case's wait for the worker (a loaded machine's; a lost message never ends)."""
NEW_CREDIT = "Money in: Tk 300.00 from 01712345678. Balance Tk 1,300.00. TrxID {trx}"
"""Issue 22's shape of a new wording, on a wallet whose balance before it is 1,000.00."""


@pytest_asyncio.fixture(scope="module", loop_scope="module", params=["memory", "wire"])
async def stack(request: pytest.FixtureRequest) -> AsyncIterator[tuple[Deps, SmsIngest]]:
    """The app's stores and a running SMS worker, shared by the module's cases."""
    overrides: dict[str, str] = {}
    redis = None
    if request.param == "wire":
        overrides = wire_overrides(request)
        redis = await _real_client()
    deps = await open_deps(make_settings(**overrides), FrozenClock(), redis=redis)
    sms = build(deps, Tuning(block_ms=20, idle_backoff_s=0.01, sweep_every_s=0.2))
    stop = asyncio.Event()
    worker = asyncio.create_task(sms.consumer.run(stop))
    yield deps, sms
    stop.set()
    await asyncio.wait_for(worker, 10)
    if overrides:
        await deps.mongo.drop_database(overrides["mongo_db"])
        stale = [k async for k in deps.redis.scan_iter(match=deps.keys.prefix + "*")]
        if stale:
            await deps.redis.delete(*stale)
    await deps.close()


async def phone(deps: Deps) -> tuple[str, str, str]:
    """A balance-verifying merchant with one phone: (account id, device id, device token)."""
    account = await deps.services.admin.create_account(
        {"name": "Live Shop", "balance_verification": True}
    )
    device = await deps.services.devices.register(account.id, "phone", None)
    return account.id, device.device.id, device.token


async def anchor(deps: Deps, account_id: str, device_id: str) -> None:
    """What the admin API's anchor does: the bKash wallet restarts at 1,000.00."""
    body = {"provider": "bkash", "device_id": device_id, "balance_poisha": 100_000}
    await deps.services.wallet_admin.anchor(account_id, body)


async def forward(sms: SmsIngest, token: str, text: str) -> None:
    """The phone forwards one SMS from bKash to the intake."""
    body = json.dumps([{"sender": "bKash", "message": text, "received_at": 1795240860000}])
    accepted = await sms.intake.receive(token, body.encode(), None, None)
    assert accepted.accepted == 1


async def until(check: Callable[[], Awaitable[Any]]) -> None:
    async def poll() -> None:
        while not await check():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), WAIT_S)


async def read_by_arithmetic(deps: Deps, account_id: str, trx: str) -> None:
    """The case's message ends parsed by its arithmetic, its transaction confirmed."""

    async def confirmed() -> bool:
        tx = await deps.db["transactions"].find_one({"account_id": account_id, "trx_id": trx})
        msg = await deps.db["sms_messages"].find_one({"account_id": account_id})
        # The transaction is confirmed before the message's result is written (last).
        done = msg is not None and msg.get("result") == "parsed"
        return done and tx is not None and tx["status"] == "confirmed"

    await until(confirmed)
    [msg] = await deps.db["sms_messages"].find({"account_id": account_id}).to_list(None)
    assert (msg["result"], msg["parsed_by"]) == ("parsed", "arithmetic"), msg


@pytest.mark.parametrize("run", range(RUNS))
async def test_the_anchor_then_a_new_wording_is_read_by_a_running_worker(stack, run):
    deps, sms = stack
    account_id, device_id, token = await phone(deps)
    trx = f"LA{run:02d}{uuid.uuid4().hex[:6].upper()}"
    await anchor(deps, account_id, device_id)
    await forward(sms, token, NEW_CREDIT.format(trx=trx))
    await read_by_arithmetic(deps, account_id, trx)


@pytest.mark.parametrize("run", range(RUNS))
async def test_a_new_wording_then_the_anchor_is_read_by_a_running_worker(stack, run):
    deps, sms = stack
    account_id, device_id, token = await phone(deps)
    trx = f"LB{run:02d}{uuid.uuid4().hex[:6].upper()}"
    await forward(sms, token, NEW_CREDIT.format(trx=trx))
    # Even cases anchor at once (racing the worker); odd ones once the message was processed.
    if run % 2:

        async def processed() -> bool:
            found = await deps.db["sms_messages"].find_one({"account_id": account_id})
            return found is not None and found.get("processed_at") is not None

        await until(processed)
    await anchor(deps, account_id, device_id)
    await read_by_arithmetic(deps, account_id, trx)
