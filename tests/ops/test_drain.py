"""SIGTERM to `claimsvc api`: it stops accepting, finishes the request in flight, and exits 0."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tornado.testing import bind_unused_port

from tests.ops.kustomize import REPO

GRACE_S = 5
# Starting the interpreter and opening the embedded stores, on a slow machine.
START_TIMEOUT_S = 60

pytestmark = pytest.mark.e2e


def free_port() -> int:
    sock, port = bind_unused_port()
    sock.close()
    return port


def wait_until_serving(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"claimsvc api exited early: {proc.returncode}"
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                if sock.recv(64).startswith(b"HTTP/1.1 200"):
                    return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("claimsvc api did not start serving")


@pytest.fixture
def api(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """`claimsvc api` on memory:// stores and a free port, in an empty working directory."""
    port = free_port()
    env = {
        "PATH": os.environ.get("PATH", ""),
        "CLAIMSVC_MONGO_URL": "memory://",
        "CLAIMSVC_REDIS_URL": "memory://",
        "CLAIMSVC_API_PORT": str(port),
        "CLAIMSVC_SHUTDOWN_GRACE_SECONDS": str(GRACE_S),
        "CLAIMSVC_ADMIN_TOKEN": "drain-test-admin-token",
    }
    log = (tmp_path / "api.log").open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "claimsvc.cli", "api"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(REPO)},
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
        log.close()


def read_response(sock: socket.socket) -> bytes:
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def test_sigterm_lets_the_request_in_flight_finish_and_exits_within_the_grace(
    api: tuple[subprocess.Popen[bytes], int],
) -> None:
    proc, port = api
    body = json.dumps({"order_id": "drain-1", "amount": 100}).encode()
    head = (
        "POST /api/v1/checkout/initialize HTTP/1.1\r\nHost: t\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nx-api-key: sk_unknown\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    # A slow client: headers and half the body arrive before SIGTERM, the rest after it.
    slow = socket.create_connection(("127.0.0.1", port), timeout=GRACE_S * 2)
    slow.sendall(head + body[:10])
    time.sleep(0.3)  # let the server read what was sent
    proc.send_signal(signal.SIGTERM)
    refused = False
    for _ in range(50):  # the listening socket closes as soon as the signal is handled
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except ConnectionRefusedError:
            refused = True
            break
        time.sleep(0.05)
    assert refused, "the API kept accepting connections after SIGTERM"
    assert proc.poll() is None, "the API exited with a request in flight"
    slow.sendall(body[10:])
    answer = read_response(slow)
    slow.close()
    assert answer.startswith(b"HTTP/1.1 401 "), answer[:200]
    assert answer.endswith(b"}"), "the response was cut"
    # The only timed assertion: the process is gone within the grace period (+ interpreter exit).
    assert proc.wait(timeout=GRACE_S + 5) == 0
