"""`claimsvc dev` as a newcomer runs it (real processes): stopped and started again, its demo
account, key and sessions are still there, its credentials file is rewritten (readable by the
user only, whatever mode an earlier file had), and its SecantusDB child stops with it."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from pymongo import MongoClient

from claimsvc.devstack.demo import DEMO_OWNER
from tests.ops.dev_stack import BANNER, read_credentials
from tests.ops.dev_stack import dev_stack as shared_dev_stack
from tests.ops.kustomize import REPO
from tests.ops.processes import PORT_ATTEMPTS, PortTaken, free_port, wait_until_serving

STOP_TIMEOUT_S = 30


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] == "Z")


@contextmanager
def dev_stack(
    workdir: Path, port: int, *args: str, log: list[str] | None = None
) -> Iterator[tuple[dict[str, str], list[int]]]:
    """`claimsvc dev` in `workdir` with no store URLs, its API on `port`; (banner values and
    the demo API key from the credentials file, its children's pids). Its other ports are
    picked again when one was taken meanwhile."""
    for attempt in range(1, PORT_ATTEMPTS + 1):
        env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(REPO),
            "CLAIMSVC_API_PORT": str(port),
            "CLAIMSVC_SMS_PORT": str(free_port()),
            "CLAIMSVC_INSPECTOR_PORT": str(free_port()),
        }
        log_path = workdir / f"dev-{time.monotonic_ns()}.log"
        with log_path.open("wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", "claimsvc.runtime.cli", "dev", *args],
                cwd=workdir,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            try:
                wait_until_serving(port, proc, log_path, BANNER)
            except PortTaken as taken:
                if attempt == PORT_ATTEMPTS or taken.names("CLAIMSVC_API_PORT"):
                    raise
                continue
            children = _children(proc.pid)
            yield _banner(log_path.read_text()), children
            return
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
                raise AssertionError("claimsvc dev did not stop on SIGTERM") from None
            if log is not None and BANNER in log_path.read_text():
                log.append(log_path.read_text())


def _banner(text: str) -> dict[str, str]:
    found = dict(re.findall(r"^  (secrets|demo account|checkout page):\s+(\S+)", text, re.M))
    assert set(found) == {"secrets", "demo account", "checkout page"}, text
    key = read_credentials(Path(found["secrets"]))["CLAIMSVC_DEMO_API_KEY"]
    assert key not in text
    return {**found, "demo API key": key}


def _initialize(port: int, key: str, order_id: str) -> tuple[int, dict]:
    body = json.dumps(
        {
            "order_id": order_id,
            "amount": 100,
            "success_url": "https://shop.example.com/s",
            "cancel_url": "https://shop.example.com/c",
            "webhook_url": "https://shop.example.com/w",
        }
    ).encode()
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/checkout/initialize",
        data=body,
        method="POST",
        headers={"content-type": "application/json", "x-api-key": key},
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def _page_status(port: int, checkout_url: str) -> int:
    path = "/" + checkout_url.split("/", 3)[3]
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as resp:
        return int(resp.status)


def _wait_gone(pids: list[int]) -> list[int]:
    deadline = time.monotonic() + STOP_TIMEOUT_S
    while (left := [p for p in pids if _alive(p)]) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def test_a_restarted_dev_stack_keeps_the_demo_account_key_and_sessions(tmp_path: Path) -> None:
    """Stopped and started again (on another port), the demo account, key and sessions are
    still there. Issue 32: a key's last use survives a clean stop (the stack's Redis does not);
    the next start's banner shows a checkout page on its new port and a command for a new
    set-password link that works pasted as printed, without the virtualenv on PATH. (One stack
    life for both, where two tests started four stacks: issue 35's suite budget.)"""
    port, moved = free_port(), free_port()
    with dev_stack(tmp_path, port) as (first, children):
        assert children, "SecantusDB runs as a child of the dev stack"
        status, opened = _initialize(port, first["demo API key"], "restart-order-1")
        assert status == 201, opened
        assert _page_status(port, first["checkout page"]) == 200
        login = read_credentials(Path(first["secrets"]))["CLAIMSVC_DEV_MONGODB_URL"]
        with MongoClient(login) as client:  # the owner set a password (its hash, as stored)
            users = client.claimsvc.portal_users
            users.update_one({"email": DEMO_OWNER}, {"$set": {"password_hash": "$set-by-owner"}})
    assert _wait_gone(children) == [], "the SecantusDB child outlived the stack"
    data = tmp_path / ".claimsvc-dev"
    assert (data / "demo.json").stat().st_mode & 0o777 == 0o600
    credentials = data / "credentials.env"
    assert credentials.stat().st_mode & 0o777 == 0o600
    written = credentials.read_text()
    test_key = read_credentials(credentials)["CLAIMSVC_DEMO_TEST_KEY"]
    credentials.chmod(0o644)  # loosened between two starts: the next start's file is 0600 again
    # demo.json as an earlier version wrote it: a note after the test key.
    saved = json.loads((data / "demo.json").read_text())
    saved["extra"]["demo test key"] = f"{test_key} (test mode: no money)"
    (data / "demo.json").write_text(json.dumps(saved))

    out: list[str] = []
    with dev_stack(tmp_path, moved, log=out) as (second, _):
        login = read_credentials(Path(second["secrets"]))["CLAIMSVC_DEV_MONGODB_URL"]
        with MongoClient(login) as client:
            keys = client.claimsvc.api_keys.find({"account_id": second["demo account"]})
            used = {k["label"]: k.get("last_used_at") for k in keys}
        assert used["demo"] is not None and used["demo test"] is None, used
        # The same account and key, created once; a demo session opened at each start.
        page = second.pop("checkout page")
        assert page.startswith(f"http://localhost:{moved}/checkout/")
        assert second == {k: v for k, v in first.items() if k != "checkout page"}
        assert page != first["checkout page"] and _page_status(moved, page) == 200
        assert credentials.stat().st_mode & 0o777 == 0o600
        assert credentials.read_text() != written  # a new admin token and set-password link
        assert read_credentials(credentials)["CLAIMSVC_DEMO_TEST_KEY"] == test_key
        status, replay = _initialize(moved, first["demo API key"], "restart-order-1")
        assert (status, replay["session_id"]) == (200, opened["session_id"])
        assert _page_status(moved, first["checkout page"]) == 200
        command = _reset_command((tmp_path / sorted(tmp_path.glob("dev-*.log"))[-1]).read_text())
        done = subprocess.run(
            ["sh", "-c", command],
            cwd="/",
            env={"PATH": "/usr/bin:/bin"},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 0, (command, done.stdout, done.stderr)
    assert f"http://localhost:{moved}/portal/invite/" in done.stdout
    assert "Traceback" not in out[0]

    with dev_stack(tmp_path, port, "--fresh") as (fresh, _):
        assert fresh["demo account"] != first["demo account"]
        status, body = _initialize(port, first["demo API key"], "restart-order-2")
        assert status == 401, body


def _reset_command(output: str) -> str:
    """The banner's command for a new set-password link, as printed (the line after its
    label)."""
    lines = output.splitlines()
    at = next(i for i, line in enumerate(lines) if "a new set-password link" in line)
    return lines[at + 1]


def test_a_new_data_folder_on_a_database_holding_the_demo_reuses_it(tmp_path, wire_mongo):
    """Issue 32: `claimsvc dev` on a database that already holds its demo (your own MongoDB,
    or another data folder) reuses the demo account with new keys and says so."""
    env = {"CLAIMSVC_MONGO_URL": wire_mongo.url, "CLAIMSVC_MONGO_DB": f"t_{uuid.uuid4().hex[:12]}"}
    with shared_dev_stack(tmp_path, CLAIMSVC_DEV_DATA_DIR="one", **env) as first:
        account = first.banner_value("demo account")
        old_key = first.credential("demo API key")
    with shared_dev_stack(tmp_path, CLAIMSVC_DEV_DATA_DIR="two", **env) as second:
        assert second.banner_value("demo account") == account
        assert "found in this database" in second.output()
        new_key = second.credential("demo API key")
        assert new_key != old_key
        for key in (new_key, old_key):
            status, _ = second.call(
                "POST",
                "/api/v1/checkout/initialize",
                key,
                order_id=f"adopted-{key[:6]}",
                amount=10,
                success_url="https://shop.example.com/s",
                cancel_url="https://shop.example.com/c",
                webhook_url="https://shop.example.com/w",
            )
            assert status == 201
        assert "set a password at $CLAIMSVC_DEMO_OWNER_LINK" in second.output()
    assert second.proc.returncode == 0
    assert "Traceback" not in second.output()
