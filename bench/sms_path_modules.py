"""How many of our modules one SMS passes through, from the intake to the claim it pays (issue 34).

A trace, not a timing: one bKash credit is posted to the HTTP intake of a balance-verifying
merchant whose wallet is anchored, the SMS worker takes one round (parse, record, chain,
confirm), and the buyer's claim citing its TrxID completes the session. Every function of
`claimsvc` and `sms_ingest` that runs in those three steps is recorded by `sys.setprofile`; the
modules they belong to are counted, by package. Modules merely imported are not counted: only
those whose code runs for the SMS.

    .venv/bin/python bench/sms_path_modules.py            # this tree
    PYTHONPATH=/path/to/other/tree .venv/bin/python bench/sms_path_modules.py   # another one

Prints the count and the modules, one a line, grouped by the top packages.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

OURS = ("claimsvc", "sms_ingest")


def module_of(filename: str, roots: list[Path]) -> str | None:
    """The dotted module a source file is, when it is one of ours."""
    path = Path(filename)
    for root in roots:
        try:
            parts = path.relative_to(root).with_suffix("").parts
        except ValueError:
            continue
        if parts and parts[0] in OURS:
            return ".".join(p for p in parts if p != "__init__")
    return None


async def one_sms(seen: set[str], roots: list[Path]) -> None:
    from tornado.httpclient import AsyncHTTPClient
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets

    from claimsvc.bootstrap import open_deps
    from claimsvc.clock import FrozenClock
    from claimsvc.domain.claims import ClaimRequest
    from sms_ingest.app import build, make_app
    from sms_ingest.consumer import Tuning
    from tests.claims_support import Merchant, open_session, submit_claim
    from tests.conftest import make_settings

    deps = await open_deps(make_settings(), FrozenClock())
    sms = build(deps, Tuning(idle_backoff_s=0.01, block_ms=1, sweep_every_s=3600))
    account = await deps.services.admin.create_account(
        {
            "name": "Trace Shop",
            "allowed_hosts": ["shop.example.test"],
            "balance_verification": True,
            "wallets": [{"provider": "bkash", "number": "01700000001", "kind": "personal"}],
        }
    )
    device = await deps.services.devices.register(account.id, "phone", None)
    anchor = {"provider": "bkash", "device_id": device.device.id, "balance_poisha": 100_000}
    await deps.services.wallet_admin.anchor(account.id, anchor)
    merchant = Merchant(account.id, "", "", account)
    session_id = await open_session(deps, merchant, 50_000)
    text = (
        "You have received Tk 500.00 from 01712345678. Fee Tk 0.00. Balance Tk 1,500.00. "
        "TrxID TRACE12345 at 21/11/2026 10:30"
    )
    body = json.dumps([{"sender": "bKash", "message": text, "received_at": 1795240860000}])
    await sms.consumer.tick()  # warm: the group exists, the anchor settles (not counted)
    server = HTTPServer(make_app(deps, sms.intake))
    sockets = bind_sockets(0, "127.0.0.1")
    server.add_sockets(sockets)
    url = f"http://127.0.0.1:{sockets[0].getsockname()[1]}/sms/v1/messages"
    http = AsyncHTTPClient()
    headers = {"Authorization": f"Bearer {device.token}", "Content-Type": "application/json"}

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            name = module_of(frame.f_code.co_filename, roots)
            if name:
                seen.add(name)

    sys.setprofile(profile)
    try:
        reply = await http.fetch(url, method="POST", body=body, headers=headers)
        await sms.consumer.tick()
        req = ClaimRequest(session_id, "TRACE12345", "bkash")
        answer = await submit_claim(deps, req)
    finally:
        sys.setprofile(None)
    assert reply.code == 202 and answer.get("status") == "COMPLETED", answer
    server.stop()
    await deps.close()


def main() -> None:
    import claimsvc

    root = Path(claimsvc.__file__).resolve().parents[1]
    sys.path.insert(0, str(root))  # its tests/ helpers, whichever tree this is
    seen: set[str] = set()
    asyncio.run(one_sms(seen, [root]))
    by_package = Counter(
        ".".join(m.split(".")[:2]) if m.startswith("claimsvc.") else m.split(".")[0] for m in seen
    )
    print(f"tree: {root}")
    print(f"modules on the path of one SMS, intake to claim: {len(seen)}")
    for package, count in sorted(by_package.items()):
        print(f"  {package}: {count}")
    for name in sorted(seen):
        print(f"    {name}")


if __name__ == "__main__":
    main()
