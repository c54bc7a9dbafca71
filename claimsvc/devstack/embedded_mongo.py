"""A SecantusDB child process: a MongoDB-wire server on 127.0.0.1 for dev, tests and benches.

SecantusDB (PyPI `secantusdb`, GPL-2.0, beta, single node) speaks MongoDB's wire protocol over
WiredTiger on disk. It is a development and test server only; production runs on a MongoDB
replica set. It runs as its own process, so its CPU is not the caller's (the benchmarks read the
serving process's CPU apart from the database's), and it is stopped with its parent: a bounded
terminate, then kill, and on Linux the kernel kills it if the parent dies first
(PR_SET_PDEATHSIG), so no server outlives the stack or the test run.
"""

from __future__ import annotations

import ctypes
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

START_TIMEOUT_S = 60.0  # a cold WiredTiger open on a loaded 2-core machine takes seconds
STOP_TIMEOUT_S = 10.0
_PR_SET_PDEATHSIG = 1


class EmbeddedMongoError(RuntimeError):
    """The server could not be found or did not answer in time."""


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
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

    @property
    def url(self) -> str:
        return f"mongodb://127.0.0.1:{self.port}/?directConnection=true"

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
) -> EmbeddedMongo:
    """Start SecantusDB on 127.0.0.1 (a free port unless given) with data in `storage`; return
    once it answers `ping`, or stop it and raise EmbeddedMongoError after `timeout` seconds."""
    storage = Path(storage)
    storage.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    cmd = [
        *server_command(),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--storage-path",
        str(storage),
        "--log-level",
        "WARNING",
    ]
    proc = subprocess.Popen(
        cmd,
        stdout=log,
        stderr=log,
        stdin=subprocess.DEVNULL,
        preexec_fn=_die_with_parent if sys.platform == "linux" else None,
    )
    server = EmbeddedMongo(proc, port, storage)
    try:
        wait_ready(server, timeout)
    except BaseException:
        server.stop()
        raise
    return server


def wait_ready(server: EmbeddedMongo, timeout: float) -> None:
    """Poll `ping` until it answers, the process exits, or `timeout` passes."""
    from pymongo import MongoClient
    from pymongo.errors import PyMongoError

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
            return
        except PyMongoError:
            pass
        finally:
            client.close()
        if time.monotonic() > deadline:
            raise EmbeddedMongoError(f"secantusd-py did not answer ping within {timeout:.0f} s")
        time.sleep(0.2)
