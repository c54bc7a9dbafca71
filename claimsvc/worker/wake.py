"""The worker's one blocking read: wakes the loops whose work a writer announced (store/wake.py).

Each worker process holds one BZPOPMIN on the wake key, renewed every BLOCK_S (under the Redis
client's 5 s socket timeout), so an idle worker makes about fifteen Redis calls a minute and no
MongoDB command for it, and a loop woken starts its pass within a Redis round trip of the write.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Protocol

from claimsvc.runtime.runner import pause, unless_stopped
from claimsvc.store.wake import WakeStore

log = logging.getLogger("claimsvc.worker.wake")

BLOCK_S = 4.0
"""One blocking read's longest wait; the Redis client's socket timeout is 5 s."""
BACKOFF_S = 1.0
"""Pause after a failed read (Redis down or failing over); the loops pass on their timers."""


class Wakeable(Protocol):
    def wake(self) -> None: ...


class WakeListener:
    """A worker loop (runner.Loop): pops wake topics and wakes their loops."""

    name = "wake-listener"

    def __init__(
        self,
        store: WakeStore,
        loops: Mapping[str, Sequence[Wakeable]],
        *,
        block_s: float = BLOCK_S,
    ) -> None:
        self._store = store
        self._loops = loops
        self._block_s = block_s

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            read = await unless_stopped(stop, self._store.wait(self._block_s))
            if read is None:
                return
            try:
                topic = read.result()
            except Exception:
                log.warning("could not wait for wakes", exc_info=True)
                await pause(stop, BACKOFF_S)
                continue
            for loop in self._loops.get(topic or "", ()):
                loop.wake()
