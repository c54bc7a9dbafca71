"""`claimsvc dev` is private by default (issue 33): it listens on loopback unless told
otherwise, keeps its data folder 0700 with files 0600 (the database's own files included), and
its SecantusDB child answers only a client holding the password from the credentials file. A
taken port stops it with a message naming the port and its variable, before the banner
(issue 32)."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from pymongo import MongoClient
from pymongo.errors import OperationFailure

from tests.ops.dev_stack import dev_stack
from tests.ops.kustomize import REPO
from tests.ops.processes import free_port

pytestmark = pytest.mark.timeout(180)

LISTEN = "0A"  # the TCP state LISTEN in /proc/net/tcp


def listening_on(port: int) -> set[str]:
    """The addresses a socket of this machine listens on at `port` (Linux /proc/net)."""
    found = set()
    for table, family in (("tcp", socket.AF_INET), ("tcp6", socket.AF_INET6)):
        for line in Path(f"/proc/net/{table}").read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state != LISTEN or int(hex_port, 16) != port:
                continue
            raw = bytes.fromhex(address)
            # /proc writes each 32-bit word in the host's order (little-endian here).
            raw = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
            found.add(socket.inet_ntop(family, raw))
    return found


def test_the_dev_stack_listens_on_loopback_only_unless_told_otherwise(tmp_path):
    with dev_stack(tmp_path) as stack:
        for port in (stack.api_port, stack.sms_port, stack.inspector_port):
            assert listening_on(port) <= {"127.0.0.1", "::1"}, port
            assert "127.0.0.1" in listening_on(port)
        assert stack.banner_value("listening on").startswith("127.0.0.1")
    with dev_stack(tmp_path, CLAIMSVC_DEV_HOST="0.0.0.0") as stack:
        assert listening_on(stack.api_port) == {"0.0.0.0"}
        assert listening_on(stack.sms_port) == {"0.0.0.0"}
        assert listening_on(stack.inspector_port) <= {"127.0.0.1", "::1"}  # always local
        assert "other machines can reach" in stack.banner_value("listening on")


def modes(folder: Path) -> dict[str, int]:
    """Every folder's and file's permission bits under `folder`, by relative path."""
    found = {".": stat.S_IMODE(folder.stat().st_mode)}
    for path in folder.rglob("*"):
        found[str(path.relative_to(folder))] = stat.S_IMODE(path.lstat().st_mode)
    return found


def test_the_dev_databases_files_are_private_and_it_refuses_a_client_without_the_password(
    tmp_path,
):
    """One stack life for both (a SecantusDB child's start each before; issue 35): the data
    folder and every file in it stay the user's only while the stack runs and after it stops,
    and the child answers only a client logged in with the credentials file's password."""
    data = tmp_path / ".claimsvc-dev"
    data.mkdir(mode=0o755)
    (data / "old.log").write_text("an earlier version's file")
    (data / "old.log").chmod(0o644)
    with dev_stack(tmp_path, CLAIMSVC_MONGO_URL="") as stack:
        running = modes(data)
        login = stack.credentials()["CLAIMSVC_DEV_MONGODB_URL"]
        shown = stack.banner_value("dev MongoDB URL")
        assert shown.startswith("mongodb://claimsvc-dev:…@127.0.0.1:"), shown
        assert_only_the_password_opens_the_database(login)
    after = modes(data)
    assert any(name.startswith("mongo/WiredTiger") for name in after), sorted(after)
    for seen in (running, after):
        loose = {
            name: oct(mode)
            for name, mode in seen.items()
            if mode != (0o700 if (data / name).is_dir() else 0o600)
        }
        assert loose == {}
    assert stack.proc.returncode == 0
    assert login.split("@", 1)[0].rsplit(":", 1)[1] not in stack.output()  # the password


def assert_only_the_password_opens_the_database(login: str) -> None:
    """The owner's URL reads the service's database; no login and a wrong password are refused."""
    address = login.split("@", 1)[1]
    user = login.split("//", 1)[1].split(":", 1)[0]
    with MongoClient(login, serverSelectionTimeoutMS=10_000) as owner:
        assert "claimsvc" in owner.list_database_names()
    tries = {
        "no login": f"mongodb://{address}",
        "a wrong password": f"mongodb://{user}:guess@{address}",
    }
    for name, url in tries.items():
        with MongoClient(url, serverSelectionTimeoutMS=10_000) as stranger:
            with pytest.raises(OperationFailure) as refused:
                stranger.claimsvc.api_keys.find_one()
            assert refused.value.code in (13, 18), name  # Unauthorized, AuthenticationFailed


def run_dev(tmp_path: Path, command: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    environ = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO),
        "CLAIMSVC_MONGO_URL": "memory://",
        "CLAIMSVC_REDIS_URL": "memory://",
        "CLAIMSVC_API_PORT": str(free_port()),
        "CLAIMSVC_SMS_PORT": str(free_port()),
        "CLAIMSVC_WORKER_PORT": str(free_port()),
        "CLAIMSVC_INSPECTOR_PORT": str(free_port()),
        **env,
    }
    return subprocess.run(
        [sys.executable, "-m", *command],
        cwd=tmp_path,
        env=environ,
        capture_output=True,
        text=True,
        timeout=90,
    )


@pytest.mark.parametrize(
    ("command", "variable"),
    [
        (["claimsvc.runtime.cli", "dev"], "CLAIMSVC_API_PORT"),
        (["claimsvc.runtime.cli", "dev"], "CLAIMSVC_SMS_PORT"),
        (["claimsvc.runtime.cli", "api"], "CLAIMSVC_API_PORT"),
        (["claimsvc.runtime.cli", "worker"], "CLAIMSVC_WORKER_PORT"),
        (["sms_ingest"], "CLAIMSVC_SMS_PORT"),
    ],
    ids=["dev-api", "dev-sms", "api", "worker", "sms-ingest"],
)
def test_a_taken_port_is_named_with_its_variable_before_the_banner(tmp_path, command, variable):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        done = run_dev(tmp_path, command, **{variable: str(port)})
    finally:
        taken.close()
    assert done.returncode == 2, done.stderr
    assert f"configuration error: {variable}: cannot listen on " in done.stderr
    assert f"{port} (Address already in use); choose a free port" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
    assert "demo account" not in done.stdout  # said before the banner, which never came
