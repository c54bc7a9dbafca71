"""The harness that starts real processes for these tests (tests/ops/processes.py): a port
picked free and then taken by another test's process is never taken for ours, and says so, so
the stack can start again on other ports (a dev-stack banner was once read from an empty log)."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ops.processes import PortTaken, wait_until_serving


@contextlib.contextmanager
def impostor() -> Iterator[int]:
    """Another process's server on a port, answering /healthz with 200."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                conn.recv(4096)
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join()
        server.close()


def child(log: Path, says: str, code: int | None) -> subprocess.Popen[bytes]:
    """A process that writes `says` to `log` a moment after it starts, then exits `code` (or,
    None, stays up)."""
    end = "time.sleep(60)" if code is None else f"sys.exit({code})"
    script = f"import sys, time; time.sleep(0.3); print({says!r}, flush=True); {end}"
    with log.open("wb") as out:
        return subprocess.Popen([sys.executable, "-c", script], stdout=out, stderr=out)


def test_a_port_another_process_answers_on_is_reported_taken_not_served(tmp_path):
    log = tmp_path / "dev.log"
    taken = (
        "configuration error: CLAIMSVC_SMS_PORT: cannot listen on 127.0.0.1:1 "
        "(Address already in use); choose a free port"
    )
    with impostor() as port:
        proc = child(log, taken, 2)
        with pytest.raises(PortTaken) as raised:
            wait_until_serving(port, proc, log, ready="  demo account:")
    assert raised.value.names("CLAIMSVC_SMS_PORT")
    assert not raised.value.names("CLAIMSVC_API_PORT")


def test_a_process_that_stops_for_another_reason_fails_with_its_output(tmp_path):
    log = tmp_path / "dev.log"
    with impostor() as port:
        proc = child(log, "configuration error: CLAIMSVC_MONGO_URL is not a URL", 2)
        with pytest.raises(AssertionError, match="CLAIMSVC_MONGO_URL is not a URL"):
            wait_until_serving(port, proc, log, ready="  demo account:")


def test_the_process_serving_with_its_own_words_in_its_log_is_ready(tmp_path):
    log = tmp_path / "dev.log"
    with impostor() as port:
        proc = child(log, "  demo account:    acc_1", None)
        try:
            wait_until_serving(port, proc, log, ready="  demo account:")
            assert proc.poll() is None
        finally:
            proc.kill()
            proc.wait()
