"""`claimsvc worker`, with webhook events seeded into its embedded stores and dumped at exit.

The embedded MongoDB lives inside the process, so the drain test cannot seed or inspect it from
outside. This runs the real CLI entry point unchanged, but wraps `open_deps` to record events
(one per URL in DRAIN_URLS, space-separated) and to write every event's state and the Redis
schedule to DRAIN_DUMP just before the clients close.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from claimsvc.runtime import cli, processes
from tests.worker.factories import terminal_session

_open_deps = processes.open_deps


async def _dump(deps: Any) -> None:
    events = await deps.db["events"].find({}, {"body": 0}).to_list()
    keys = deps.keys
    state = {
        "events": [
            {"id": e["_id"], "status": e["status"], "attempts": e["attempts"]} for e in events
        ],
        "due": [int(m) for m in await deps.redis.zrange(keys.webhook_schedule, 0, -1)],
        "leased": [int(m) for m in await deps.redis.zrange(keys.webhook_leases, 0, -1)],
    }
    with open(os.environ["DRAIN_DUMP"], "w") as out:
        json.dump(state, out)


async def _seed(deps: Any) -> None:
    account = await deps.services.admin.create_account(
        {
            "name": "Drain Shop",
            "allowed_hosts": ["127.0.0.1"],
            "callback_secret": os.environ["DRAIN_SECRET"],
        }
    )
    for url in os.environ["DRAIN_URLS"].split():
        await deps.services.outbox.record(terminal_session(account.id, url))


async def _open_and_seed(settings: Any, *args: Any, **kwargs: Any) -> Any:
    deps = await _open_deps(settings, *args, **kwargs)
    await _seed(deps)
    close = deps.close

    async def dump_then_close() -> None:
        await _dump(deps)
        await close()

    deps.close = dump_then_close
    print("seeded", flush=True)
    return deps


if __name__ == "__main__":
    processes.open_deps = _open_and_seed  # type: ignore[assignment]
    sys.exit(cli.main(["worker"]))
