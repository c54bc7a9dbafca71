"""`claimsvc admin events list|redeliver` from a terminal, against the in-process API."""

from __future__ import annotations

import asyncio
import json

import pytest

from claimsvc.runtime.cli import main
from claimsvc.worker.webhooks import make_dispatcher
from tests.conftest import ADMIN_TOKEN
from tests.worker.conftest import RECEIVER_SECRET
from tests.worker.factories import record_event


@pytest.fixture
def admin_cli(server, monkeypatch, tmp_path, capsys):
    """admin_cli(*args) -> (exit code, printed JSON)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CLAIMSVC_ADMIN_URL", server)
    monkeypatch.setenv("CLAIMSVC_ADMIN_TOKEN", ADMIN_TOKEN)

    async def run(*args):
        capsys.readouterr()
        code = await asyncio.to_thread(main, ["admin", *args])
        return code, json.loads(capsys.readouterr().out)

    return run


async def test_an_operator_finds_a_delivered_event_and_sends_it_again(
    deps, admin_cli, make_account, make_session, receiver
):
    merchant = await make_account(allowed_hosts=["127.0.0.1"], callback_secret=RECEIVER_SECRET)
    event_id = await record_event(deps, merchant.id, receiver.url("/ok"))
    deps.http = make_session()
    await make_dispatcher(deps).deliver_due()

    code, listed = await admin_cli("events", "list", "--account-id", merchant.id)
    assert code == 0
    (item,) = listed["items"]
    assert (item["id"], item["status"], item["attempts"]) == (event_id, "delivered", 1)

    code, queued = await admin_cli("events", "redeliver", str(event_id))
    assert code == 0 and (queued["id"], queued["status"]) == (event_id, "queued")
    code, refused = await admin_cli("events", "redeliver", str(event_id))
    assert code == 1 and refused == {"error": "Only a dead or delivered event can be redelivered"}

    await make_dispatcher(deps).deliver_due()
    assert [r["headers"]["x-svc-attempt"] for r in receiver.requests] == ["1", "2"]
    code, listed = await admin_cli("events", "list", "--status", "delivered")
    assert [i["attempts"] for i in listed["items"]] == [2]
    deps.http = None
