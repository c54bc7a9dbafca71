"""How long a Redis Sentinel failover stops the service, for several down-after-milliseconds.

For each setting: a primary, a replica and three Sentinels (quorum 2) on loopback; one client
opened as the service opens it (`open_redis` of a redis+sentinel:// URL) runs the initialize
rate-limit script back to back (one Redis round trip each); the primary is SIGKILLed; the
script calls go on until 50 have succeeded on the new primary. Printed per setting: when the
Sentinels named the replica primary, when the first call succeeded after the kill, the slowest
call, and how many calls failed (each failed call spent the 5 s retry budget).

    .venv/bin/python bench/failover.py [--down-after 500,2000,5000]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from claimsvc.keys import RedisKeys  # noqa: E402
from claimsvc.store.limits import LimitStore  # noqa: E402
from claimsvc.store.redis_client import RETRY_BUDGET_S, open_redis  # noqa: E402
from tests.ha.servers import redis_server_binary, start_sentinel_set  # noqa: E402

AFTER_OK = 50
NOW = datetime(2026, 11, 21, 10, 30, tzinfo=UTC)


def watch_promotion(group, killed: list[float], out: dict[str, float]) -> None:
    """In a thread: seconds from the kill until a Sentinel names the replica primary."""
    while "promoted" not in out:
        if killed and group.primary_port() == group.replica.port:
            out["promoted"] = time.monotonic() - killed[0]
        time.sleep(0.02)


async def one_run(down_after_ms: int) -> dict[str, float]:
    group = start_sentinel_set(redis_server_binary(), Path(tempfile.mkdtemp()), down_after_ms)
    client = open_redis(group.url)
    limits = LimitStore(client, RedisKeys("bench:"))
    killed: list[float] = []
    out: dict[str, float] = {}
    watcher = threading.Thread(target=watch_promotion, args=(group, killed, out), daemon=True)
    watcher.start()
    calls: list[tuple[float, float, bool]] = []
    try:
        for _ in range(50):
            await limits.hit("key:initialize", "bench", 10**9, NOW, "acc")
        group.primary.kill()
        killed.append(time.monotonic())
        ok_after = 0
        while ok_after < AFTER_OK:
            start = time.monotonic()
            try:
                await limits.hit("key:initialize", "bench", 10**9, NOW, "acc")
                ok = True
            except Exception:
                ok = False
            calls.append((start, time.monotonic(), ok))
            ok_after += ok
    finally:
        await client.aclose()
        out.setdefault("promoted", float("nan"))
        group.stop()
    first_ok = min(end for _, end, ok in calls if ok)
    return {
        "promoted_s": out["promoted"],
        "first_ok_s": first_ok - killed[0],
        "slowest_s": max(end - start for start, end, _ in calls),
        "failed": sum(not ok for *_, ok in calls),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--down-after", default="500,2000,5000")
    ms_list = [int(v) for v in parser.parse_args().down_after.split(",")]
    print(f"retry budget {RETRY_BUDGET_S} s; 1 Redis round trip per call; 3 Sentinels, quorum 2")
    print(f"{'down-after ms':>14} {'promoted s':>11} {'first ok s':>11} {'slowest s':>10} failed")
    for ms in ms_list:
        row = asyncio.run(one_run(ms))
        print(
            f"{ms:>14} {row['promoted_s']:>11.2f} {row['first_ok_s']:>11.2f} "
            f"{row['slowest_s']:>10.2f} {row['failed']:>6}"
        )


if __name__ == "__main__":
    main()
