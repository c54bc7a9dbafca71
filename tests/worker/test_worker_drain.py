"""SIGTERM to a `claimsvc worker` process during deliveries: it drains in time and loses nothing."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

import pytest

from tests.worker.conftest import RECEIVER_SECRET

pytestmark = pytest.mark.e2e

GRACE_S = 3
ROOT = Path(__file__).resolve().parents[2]


def worker_env(receiver, ca_file: str, dump: Path, urls: list[str]) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "CLAIMSVC_MONGO_URL": "memory://",
        "CLAIMSVC_REDIS_URL": "memory://",
        "CLAIMSVC_WORKER_PORT": "0",
        "CLAIMSVC_SHUTDOWN_GRACE_SECONDS": str(GRACE_S),
        "CLAIMSVC_WEBHOOK_ALLOW_PRIVATE": "1",
        "CLAIMSVC_WEBHOOK_CA_FILE": ca_file,
        "CLAIMSVC_LOG_LEVEL": "WARNING",
        "DRAIN_SECRET": RECEIVER_SECRET,
        "DRAIN_URLS": " ".join(urls),
        "DRAIN_DUMP": str(dump),
    }


async def test_sigterm_during_deliveries_releases_what_is_unfinished_and_exits_in_time(
    receiver, ca_file, tmp_path
):
    urls = [receiver.url("/ok")] * 20 + [receiver.url("/slow")] * 4
    dump = tmp_path / "state.json"
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.worker.drain_worker",
        cwd=ROOT,
        env=worker_env(receiver, ca_file, dump, urls),
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        assert (await asyncio.wait_for(proc.stdout.readline(), 60)).strip() == b"seeded"
        while len(receiver.requests) < len(urls):  # every event is in flight or answered
            await asyncio.sleep(0.02)

        proc.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(proc.wait(), GRACE_S + 5)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()

    assert code == 0
    state = json.loads(dump.read_text())
    by_status: dict[str, list[int]] = {}
    for event in state["events"]:
        by_status.setdefault(event["status"], []).append(event["id"])
    assert len(state["events"]) == len(urls)
    assert len(by_status["delivered"]) == 20
    # The four held by the slow receiver were let go: queued and due again, held by no one.
    assert sorted(by_status["queued"]) == sorted(state["due"])
    assert len(by_status["queued"]) == 4 and state["leased"] == []
