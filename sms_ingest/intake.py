"""The intake use-case: authenticate the device, read the body, store each SMS once, queue it."""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import timedelta

from claimsvc import errors
from claimsvc.api.json_body import parse_json
from claimsvc.clock import Clock
from claimsvc.domain.accounts import sha256_hex
from claimsvc.domain.devices import Device
from claimsvc.domain.messages import SmsMessage
from claimsvc.services.devices import DeviceService
from claimsvc.store.devices import TOUCH_EVERY
from claimsvc.store.messages import MessageStore
from claimsvc.store.mongo import new_id
from claimsvc.store.sms_gate import OK, UNKNOWN, SmsGate
from sms_ingest import formats, metrics

log = logging.getLogger("sms_ingest.intake")

FUTURE_TOLERANCE = timedelta(minutes=5)
"""A phone clock further ahead than this is not trusted: the intake time is used instead."""

KNOWN_DEVICES = 10_000
"""Devices whose identity a process remembers (least recently used out)."""


@dataclass(frozen=True)
class Accepted:
    """The intake answer: messages newly stored, and those already stored before."""

    accepted: int
    duplicates: int


class Intake:
    """POST /sms/v1/messages behind the handler.

    A device's identity (id, account, signing key) never changes, so each process remembers it
    after reading it once; whether it is still active is asked of Redis in the one call that
    queues the request's messages (SmsGate), and a request refused there keeps nothing.
    """

    def __init__(
        self, devices: DeviceService, messages: MessageStore, gate: SmsGate, clock: Clock
    ) -> None:
        self._devices = devices
        self._messages = messages
        self._gate = gate
        self._clock = clock
        self._known: OrderedDict[str, Device] = OrderedDict()

    async def receive(
        self,
        token: str | None,
        body: bytes,
        signature: str | None,
        timestamp: str | None,
        content_type: str | None = None,
    ) -> Accepted:
        """Store every SMS of a request durably (all or, on a bad body, none), then queue them.

        A device with a signing key accepts only signed requests: a JSON body signed in the
        X-Signature and X-Timestamp headers (checked before the body is read), or the SMS
        Forwarder's form with its own `timestamp` and `sign` (checked once the form is read).
        """
        device, vouched = await self._authenticate(token)
        form = formats.is_url_encoded(content_type)
        key = device.signing_key
        if key and not form:
            _check_signature(
                formats.signature_problem(key, body, timestamp, signature, self._clock())
            )
        try:
            decoded = formats.decode_form(body) if form else formats.decode(parse_json(body))
        except (formats.FormatError, errors.InvalidJson) as exc:
            await self._queue(device, [], vouched)  # a revoked device hears 401, not 400
            metrics.INTAKE_REJECTED.labels(reason="bad_body").inc()
            if isinstance(exc, formats.FormatError):
                raise errors.InvalidBody(details=exc.details) from None
            raise
        if key and form:
            _check_signature(
                formats.forwarder_sign_problem(key, decoded.stamp, decoded.sign, self._clock())
            )
        await self._seen(device)
        msgs = [self._message(device, decoded.form, m) for m in decoded.messages]
        # One command for the request's messages; a request repeating one SMS stores it once.
        stored = []
        if msgs:
            stored = [m.id for m in await self._messages.insert_many(_first_of_each(msgs))]
        await self._queue(device, stored, vouched)
        if not msgs:
            metrics.INTAKE_EVENTS.labels(form=decoded.form).inc()
            return Accepted(0, 0)
        duplicates = len(msgs) - len(stored)
        metrics.INTAKE_MESSAGES.labels(form=decoded.form, outcome="accepted").inc(len(stored))
        metrics.INTAKE_MESSAGES.labels(form=decoded.form, outcome="duplicate").inc(duplicates)
        return Accepted(len(stored), duplicates)

    async def _authenticate(self, token: str | None) -> tuple[Device, bool]:
        """The device behind the token, and whether it was just read active from MongoDB."""
        try:
            if not token:
                raise errors.DeviceUnauthorized()
            token_hash = sha256_hex(token.strip())
            device, vouched = self._known.get(token_hash), False
            if device is None:
                device, vouched = await self._devices.authenticate_hash(token_hash), True
                self._remember(device)
            else:
                self._known.move_to_end(token_hash)
        except errors.ServiceError:
            metrics.INTAKE_REJECTED.labels(reason="unauthorized").inc()
            raise
        return device, vouched

    def _remember(self, device: Device) -> None:
        self._known[device.token_hash] = device
        while len(self._known) > KNOWN_DEVICES:
            self._known.popitem(last=False)

    async def _seen(self, device: Device) -> None:
        """Record that the device called in, at most once per TOUCH_EVERY per process."""
        now = self._clock()
        if not device.seen_within(TOUCH_EVERY, now):
            await self._devices.seen(device)
            if device.token_hash in self._known:
                self._known[device.token_hash] = replace(device, last_seen_at=now)

    async def _queue(self, device: Device, message_ids: list[str], vouched: bool) -> None:
        """Pass the device gate and queue the stored messages in one call. A revoked device's
        stored messages are deleted and it hears 401; a queueing failure loses nothing (the
        re-queue sweep puts stored messages on the stream later)."""
        try:
            state, _ = await self._gate.queue(device.id, message_ids, vouched=vouched)
            if state == UNKNOWN:  # Redis does not know the device (lost it, or never had it)
                await self._devices.authenticate_hash(device.token_hash)
                state, _ = await self._gate.queue(device.id, message_ids, vouched=True)
        except errors.DeviceUnauthorized:
            state = "revoked"
        except Exception:
            log.warning(
                "queueing stored messages failed; the re-queue sweep will retry", exc_info=True
            )
            state = await self._confirm_active(device)
        if state != OK:
            await self._refuse(device, message_ids)

    async def _confirm_active(self, device: Device) -> str:
        """Redis failed: MongoDB decides whether the device may still post."""
        try:
            await self._devices.authenticate_hash(device.token_hash)
        except errors.DeviceUnauthorized:
            return "revoked"
        return OK

    async def _refuse(self, device: Device, message_ids: list[str]) -> None:
        self._known.pop(device.token_hash, None)
        if message_ids:
            await self._messages.delete_new(message_ids)
        metrics.INTAKE_REJECTED.labels(reason="unauthorized").inc()
        raise errors.DeviceUnauthorized()

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


def _check_signature(problem: str | None) -> None:
    """Refuse the request (nothing stored) when its signature does not hold."""
    if problem:
        metrics.INTAKE_REJECTED.labels(reason="bad_signature").inc()
        raise errors.SignatureRejected(details=[problem])


def _first_of_each(msgs: list[SmsMessage]) -> list[SmsMessage]:
    """The messages with a content key not seen earlier in the list."""
    seen: set[str] = set()
    out = []
    for msg in msgs:
        if msg.content_key not in seen:
            seen.add(msg.content_key)
            out.append(msg)
    return out
