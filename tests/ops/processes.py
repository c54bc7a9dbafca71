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

# job label (the Service name) -> (module run with `python -m`, its arguments, its port variable,
# what its log says once its port is bound)
PROCESSES = {
    "claimsvc-api": ("claimsvc.runtime.cli", ["api"], "CLAIMSVC_API_PORT", "api listening"),
    "claimsvc-worker": (
        "claimsvc.runtime.cli",
        ["worker"],
        "CLAIMSVC_WORKER_PORT",
        "worker listening",
    ),
    "claimsvc-sms-ingest": ("sms_ingest", [], "CLAIMSVC_SMS_PORT", "sms intake listening"),
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


class PortTaken(Exception):
    """The process stopped because a port picked for it was taken meanwhile (free ports are
    picked before the process binds them, and another test's process can bind one first)."""

    def __init__(self, output: str) -> None:
        super().__init__(output[-2000:])
        self.output = output

    def names(self, variable: str) -> bool:
        """Whether the port of `variable` is the one taken."""
        return f"{variable}: cannot listen on" in self.output


def wait_until_serving(
    port: int, proc: subprocess.Popen[bytes], log: Path | None = None, ready: str = ""
) -> None:
    """Until `proc` answers /healthz on `port` and, given `ready`, its `log` holds that text:
    its own words, so another process that took the port first is never taken for it (the
    dev stack's banner was once read from an empty log). PortTaken when it stopped on a taken
    port, so the caller can start it again on others."""
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            said = log.read_text("utf-8", "replace") if log else ""
            if "(Address already in use)" in said:
                raise PortTaken(said)
            raise AssertionError(f"the process exited early: {proc.returncode}\n{said[-2000:]}")
        with contextlib.suppress(OSError):
            if http_get(port, "/healthz", timeout_s=1).startswith(b"HTTP/1.1 200") and (
                not ready or (log is not None and ready in log.read_text("utf-8", "replace"))
            ):
                return
        time.sleep(0.1)
    raise AssertionError("the process did not start serving")


PORT_ATTEMPTS = 3
"""Starts on newly picked ports before a taken port fails the test."""


@contextlib.contextmanager
def started(job: str, workdir: Path, **env: str) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """One process on memory:// stores and a free port (or the one `env` gives its port
    variable), in an empty working directory; started again on another free port when the one
    picked was taken meanwhile."""
    module, args, port_var, ready = PROCESSES[job]
    workdir.mkdir(parents=True, exist_ok=True)
    for attempt in range(1, PORT_ATTEMPTS + 1):
        port = int(env.get(port_var) or free_port())
        environ = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(REPO),
            "CLAIMSVC_MONGO_URL": "memory://",
            "CLAIMSVC_REDIS_URL": "memory://",
            port_var: str(port),
            **env,
        }
        log_path = workdir / f"{job}.log"
        with log_path.open("wb") as log:
            proc = subprocess.Popen(
                [sys.executable, "-m", module, *args],
                cwd=workdir,
                env=environ,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        try:
            try:
                wait_until_serving(port, proc, log_path, ready)
            except PortTaken:
                if env.get(port_var) or attempt == PORT_ATTEMPTS:
                    raise
                continue
            yield proc, port
            return
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
