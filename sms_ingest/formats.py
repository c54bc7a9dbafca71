"""The request bodies forwarder apps send, read into one shape; pure (values in, values out).

Accepted forms (docs/sms-forwarders.md has examples):
- generic: `{sender, message, received_at?, sim_slot?}`, or a JSON array of 1 to 100 of them;
- "SMS Gateway for Android" (capcom6/android-sms-gateway) webhooks: `{event, payload, ...}`;
- "IncomingSms SMS to URL forwarder" (bogkonstantin/android_income_sms_gateway_webhook):
  `{from, text, sentStamp?, receivedStamp?, sim?}`;
- "SMS Forwarder" (pppscn/SmsForwarder): the URL-encoded form `from, content, timestamp?, sign?`
  its Webhook sends by default, or the same fields as JSON; `content` is unwrapped from the app's
  envelope (sms_ingest/sms_forwarder.py).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import parse_qsl, unquote

from claimsvc.domain import bounds
from claimsvc.domain.limits import DHAKA
from claimsvc.domain.messages import IncomingSms
from sms_ingest import sms_forwarder

GENERIC, CAPCOM6, INCOME_GATEWAY = "generic", "sms_gateway_android", "incoming_sms_to_url"
SMS_FORWARDER = "sms_forwarder"
URL_ENCODED = "application/x-www-form-urlencoded"
MAX_BATCH = 100
MAX_SENDER = 64
MAX_TEXT = 4096
MAX_SLOT = 16
SIGNATURE_WINDOW_S = 300
SMS_RECEIVED = "sms:received"

# Phones report local time; a time without an offset is read as the merchants' zone.
LOCAL_ZONE = DHAKA
_TIME_PROBLEM = f"must be ISO 8601 or epoch milliseconds, {bounds.WINDOW}"
_GENERIC_FIELDS = {"sender", "message", "received_at", "sim_slot"}
_FORWARDER_FIELDS = {"from", "content", "timestamp", "sign"}
# The SMS Forwarder's `content` is the SMS inside its envelope (sender, slot, time, device name).
_ENVELOPE_ROOM = 256
UNKNOWN_FORM = (
    "body: not a known form; expected {sender, message, received_at}, an array of them, "
    "or a supported forwarder app's request"
)
_SIM = re.compile(r"^\s*sim\s*(\d{1,2})\s*$", re.IGNORECASE)


class FormatError(ValueError):
    """The body is not an accepted form; `details` are `field: reason` strings."""

    def __init__(self, details: list[str]) -> None:
        super().__init__("; ".join(details))
        self.details = details


@dataclass(frozen=True)
class Decoded:
    """A whole request: its form, its messages, and the webhook event name if any."""

    form: str
    messages: tuple[IncomingSms, ...]
    event: str | None = None
    stamp: str | None = None
    """The SMS Forwarder's `timestamp` (Unix milliseconds), which its `sign` covers."""
    sign: str | None = None
    """The SMS Forwarder's `sign`, checked against the device's signing key."""


def is_url_encoded(content_type: str | None) -> bool:
    """Whether a request's Content-Type names a URL-encoded form (parameters ignored)."""
    return (content_type or "").split(";", 1)[0].strip().lower() == URL_ENCODED


def decode(data: Any) -> Decoded:
    """Read a parsed JSON body; FormatError with every reason when it is not acceptable."""
    if isinstance(data, list):
        return Decoded(GENERIC, _batch(data))
    if not isinstance(data, dict):
        raise FormatError(["body: must be a JSON object or an array of messages"])
    if "event" in data:
        return _capcom6(data)
    if "content" in data:
        return _sms_forwarder(data)
    if "from" in data or "text" in data:
        return Decoded(INCOME_GATEWAY, (_income_gateway(data),))
    if "sender" in data or "message" in data:
        problems: list[str] = []
        one = _generic(data, "", problems)
        _raise(problems)
        return Decoded(GENERIC, (one,) if one else ())
    raise FormatError([UNKNOWN_FORM])


def decode_form(body: bytes) -> Decoded:
    """Read a URL-encoded body: the SMS Forwarder app's default webhook request."""
    try:
        pairs = parse_qsl(
            body.decode("utf-8"),
            keep_blank_values=True,
            strict_parsing=bool(body),
            errors="strict",
            max_num_fields=4 * len(_FORWARDER_FIELDS),
        )
    except (UnicodeError, ValueError):
        raise FormatError(["body: must be a URL-encoded form in UTF-8"]) from None
    data: dict[str, Any] = {}
    problems: list[str] = []
    for name, value in pairs:
        if name in data:
            problems.append(f"{name}: given more than once")
        data[name] = value
    _raise(problems)
    return _sms_forwarder(data)


def _sms_forwarder(data: dict[str, Any]) -> Decoded:
    problems = [f"{name}: unknown field" for name in sorted(set(data) - _FORWARDER_FIELDS)]
    sender = _text(data, "from", MAX_SENDER, "", problems)
    content = _text(data, "content", MAX_TEXT + _ENVELOPE_ROOM, "", problems)
    stamp, sign = data.get("timestamp"), data.get("sign")
    if stamp is not None and not (isinstance(stamp, str) or type(stamp) is int):
        problems.append("timestamp: must be Unix milliseconds")
    if sign is not None and not isinstance(sign, str):
        problems.append("sign: must be a string")
    _raise(problems)
    sms = sms_forwarder.unwrap(sender or "", content or "")
    if not sms.text:
        raise FormatError(["content: holds no SMS text"])
    if len(sms.text) > MAX_TEXT:
        raise FormatError([f"content: the SMS must be at most {MAX_TEXT} characters"])
    received = None if sms.received_at is None else bounds.in_window(sms.received_at)
    if sms.received_at is not None and received is None:
        raise FormatError(
            [f"content: the receive time in the app's envelope must be {bounds.WINDOW}"]
        )
    one = IncomingSms(sender or "", sms.text, received, sms.sim_slot)
    return Decoded(SMS_FORWARDER, (one,), stamp=None if stamp is None else str(stamp), sign=sign)


def _raise(problems: list[str]) -> None:
    if problems:
        raise FormatError(problems)


def _batch(items: list[Any]) -> tuple[IncomingSms, ...]:
    if not 1 <= len(items) <= MAX_BATCH:
        raise FormatError([f"body: a batch holds 1 to {MAX_BATCH} messages, got {len(items)}"])
    problems: list[str] = []
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            problems.append(f"[{i}]: must be an object")
            continue
        one = _generic(item, f"[{i}].", problems)
        if one:
            out.append(one)
    _raise(problems)
    return tuple(out)


def _generic(item: dict[str, Any], at: str, problems: list[str]) -> IncomingSms | None:
    before = len(problems)
    problems += [f"{at}{name}: unknown field" for name in sorted(set(item) - _GENERIC_FIELDS)]
    sender = _text(item, "sender", MAX_SENDER, at, problems)
    message = _text(item, "message", MAX_TEXT, at, problems)
    received = _moment(item.get("received_at"), f"{at}received_at", problems)
    slot = item.get("sim_slot")
    if slot is not None and not bounds.is_int(slot, 0, MAX_SLOT):
        problems.append(f"{at}sim_slot: must be an integer from 0 to {MAX_SLOT}")
    if len(problems) > before:
        return None
    return IncomingSms(sender or "", message or "", received, slot)


def _capcom6(data: dict[str, Any]) -> Decoded:
    event = data.get("event")
    if not isinstance(event, str) or not event:
        raise FormatError(["event: must be a non-empty string"])
    if event != SMS_RECEIVED:
        return Decoded(CAPCOM6, (), event)
    payload = data.get("payload")
    if not isinstance(payload, dict):
        raise FormatError(["payload: must be an object"])
    problems: list[str] = []
    sender = _text(payload, "phoneNumber", MAX_SENDER, "payload.", problems)
    message = _text(payload, "message", MAX_TEXT, "payload.", problems)
    received = _moment(payload.get("receivedAt"), "payload.receivedAt", problems)
    slot = _slot(payload.get("simNumber"), "payload.simNumber", problems)
    _raise(problems)
    return Decoded(CAPCOM6, (IncomingSms(sender or "", message or "", received, slot),), event)


def _income_gateway(data: dict[str, Any]) -> IncomingSms:
    problems: list[str] = []
    sender = _text(data, "from", MAX_SENDER, "", problems)
    message = _text(data, "text", MAX_TEXT, "", problems)
    # receivedStamp is the phone's clock when it forwarded; sentStamp the network's SMS time.
    received = _moment(data.get("receivedStamp"), "receivedStamp", problems)
    sent = _moment(data.get("sentStamp"), "sentStamp", problems)
    slot = _slot(data.get("sim"), "sim", problems)
    _raise(problems)
    return IncomingSms(sender or "", message or "", received or sent, slot)


def _text(item: dict[str, Any], name: str, limit: int, at: str, problems: list[str]) -> str | None:
    value = item.get(name)
    if not isinstance(value, str) or not value.strip():
        problems.append(f"{at}{name}: must be a non-empty string")
        return None
    if len(value) > limit:
        problems.append(f"{at}{name}: must be at most {limit} characters")
        return None
    return value


def _slot(value: Any, name: str, problems: list[str]) -> int | None:
    """A SIM slot as apps report it: 1, "1", "sim1"; "undetected", a number out of 0 to 16
    and the like are unknown."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if bounds.is_int(value, 0, MAX_SLOT) else None
    if isinstance(value, str):
        m = _SIM.match(value)
        return bounds.digits(m[1] if m else value, MAX_SLOT)
    problems.append(f"{name}: must be a number or a string")
    return None


def _moment(value: Any, name: str, problems: list[str]) -> datetime | None:
    """ISO 8601 (no offset: Asia/Dhaka) or epoch milliseconds, as a number or digit string,
    in the window of claimsvc.domain.bounds (2000 to 2100)."""
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().isdigit():
        moment = None if (ms := bounds.digits(value)) is None else bounds.epoch_ms(ms)
    elif isinstance(value, int) and not isinstance(value, bool):
        moment = bounds.epoch_ms(value)
    elif isinstance(value, str):
        moment = bounds.iso_time(value, LOCAL_ZONE)
    else:
        moment = None
    if moment is None:
        problems.append(f"{name}: {_TIME_PROBLEM}")
    return moment


def signature_problem(
    key: str, body: bytes, timestamp: str | None, signature: str | None, now: datetime
) -> str | None:
    """Why a signed request fails: hex HMAC-SHA256 over raw body + X-Timestamp, keyed by `key`."""
    if not timestamp or not signature:
        return "missing X-Signature or X-Timestamp"
    stamp = timestamp.strip()
    seconds = bounds.digits(stamp)
    if seconds is None:
        return "X-Timestamp must be Unix seconds"
    if abs(now.timestamp() - seconds) > SIGNATURE_WINDOW_S:
        return "X-Timestamp is more than 5 minutes away"
    expected = hmac.new(key.encode("utf-8"), body + stamp.encode(), hashlib.sha256).hexdigest()
    given = signature.strip().lower().encode("utf-8", "replace")
    if not hmac.compare_digest(expected.encode(), given):
        return "X-Signature does not match"
    return None


def forwarder_sign_problem(
    key: str, timestamp: str | None, sign: str | None, now: datetime
) -> str | None:
    """Why the SMS Forwarder form's `timestamp` and `sign` do not prove the app holds `key`.

    The app signs Base64(HMAC-SHA256(key, "<timestamp>\\n<key>")), URL-encoded before the form
    encodes it again; `timestamp` is Unix milliseconds. It covers the time only, not the text:
    it proves the request was made within minutes by an app holding the key, nothing more
    (docs/decisions.md)."""
    if not timestamp or not sign:
        return "missing sign or timestamp"
    stamp = timestamp.strip()
    millis = bounds.digits(stamp)
    if millis is None:
        return "timestamp must be Unix milliseconds"
    if abs(now.timestamp() * 1000 - millis) > SIGNATURE_WINDOW_S * 1000:
        return "timestamp is more than 5 minutes away"
    digest = hmac.new(key.encode("utf-8"), f"{stamp}\n{key}".encode(), hashlib.sha256).digest()
    given = unquote(sign.strip()).encode("utf-8", "replace")
    if not hmac.compare_digest(base64.b64encode(digest), given):
        return "sign does not match"
    return None
