"""The intake use-case: authenticate the device, read the body, store each SMS once, queue it."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.devices import Device
from claimsvc.domain.messages import SmsMessage
from claimsvc.json_body import parse_json
from claimsvc.services.devices import DeviceService
from claimsvc.store.messages import MessageStore
from claimsvc.store.mongo import new_id
from claimsvc.store.sms_queue import SmsQueue
from sms_ingest import formats, metrics

log = logging.getLogger("sms_ingest.intake")

FUTURE_TOLERANCE = timedelta(minutes=5)
"""A phone clock further ahead than this is not trusted: the intake time is used instead."""


class SignatureRejected(errors.ServiceError):
    """The device has a signing key and the request's signature is missing, stale or wrong."""

    status, message = 401, "Invalid signature"


@dataclass(frozen=True)
class Accepted:
    """The intake answer: messages newly stored, and those already stored before."""

    accepted: int
    duplicates: int


class Intake:
    """POST /sms/v1/messages behind the handler."""

    def __init__(
        self, devices: DeviceService, messages: MessageStore, stream: SmsQueue, clock: Clock
    ) -> None:
        self._devices = devices
        self._messages = messages
        self._stream = stream
        self._clock = clock

    async def receive(
        self, token: str | None, body: bytes, signature: str | None, timestamp: str | None
    ) -> Accepted:
        """Store every SMS of a request durably (all or, on a bad body, none), then queue them."""
        device = await self._authenticate(token, body, signature, timestamp)
        try:
            decoded = formats.decode(parse_json(body))
        except formats.FormatError as exc:
            metrics.INTAKE_REJECTED.labels(reason="bad_body").inc()
            raise errors.InvalidBody(details=exc.details) from None
        except errors.InvalidJson:
            metrics.INTAKE_REJECTED.labels(reason="bad_body").inc()
            raise
        await self._devices.seen(device)
        if not decoded.messages:
            metrics.INTAKE_EVENTS.labels(form=decoded.form).inc()
            return Accepted(0, 0)
        msgs = [self._message(device, decoded.form, m) for m in decoded.messages]
        # One command for the request's messages; a request repeating one SMS stores it once.
        stored = [m.id for m in await self._messages.insert_many(_first_of_each(msgs))]
        duplicates = len(msgs) - len(stored)
        metrics.INTAKE_MESSAGES.labels(form=decoded.form, outcome="accepted").inc(len(stored))
        metrics.INTAKE_MESSAGES.labels(form=decoded.form, outcome="duplicate").inc(duplicates)
        await self._queue(stored)
        return Accepted(len(stored), duplicates)

    async def _authenticate(
        self, token: str | None, body: bytes, signature: str | None, timestamp: str | None
    ) -> Device:
        try:
            device = await self._devices.authenticate(token)
        except errors.ServiceError:
            metrics.INTAKE_REJECTED.labels(reason="unauthorized").inc()
            raise
        key = device.signing_key
        if key:
            problem = formats.signature_problem(key, body, timestamp, signature, self._clock())
            if problem:
                metrics.INTAKE_REJECTED.labels(reason="bad_signature").inc()
                raise SignatureRejected(details=[problem])
        return device

    def _message(self, device: Device, form: str, incoming: formats.Incoming) -> SmsMessage:
        now = self._clock()
        received, source = incoming.received_at, "device"
        if received is None:
            received, source = now, "intake"
        elif received > now + FUTURE_TOLERANCE:
            received, source = now, "intake_clock_ahead"
        return SmsMessage(
            id=new_id("msg"),
            account_id=device.account_id,
            device_id=device.id,
            form=form,
            sender=incoming.sender.strip(),
            text=incoming.text,
            sim_slot=incoming.sim_slot,
            received_at=received,
            received_at_source=source,
            reported_received_at=incoming.received_at,
            content_key=formats.content_key(
                device.account_id, device.id, incoming.sender, incoming.text
            ),
            stored_at=now,
            # Set at once: the re-queue sweep leaves a message alone until this is old, so it
            # never races the XADD below; a crash before the XADD is caught after the delay.
            queued_at=now,
        )

    async def _queue(self, message_ids: list[str]) -> None:
        """Put stored messages on the stream; a failure here loses nothing (the sweep re-queues)."""
        if not message_ids:
            return
        try:
            entries = await self._stream.add_many(message_ids)
            await self._messages.mark_queued(entries, self._clock())
        except Exception:
            log.warning(
                "queueing stored messages failed; the re-queue sweep will retry", exc_info=True
            )


def _first_of_each(msgs: list[SmsMessage]) -> list[SmsMessage]:
    """The messages with a content key not seen earlier in the list."""
    seen: set[str] = set()
    out = []
    for msg in msgs:
        if msg.content_key not in seen:
            seen.add(msg.content_key)
            out.append(msg)
    return out
