"""How long a Redis Sentinel failover stops the service, for several down-after-milliseconds.

For each setting: a primary, a replica and three Sentinels (quorum 2) on loopback; one client
opened as the service opens it (`open_redis` of a redis+sentinel:// URL) runs the buyer
rate-limit script back to back (one Redis round trip each); the primary is SIGKILLed; the
script calls go on until 50 have succeeded on the new primary. Printed per setting: when the
Sentinels named the replica primary, when the first call succeeded after the kill, the slowest
call, and how many calls failed (each failed call spent the 5 s retry budget), beside the
median call before the kill. With --tls each setting runs twice, plain and over TLS (every
link of the set on TLS, a private CA trusted as CLAIMSVC_REDIS_CA_FILE would be), so the
TLS figures have a baseline measured in the same run.

    .venv/bin/python bench/failover.py [--down-after 500,2000,5000] [--tls]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from claimsvc.store.limits import LimitStore  # noqa: E402
from claimsvc.store.redis_client import RETRY_BUDGET_S, open_redis  # noqa: E402
from claimsvc.store.redis_keys import RedisKeys  # noqa: E402
from tests.ha.servers import Tls, redis_server_binary, start_sentinel_set  # noqa: E402

AFTER_OK = 50
NOW = datetime(2026, 11, 21, 10, 30, tzinfo=UTC)


def watch_promotion(group, killed: list[float], out: dict[str, float]) -> None:
    """In a thread: seconds from the kill until a Sentinel names the replica primary."""
    while "promoted" not in out:
        if killed and group.primary_port() == group.replica.port:
            out["promoted"] = time.monotonic() - killed[0]
        time.sleep(0.02)


def private_tls(root: Path) -> Tls:
    """A throw-away CA and a loopback certificate it signed."""
    import trustme

    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1", "localhost")
    files = Tls(str(root / "ca.pem"), str(root / "chain.pem"), str(root / "key.pem"))
    ca.cert_pem.write_to_path(files.ca_file)
    Path(files.cert_file).write_bytes(b"".join(blob.bytes() for blob in cert.cert_chain_pems))
    cert.private_key_pem.write_to_path(files.key_file)
    return files


async def one_run(down_after_ms: int, tls: bool) -> dict[str, float]:
    root = Path(tempfile.mkdtemp())
    files = private_tls(root) if tls else None
    group = start_sentinel_set(redis_server_binary(), root, down_after_ms, tls=files)
    client = open_redis(group.url, files.ca_file if files else None)
    limits = LimitStore(client, RedisKeys("bench:"))
    killed: list[float] = []
    out: dict[str, float] = {}
    watcher = threading.Thread(target=watch_promotion, args=(group, killed, out), daemon=True)
    watcher.start()
    calls: list[tuple[float, float, bool]] = []
    steady: list[float] = []
    try:
        for _ in range(50):
            start = time.monotonic()
            await limits.hit("buyer:ip", "bench", 10**9, NOW)
            steady.append(time.monotonic() - start)
        group.primary.kill()
        killed.append(time.monotonic())
        ok_after = 0
        while ok_after < AFTER_OK:
            start = time.monotonic()
            try:
                await limits.hit("buyer:ip", "bench", 10**9, NOW)
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
        "median_ms": statistics.median(steady[1:]) * 1000,  # the first one connects
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--down-after", default="500,2000,5000")
    parser.add_argument("--tls", action="store_true", help="each setting plain, then over TLS")
    args = parser.parse_args()
    ms_list = [int(v) for v in args.down_after.split(",")]
    print(f"retry budget {RETRY_BUDGET_S} s; 1 Redis round trip per call; 3 Sentinels, quorum 2")
    print(
        f"{'down-after ms':>14} {'link':>5} {'median call ms':>15} {'promoted s':>11} "
        f"{'first ok s':>11} {'slowest s':>10} failed"
    )
    for ms in ms_list:
        for tls in (False, True) if args.tls else (False,):
            row = asyncio.run(one_run(ms, tls))
            print(
                f"{ms:>14} {'tls' if tls else 'plain':>5} {row['median_ms']:>15.3f} "
                f"{row['promoted_s']:>11.2f} {row['first_ok_s']:>11.2f} "
                f"{row['slowest_s']:>10.2f} {row['failed']:>6}"
            )


if __name__ == "__main__":
    main()
