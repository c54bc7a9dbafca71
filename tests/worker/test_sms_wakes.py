"""The SMS path wakes an idle worker (issue 34 on issue 35's blocking wake): a session an SMS
completes has its webhook delivered, and a wallet's message not understood has its alert
collected, while the relay and the alert pass idle for a minute and an hour. A worker that
was not woken would not get there within the test's wait."""

from __future__ import annotations

import asyncio
import json

from claimsvc.worker.main import worker_loops
from tests.conftest import ALLOWED_HOST, initialize_body
from tests.sms.conftest import (  # noqa: F401 - the SMS process's fixtures
    anchor_wallet,
    bkash_credit,
    drain,
    events_of,
    make_device,
    post_sms,
    send,
    sms,
    sms_server,
)
from tests.worker.conftest import RECEIVER_HOSTS, RECEIVER_SECRET

# The relay idles a minute and the alert pass an hour (the idle-wake tests' settings).
from tests.worker.test_idle_wakes import running, settings, until  # noqa: F401


async def test_an_sms_completing_a_session_has_its_webhook_delivered_by_an_idle_worker(
    deps,
    fetch,
    make_account,
    make_device,  # noqa: F811
    post_sms,  # noqa: F811
    drain,  # noqa: F811
    receiver,
    make_session,
):
    deps.http = make_session()
    merchant = await make_account(
        balance_verification=True,
        allowed_hosts=[*RECEIVER_HOSTS, ALLOWED_HOST],
        callback_secret=RECEIVER_SECRET,
    )
    device = await make_device(merchant)
    await anchor_wallet(fetch, merchant, device, "bkash", 1000)
    body = initialize_body(amount=500, webhook_url=receiver.url("/ok"))
    opened = await fetch("/api/v1/checkout/initialize", json=body, key=merchant.key)
    assert opened.code == 201, opened.body
    session_id = opened.json()["session_id"]
    async with running(worker_loops(deps)):
        await asyncio.sleep(0.2)  # the first passes find nothing; the loops sleep
        # The buyer's payment arrives before an earlier credit: held, the claim waits.
        await send(post_sms, device, bkash_credit("PAYB8X2K4Q", "500.00", "1,700.00"), minute=2)
        await drain()
        claim = {"sessionId": session_id, "trxId": "PAYB8X2K4Q", "provider": "bkash"}
        pending = await fetch("/api/v1/checkout/verify", json=claim, key=merchant.key)
        assert pending.code == 202, pending.body
        # The missing SMS closes the chain: the SMS path completes the session.
        await send(post_sms, device, bkash_credit("EARLY00001", "200.00", "1,200.00"), minute=1)
        await drain()

        async def delivered() -> bool:
            return len(receiver.requests) == 1

        await until(delivered)
    assert await events_of(deps, session_id) == ["COMPLETED"]
    assert json.loads(receiver.requests[0]["body"])["payment_status"] == "COMPLETED"


async def test_a_wallet_message_not_understood_has_its_alert_collected_by_an_idle_worker(
    deps,
    make_account,
    make_device,  # noqa: F811
    post_sms,  # noqa: F811
    drain,  # noqa: F811
):
    merchant = await make_account()
    device = await make_device(merchant)
    unknown = "Tk 640.00 jomা hoyeche. TrxID 9QWERTY123X. Dhonnobad."
    async with running(worker_loops(deps)):
        await asyncio.sleep(0.2)  # the first passes find nothing; the loops sleep
        await send(post_sms, device, unknown, minute=1)
        await drain()
        [msg] = await deps.db["sms_messages"].find({"account_id": merchant.id}).to_list(None)
        assert (msg["result"], msg["provider"]) == ("unparsed", "bkash")

        async def collected() -> bool:
            doc = await deps.db["sms_messages"].find_one({"_id": msg["_id"]})
            return doc is not None and not doc.get("alert_due")

        await until(collected)
