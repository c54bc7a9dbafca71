"""The hook a service calls after a write left the worker work (bootstrap sets it to a wake
notify: store/wake.py). A failed wake never fails the write: the work is stored, and the
worker's idle pass finds it."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

WakeHook = Callable[[], Awaitable[None]]


async def no_wake() -> None:
    """Default: nobody to wake (tests, or a process without a worker beside it)."""


async def wake_quietly(hook: WakeHook, log: logging.Logger) -> None:
    """Call `hook`; a failure (Redis down) is logged, not raised."""
    try:
        await hook()
    except Exception:
        log.warning("could not wake the worker", exc_info=True)
