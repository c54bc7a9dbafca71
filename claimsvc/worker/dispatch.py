"""The webhook dispatch loop: take due events under a lease, run attempts under a bound, drain."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from claimsvc.clock import Clock
from claimsvc.domain.delivery import to_ms
from claimsvc.metrics import WEBHOOK_IN_FLIGHT
from claimsvc.store.schedule import Lease, ScheduleStore

log = logging.getLogger("claimsvc.worker.dispatch")

LEASE_MS = 30_000
"""Visibility timeout: the 10 s request timeout, the store round trips, and a wide margin."""

POLL_S = 30.0
"""Longest pause with nothing to take. The schedule's next due time (the take returns it) and
a wake (an event scheduled anywhere wakes a dispatcher: store/wake.py) end it sooner, so this
only bounds a lost wake."""

MIN_PAUSE_S = 0.005
"""Shortest pause before the next due time: the clocks of the workers and the caller differ a
little, and an event due within this is taken on the next look, not spun for."""

REDIS_BACKOFF_S = 1.0
"""Pause after the schedule could not be read (Redis down or failing over)."""

Attempt = Callable[[Lease], Awaitable[None]]
"""Runs one attempt of a leased event and releases the lease (ack or reschedule)."""

Prepare = Callable[[list[Lease]], Awaitable[None]]
"""Reads what a batch of attempts needs in a few commands before they start (optional)."""


class Dispatcher:
    """One worker's share of the schedule: at most `concurrency` attempts at a time."""

    name = "webhook-dispatcher"

    def __init__(
        self,
        schedule: ScheduleStore,
        attempt: Attempt,
        clock: Clock,
        *,
        concurrency: int = 64,
        drain_s: float = 15.0,
        lease_ms: int = LEASE_MS,
        poll_s: float = POLL_S,
        prepare: Prepare | None = None,
    ) -> None:
        self._schedule = schedule
        self._attempt = attempt
        self._clock = clock
        self._concurrency = max(1, concurrency)
        self._drain_s = drain_s
        self._lease_ms = lease_ms
        self._poll_s = poll_s
        self._prepare = prepare
        self._running: dict[asyncio.Task[None], Lease] = {}
        self._wake = asyncio.Event()

    async def run(self, stop: asyncio.Event) -> None:
        """Take and run due events until `stop`; then finish in-flight ones or release them."""
        relay = asyncio.create_task(self._wake_on(stop))
        try:
            while not stop.is_set():
                # Cleared before looking, so an attempt finishing from here on wakes the pause.
                self._wake.clear()
                free = self._concurrency - len(self._running)
                taken, next_ms = await self._take(free)
                if len(taken) < free or free == 0:
                    await self._pause(timeout=None if free == 0 else self._until(next_ms))
        finally:
            relay.cancel()
            await self._drain()

    async def deliver_due(self) -> int:
        """Run every event due now to completion, batch by batch; how many were taken."""
        total = 0
        while taken := (await self._take(self._concurrency))[0]:
            total += len(taken)
            await asyncio.gather(*list(self._running))
        return total

    def wake(self) -> None:
        """The schedule gained an event: look now (the wake listener calls this)."""
        self._wake.set()

    def _until(self, next_ms: int | None) -> float:
        """The pause until the schedule's next due time, at most `poll_s`."""
        if next_ms is None:
            return self._poll_s
        return min(self._poll_s, max(MIN_PAUSE_S, (next_ms - to_ms(self._clock())) / 1000))

    async def _take(self, limit: int) -> tuple[list[Lease], int | None]:
        """The leases taken, and when the schedule next has something to take."""
        if limit <= 0:
            return [], None
        try:
            now = to_ms(self._clock())
            leases, next_ms = await self._schedule.take_next(now, self._lease_ms, limit)
        except Exception:
            log.exception("could not read the webhook schedule")
            await asyncio.sleep(REDIS_BACKOFF_S)
            return [], None
        if leases and self._prepare is not None:
            try:
                await self._prepare(leases)
            except Exception:
                # Each attempt then reads what it needs itself.
                log.exception("could not read a batch of webhook events")
        for lease in leases:
            task = asyncio.create_task(self._run_one(lease), name=f"webhook-{lease.event_id}")
            self._running[task] = lease
            task.add_done_callback(self._finished)
        return leases, next_ms

    async def _run_one(self, lease: Lease) -> None:
        WEBHOOK_IN_FLIGHT.inc()
        try:
            await self._attempt(lease)
        except Exception:
            # The lease is left to expire: the event is taken again after LEASE_MS, which is
            # also the back-off a failing MongoDB or Redis needs.
            log.exception("webhook attempt failed", extra={"fields": {"event": lease.event_id}})
        finally:
            WEBHOOK_IN_FLIGHT.dec()

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._running.pop(task, None)
        self._wake.set()

    async def _wake_on(self, stop: asyncio.Event) -> None:
        await stop.wait()
        self._wake.set()

    async def _pause(self, timeout: float | None) -> None:
        """Until an attempt finishes, `stop` is set, or `timeout` passes."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout)

    async def _drain(self) -> None:
        """Let in-flight attempts finish within the drain time; release the rest's leases."""
        running = dict(self._running)
        if not running:
            return
        log.info("draining webhook attempts", extra={"fields": {"in_flight": len(running)}})
        _, pending = await asyncio.wait(running, timeout=self._drain_s)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for task in pending:
            await self._release(running[task])

    async def _release(self, lease: Lease) -> None:
        try:
            await self._schedule.release(lease, to_ms(self._clock()))
        except Exception:
            # Its lease expires on its own and another worker takes it then.
            log.exception("could not release a webhook lease")
