"""Device health: how many forwarder phones have gone quiet, as gauges an alert can watch."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta

from claimsvc.clock import Clock
from claimsvc.domain.devices import QUIET_AFTER
from claimsvc.services.devices import DeviceService
from sms_ingest import metrics

log = logging.getLogger("sms_ingest.health")

# A phone with a forwarder pinging every few minutes is never silent this long; one that stopped
# (battery saver killed the app, no data) is. Two thresholds: warn and page.
# The second is the portal's "quiet" (domain/devices.py).
SILENCE_THRESHOLDS = {"15m": timedelta(minutes=15), "60m": QUIET_AFTER}


class DeviceHealth:
    """Refreshes the silent-device gauges every `every_s` seconds."""

    name = "sms-device-health"

    def __init__(self, devices: DeviceService, clock: Clock, every_s: float = 30.0) -> None:
        self._devices = devices
        self._clock = clock
        self._every_s = every_s

    async def refresh(self) -> dict[str, int]:
        """Count active and silent devices now; the counts by threshold."""
        now = self._clock()
        metrics.DEVICES_ACTIVE.set(await self._devices.count_active())
        counts = {}
        for label, span in SILENCE_THRESHOLDS.items():
            counts[label] = await self._devices.count_silent(now - span)
            metrics.DEVICES_SILENT.labels(over=label).set(counts[label])
        return counts

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                await self.refresh()
            except Exception:
                log.exception("device health refresh failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self._every_s)
