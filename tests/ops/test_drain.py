"""SIGTERM to `claimsvc api`: it stops accepting, finishes the request in flight, and exits 0."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ops.processes import read_to_end, started

GRACE_S = 5

pytestmark = pytest.mark.e2e


@pytest.fixture
def api(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """`claimsvc api` on memory:// stores, draining within GRACE_S."""
    with started(
        "claimsvc-api",
        tmp_path,
        CLAIMSVC_SHUTDOWN_GRACE_SECONDS=str(GRACE_S),
        CLAIMSVC_ADMIN_TOKEN="drain-test-admin-token",
    ) as running:
        yield running


def read_until(sock: socket.socket, end: bytes) -> bytes:
    data = b""
    while not data.endswith(end):
        chunk = sock.recv(1)
        assert chunk, f"connection closed after {data!r}"
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
        f"Expect: 100-continue\r\nContent-Length: {len(body)}\r\n\r\n"
    ).encode()
    # A slow client: headers and half the body arrive before SIGTERM, the rest after it.
    slow = socket.create_connection(("127.0.0.1", port), timeout=GRACE_S * 2)
    slow.sendall(head)
    # The server answers "100 Continue" once it has read the headers: from then on the request
    # is in flight, with no sleep needed to be sure of it.
    assert read_until(slow, b"\r\n\r\n").startswith(b"HTTP/1.1 100 ")
    slow.sendall(body[:10])
    proc.send_signal(signal.SIGTERM)
    refused = False
    for _ in range(50):  # the listening socket closes as soon as the signal is handled
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except (ConnectionRefusedError, ConnectionResetError):
            # Reset: this connect sat in the backlog of the listening socket as it closed.
            refused = True
            break
        time.sleep(0.05)
    assert refused, "the API kept accepting connections after SIGTERM"
    assert proc.poll() is None, "the API exited with a request in flight"
    slow.sendall(body[10:])
    answer = read_to_end(slow)
    slow.close()
    assert answer.startswith(b"HTTP/1.1 401 "), answer[:200]
    assert answer.endswith(b"}"), "the response was cut"
    # The only timed assertion: the process is gone within the grace period (+ interpreter exit).
    assert proc.wait(timeout=GRACE_S + 5) == 0
