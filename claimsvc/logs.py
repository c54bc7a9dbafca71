"""One JSON object a line, with the request id of the request being served."""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import sys
from datetime import UTC, datetime
from typing import Any, TextIO

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)

_PHONE = re.compile(r"(?<!\d)(\+?88)?(01\d)(\d{4})(\d{4})(?!\d)")
_SECRETISH = re.compile(r"\b(sk|dev|adm|whsec)_[A-Za-z0-9_\-]{6,}")
# Built once: json.dumps with default= would build a new encoder for every line.
_ENCODER = json.JSONEncoder(default=str)
# ASCII only: str.isalnum() also admits letters of every script, which have no place in a header.
_REQUEST_ID = re.compile(r"[A-Za-z0-9_\-]+")


def accept_request_id(given: str | None) -> str:
    """The caller's X-Request-Id if it is a short ASCII token, else a new id; bound for logging."""
    rid = given or ""
    if not (0 < len(rid) <= 64 and _REQUEST_ID.fullmatch(rid)):
        rid = secrets.token_hex(8)
    request_id.set(rid)
    return rid


def mask_phone(text: str) -> str:
    """Bangladeshi mobile numbers with the middle digits hidden: 017****5678."""
    return _PHONE.sub(lambda m: f"{m.group(1) or ''}{m.group(2)}****{m.group(4)}", text)


def scrub(text: str) -> str:
    """Last line of defence: mask phone numbers and anything shaped like our secrets."""
    return _SECRETISH.sub(lambda m: f"{m.group(1)}_***", mask_phone(text))


def _scrubbed(value: Any) -> Any:
    """`value` with every string in it scrubbed, however deep; other objects as their str()."""
    if isinstance(value, str):
        return scrub(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, dict):
        return {str(k): _scrubbed(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_scrubbed(v) for v in value]
    return scrub(str(value))


class JsonFormatter(logging.Formatter):
    """Renders a record as one JSON line; extra fields given as `extra={"fields": {...}}`."""

    def format(self, record: logging.LogRecord) -> str:
        out = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": scrub(record.getMessage()),
        }
        rid = request_id.get()
        if rid:
            out["request_id"] = rid
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            # Nested values and objects rendered by str() are scrubbed too, not only top-level text.
            out.update({k: _scrubbed(v) for k, v in fields.items()})
        if record.exc_info:
            out["exc"] = scrub(self.formatException(record.exc_info))
        return _ENCODER.encode(out)


def setup_logging(level: str = "INFO", stream: TextIO | None = None) -> None:
    """Route every logger (tornado's too) through the JSON formatter."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # Tornado's access log duplicates our request log line.
    logging.getLogger("tornado.access").setLevel(logging.WARNING)
