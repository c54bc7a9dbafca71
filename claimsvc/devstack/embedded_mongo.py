"""A SecantusDB child process: a MongoDB-wire server on 127.0.0.1 for dev, tests and benches.

SecantusDB (PyPI `secantusdb`, GPL-2.0, beta, single node) speaks MongoDB's wire protocol over
WiredTiger on disk. It is a development and test server only; production runs on a MongoDB
replica set. It runs as its own process, so its CPU is not the caller's (the benchmarks read the
serving process's CPU apart from the database's), and it is stopped with its parent: a bounded
terminate, then kill, and on Linux the kernel kills it if the parent dies first
(PR_SET_PDEATHSIG), so no server outlives the stack or the test run.

The server is launched through `secantus_child`, so its files are this user's only (umask 077),
and, given a `user`, it requires that user's password (SCRAM-SHA-256) on its loopback port:
other local users reach the port but not the data (the dev stack; tests use no user).
"""

from __future__ import annotations

import ctypes
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

START_TIMEOUT_S = 60.0  # a cold WiredTiger open on a loaded 2-core machine takes seconds
STOP_TIMEOUT_S = 10.0
_PR_SET_PDEATHSIG = 1
USER_DB = "admin"
"""Where the child keeps its user."""


class EmbeddedMongoError(RuntimeError):
    """The server could not be found or did not answer in time."""


LOW_PORTS = (20_000, 32_768)
"""Where `free_port` looks: below Linux's default ephemeral range (32768-60999)."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now, for a server started a moment later.

    Picked at random below the kernel's ephemeral range: a port the kernel hands out (bind to 0)
    is handed out again as the local port of the next outgoing connection of any process, and a
    server started after another test's connections found it taken ("Address already in use",
    seen in the ops tier under a parallel run). Falls back to the kernel's choice.
    """
    low, high = LOW_PORTS
    for _ in range(50):
        port = secrets.randbelow(high - low) + low
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_command() -> list[str]:
    """The `secantusd-py` launcher next to this interpreter (or on PATH)."""
    here = Path(sys.executable).parent / "secantusd-py"
    if here.exists():
        return [str(here)]
    found = shutil.which("secantusd-py")
    if found:
        return [found]
    raise EmbeddedMongoError(
        "secantusd-py not found: install the dev extra (pip install -e '.[dev]' or make dev)"
    )


def _import_path() -> str:
    """PYTHONPATH for the child: this checkout first, so `-m claimsvc...` finds this copy."""
    here = str(Path(__file__).resolve().parents[2])
    return os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)


def _die_with_parent() -> None:
    """In the child before exec: SIGTERM it when the parent thread dies (Linux only)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):  # not Linux: stop() and atexit still stop it
        pass


@dataclass
class EmbeddedMongo:
    """A running `secantusd-py`; `url` is its mongodb:// address."""

    proc: subprocess.Popen[bytes]
    port: int
    storage: Path
    user: str = ""
    password: str = ""

    @property
    def url(self) -> str:
        """Its address, with the user's credentials when it requires them (a secret then)."""
        if not self.user:
            return f"mongodb://127.0.0.1:{self.port}/?directConnection=true"
        login = ":".join(urllib.parse.quote(v, safe="") for v in (self.user, self.password))
        return (
            f"mongodb://{login}@127.0.0.1:{self.port}/?directConnection=true&authSource={USER_DB}"
        )

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stop(self, timeout: float = STOP_TIMEOUT_S) -> None:
        """SIGTERM, wait at most `timeout`, then SIGKILL. Idempotent."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout)

    def __enter__(self) -> EmbeddedMongo:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start(
    storage: Path | str,
    *,
    port: int | None = None,
    timeout: float = START_TIMEOUT_S,
    log: IO[bytes] | int | None = subprocess.DEVNULL,
    user: str = "",
) -> EmbeddedMongo:
    """Start SecantusDB on 127.0.0.1 (a free port unless given) with data in `storage` (made
    0700 if new); with `user`, requiring that user and a password new at each start (in
    `url`). Return once it answers `ping`, or stop it and raise EmbeddedMongoError after
    `timeout` seconds."""
    storage = Path(storage)
    storage.mkdir(mode=0o700, parents=True, exist_ok=True)
    port = port or free_port()
    server_command()  # the package is installed (a clear error if not)
    cmd = [sys.executable, "-m", "claimsvc.devstack.secantus_child"]
    cmd += ["--port", str(port), "--storage-path", str(storage)]
    password = secrets.token_urlsafe(24) if user else ""
    if user:
        cmd += ["--user", user]
    env = {**os.environ, "PYTHONPATH": _import_path()}
    proc = subprocess.Popen(
        cmd,
        stdout=log,
        stderr=log,
        stdin=subprocess.PIPE,
        env=env,
        preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        # Its own process group: a signal to the caller's group (Ctrl-C, `timeout`) stops the
        # caller, whose drain still writes; the caller stops the server after it (stop()).
        start_new_session=True,
    )
    assert proc.stdin is not None
    with proc.stdin:
        proc.stdin.write(password.encode() + b"\n")
    server = EmbeddedMongo(proc, port, storage, user, password)
    try:
        wait_ready(server, timeout)
    except BaseException:
        server.stop()
        raise
    return server


def wait_ready(server: EmbeddedMongo, timeout: float) -> None:
    """Poll `ping` until it answers, the process exits, or `timeout` passes."""
    from pymongo import MongoClient
    from pymongo.errors import OperationFailure, PyMongoError

    deadline = time.monotonic() + timeout
    while True:
        if server.proc.poll() is not None:
            raise EmbeddedMongoError(
                f"secantusd-py exited with {server.proc.returncode} before answering "
                f"(storage {server.storage})"
            )
        client: MongoClient[dict[str, Any]] = MongoClient(
            server.url, serverSelectionTimeoutMS=500, connectTimeoutMS=500
        )
        try:
            client.admin.command("ping")
            if server.user:  # ping needs no login; this does
                client.admin.command("listDatabases", nameOnly=True)
            return
        except OperationFailure as exc:
            raise EmbeddedMongoError(f"secantusd-py refused its own user: {exc}") from None
        except PyMongoError:
            pass
        finally:
            client.close()
        if time.monotonic() > deadline:
            raise EmbeddedMongoError(f"secantusd-py did not answer ping within {timeout:.0f} s")
        time.sleep(0.2)
