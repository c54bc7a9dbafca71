"""The real processes, started as a cluster would start them, on the embedded stores."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from claimsvc.devstack.embedded_mongo import free_port
from tests.ops.kustomize import REPO

# Starting the interpreter and opening the embedded stores, on a slow machine.
START_TIMEOUT_S = 60

# job label (the Service name) -> (module run with `python -m`, its arguments, its port variable)
PROCESSES = {
    "claimsvc-api": ("claimsvc.runtime.cli", ["api"], "CLAIMSVC_API_PORT"),
    "claimsvc-worker": ("claimsvc.runtime.cli", ["worker"], "CLAIMSVC_WORKER_PORT"),
    "claimsvc-sms-ingest": ("sms_ingest", [], "CLAIMSVC_SMS_PORT"),
}


def read_to_end(sock: socket.socket) -> bytes:
    """Everything the peer sends until it closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def http_get(port: int, path: str, timeout_s: float = 5) -> bytes:
    """A plain HTTP/1.1 GET; the raw answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout_s) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
        return read_to_end(sock)


def wait_until_serving(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"the process exited early: {proc.returncode}"
        with contextlib.suppress(OSError):
            if http_get(port, "/healthz", timeout_s=1).startswith(b"HTTP/1.1 200"):
                return
        time.sleep(0.1)
    raise AssertionError("the process did not start serving")


@contextlib.contextmanager
def started(job: str, workdir: Path, **env: str) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """One process on memory:// stores and a free port (or the one `env` gives its port
    variable), in an empty working directory."""
    module, args, port_var = PROCESSES[job]
    port = int(env.get(port_var) or free_port())
    environ = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO),
        "CLAIMSVC_MONGO_URL": "memory://",
        "CLAIMSVC_REDIS_URL": "memory://",
        port_var: str(port),
        **env,
    }
    workdir.mkdir(parents=True, exist_ok=True)
    with (workdir / f"{job}.log").open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", module, *args],
            cwd=workdir,
            env=environ,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_until_serving(port, proc)
            yield proc, port
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
