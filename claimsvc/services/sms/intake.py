"""The intake use-case: authenticate a forwarder device, store each SMS of its request once, queue
them. Reading the request's body and checking its signature are the HTTP edge's
(`sms_ingest/app.py`, with the body shapes of `sms_ingest/formats.py`).

Requests are committed in groups: those arriving while one group is being stored are stored
together next, in one insert and one gate script (docs/decisions.md, "Issue 35: a
group-committing SMS intake"). Each request still hears 202 only once its own SMS are stored."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import timedelta

from claimsvc import errors
from claimsvc.clock import Clock
from claimsvc.domain.accounts import sha256_hex
from claimsvc.domain.devices import Device
from claimsvc.domain.messages import IncomingSms, SmsMessage, content_key
from claimsvc.services.devices import DeviceService
from claimsvc.services.sms import metrics
from claimsvc.store.batching import GroupCommit
from claimsvc.store.devices import TOUCH_EVERY
from claimsvc.store.messages import MessageStore
from claimsvc.store.mongo import new_id
from claimsvc.store.sms_gate import OK, UNKNOWN, GateRequest, SmsGate

log = logging.getLogger("claimsvc.services.sms.intake")

FUTURE_TOLERANCE = timedelta(minutes=5)
"""A phone clock further ahead than this is not trusted: the intake time is used instead."""

KNOWN_DEVICES = 10_000
"""Devices whose identity a process remembers (least recently used out)."""


@dataclass(frozen=True)
class Arrival:
    """A request's SMS to store (each content once), from a device that may still be refused."""

    device: Device
    messages: list[SmsMessage]
    vouched: bool


@dataclass(frozen=True)
class Committed:
    """What its group's commit made of a request: the ids of its SMS stored now (the others were
    stored before), and the device gate's state for it, or the error the gate's call raised."""

    stored: list[str]
    gate: str | Exception


@dataclass(frozen=True)
class Accepted:
    """The intake answer: messages newly stored, and those already stored before."""

    accepted: int
    duplicates: int


class SmsIntake:
    """POST /sms/v1/messages behind the handler's body reading.

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
        self._groups = GroupCommit(self._commit)

    async def authenticate(self, token: str | None) -> tuple[Device, bool]:
        """The device behind the token, and whether it was just read active from MongoDB
        (DeviceUnauthorized when none is)."""
        return await self._authenticate(token)

    async def refuse_body(self, device: Device, vouched: bool) -> None:
        """A request whose body cannot be read: nothing is stored, but a revoked device still
        hears 401 rather than 400 (the device gate is asked as for any request)."""
        await self._queue(device, [], vouched)
        metrics.INTAKE_REJECTED.labels(reason="bad_body").inc()

    async def store(
        self, device: Device, form: str, incoming: Sequence[IncomingSms], vouched: bool
    ) -> Accepted:
        """Store every SMS of a request durably, each once, then queue them, with the requests
        of its group (a request with none is a forwarder's ping: only the device gate is
        asked)."""
        await self._seen(device)
        msgs = [self._message(device, form, m) for m in incoming]
        committed = await self._groups.submit(Arrival(device, _first_of_each(msgs), vouched))
        await self._queue(device, committed.stored, vouched, committed.gate)
        if not msgs:
            metrics.INTAKE_EVENTS.labels(form=form).inc()
            return Accepted(0, 0)
        stored = len(committed.stored)
        duplicates = len(msgs) - stored
        metrics.INTAKE_MESSAGES.labels(form=form, outcome="accepted").inc(stored)
        metrics.INTAKE_MESSAGES.labels(form=form, outcome="duplicate").inc(duplicates)
        return Accepted(stored, duplicates)

    async def _commit(self, group: list[Arrival]) -> list[Committed]:
        """Store a group's SMS in one command, then pass the device gate and queue them in one
        script. A storing failure fails the whole group (each forwarder retries, as for any
        failure); a gate failure is handed to each request to settle (`_queue`)."""
        metrics.INTAKE_GROUP_REQUESTS.observe(len(group))
        msgs = [msg for arrival in group for msg in arrival.messages]
        new = {m.id for m in await self._messages.insert_many(msgs)} if msgs else set()
        stored = [[m.id for m in arrival.messages if m.id in new] for arrival in group]
        requests = [
            GateRequest(arrival.device.id, ids, arrival.vouched)
            for arrival, ids in zip(group, stored, strict=True)
        ]
        try:
            states: list[str | Exception] = list(await self._gate.queue_many(requests))
        except Exception as exc:
            states = [exc] * len(group)
        return [Committed(ids, state) for ids, state in zip(stored, states, strict=True)]

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

    async def _queue(
        self,
        device: Device,
        message_ids: list[str],
        vouched: bool,
        gate: str | Exception | None = None,
    ) -> None:
        """Pass the device gate and queue the stored messages in one call (`gate`: its answer
        when the request's group asked it already). A revoked device's stored messages are
        deleted and it hears 401; a queueing failure loses nothing (the re-queue sweep puts
        stored messages on the stream later)."""
        try:
            if gate is None:
                gate = await self._gate.queue(device.id, message_ids, vouched=vouched)
            if isinstance(gate, Exception):
                raise gate
            state = gate
            if state == UNKNOWN:  # Redis does not know the device (lost it, or never had it)
                await self._devices.authenticate_hash(device.token_hash)
                state = await self._gate.queue(device.id, message_ids, vouched=True)
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

    def _message(self, device: Device, form: str, incoming: IncomingSms) -> SmsMessage:
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
            content_key=content_key(device.account_id, device.id, incoming.sender, incoming.text),
            stored_at=now,
            # Set at once: the re-queue sweep leaves a message alone until this is old, so it
            # never races the XADD below; a crash before the XADD is caught after the delay.
            queued_at=now,
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
