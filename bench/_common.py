"""What the HTTP bench scripts share: server child processes, the result row, the table.

Not a bench itself (`make bench` runs bench/[!_]*.py). A script imports it as `_common`: the
script's own folder is first on sys.path when it runs as `.venv/bin/python bench/X.py`.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def server(script: str, kind: str, *args: str) -> Iterator[tuple[str, Any]]:
    """Run `script --serve kind --port P *args`; (base url, the JSON line it printed) while it
    listens; killed on exit."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, script, "--serve", kind, "--port", str(port), *args],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        line = proc.stdout.readline() if proc.stdout else ""
        if not line:
            raise SystemExit(f"the {kind} server did not start")
        yield f"http://127.0.0.1:{port}", json.loads(line)
    finally:
        proc.kill()
        proc.wait()


def quiet_logging() -> None:
    """As deployed: one JSON access-log line a request (to /dev/null here)."""
    from claimsvc.logs import setup_logging

    setup_logging("INFO", stream=open(os.devnull, "w"))  # noqa: SIM115 - lives as long as the process


async def listen_forever(app: Any, port: int, announce: Any) -> None:
    """Serve `app` on 127.0.0.1:`port`, print `announce` as the JSON line server() waits for."""
    from tornado.httpserver import HTTPServer

    HTTPServer(app, max_body_size=1 << 20).listen(port, "127.0.0.1")
    print(json.dumps(announce), flush=True)
    await asyncio.Event().wait()


def ms_at(sorted_s: list[float], quantile: float) -> float:
    """The `quantile` of sorted latencies in seconds, as milliseconds (nan when there are none)."""
    if not sorted_s:
        return float("nan")
    return sorted_s[min(len(sorted_s) - 1, int(quantile * len(sorted_s)))] * 1000


def add_counts(total: dict[str, int], more: dict[str, int]) -> dict[str, int]:
    """`total` with the status counts of `more` added (in place)."""
    for code, count in more.items():
        total[code] = total.get(code, 0) + count
    return total


@dataclass
class Result:
    """One scenario's figures."""

    name: str
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    statuses: dict[str, int]
    sent_order: str = ""  # an order id the run sent (bench/initialize.py, "new" mode)

    @classmethod
    def of(
        cls, name: str, latencies: list[float], seconds: float, statuses: dict[str, int]
    ) -> Result:
        """From every request's latency in seconds."""
        ordered = sorted(latencies)
        return cls(
            name, len(ordered), seconds, ms_at(ordered, 0.50), ms_at(ordered, 0.99), statuses
        )

    @property
    def rps(self) -> float:
        return self.requests / self.seconds


def print_table(results: list[Result], rate: str, width: int) -> None:
    """Each scenario's rate, p50 and p99, and statuses; `rate` heads the rate column."""
    print(f"{'scenario':<{width}}{rate:>10}{'p50 ms':>10}{'p99 ms':>10}  statuses")
    for r in results:
        print(f"{r.name:<{width}}{r.rps:>10.0f}{r.p50_ms:>10.2f}{r.p99_ms:>10.2f}  {r.statuses}")
