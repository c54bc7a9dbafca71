"""A forwarded SMS as a value: what the device sent, when it was stored and queued, and what
processing made of it."""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class MessageResult:
    """What processing made of a message, written with its processed_at."""

    result: str
    provider: str | None = None
    reason: str | None = None
    transaction_id: str | None = None
    parsed_by: str | None = None
    """How a parsed message was read: "rule", "arithmetic" or "taught" (None: not parsed)."""


@dataclass(frozen=True)
class SmsMessage:
    """One SMS as a device forwarded it, stored once per (account, device, sender, text)."""

    id: str
    account_id: str
    device_id: str
    form: str | None
    """The body shape it came in (formats.py)."""
    sender: str
    text: str
    sim_slot: int | None
    received_at: datetime
    """When the phone received it (or the intake did: see received_at_source)."""
    received_at_source: str | None
    """"device", "intake" (the device sent no time) or "intake_clock_ahead"."""
    reported_received_at: datetime | None
    """The time the device reported, even when not believed."""
    content_key: str
    stored_at: datetime
    queued_at: datetime | None = None
    """Last put on the stream (or about to be): the re-queue sweep waits for it to age."""
    processed_at: datetime | None = None
    """Set with the result fields below, last: None while processing is still owed."""
    result: str | None = None
    provider: str | None = None
    reason: str | None = None
    transaction_id: str | None = None
    reparses: int = 0
    """Re-parses asked for (`POST /admin/v1/messages/reparse`)."""
    reparse_requested_at: datetime | None = None
    parsed_by: str | None = None
    """How it was read, when parsed: "rule", "arithmetic" or "taught"."""


@dataclass(frozen=True)
class IncomingSms:
    """One forwarded SMS as a forwarder's request states it (sms_ingest/formats.py reads it)."""

    sender: str
    text: str
    received_at: datetime | None
    """When the phone received it, as the forwarder reports it (None: not reported)."""
    sim_slot: int | None


def normalise_text(text: str) -> str:
    """NFKC with every whitespace run as one space: lost or doubled line breaks compare equal."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def content_key(account_id: str, device_id: str, sender: str, text: str) -> str:
    """What makes two forwarded SMS the same message (see docs/sms-forwarders.md)."""
    parts = (account_id, device_id, sender.strip().casefold(), normalise_text(text))
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()
