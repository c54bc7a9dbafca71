"""One JSON object a line, with the request id of the request being served.

Secrets stay out at every level (issue 23): CLAIMSVC_LOG_LEVEL sets our own loggers only; every
library's (the MongoDB driver's command log above all) stays at WARNING unless
CLAIMSVC_LIBRARY_LOG_LEVEL asks for more; and every line is scrubbed of phone numbers, values
shaped like our secrets, and the values of fields named like secrets.
"""

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
# The value of a field whose name says it holds a secret, in JSON (also as JSON inside a JSON
# string, as the driver's command log writes documents: \"key_hash\": \"...\"), in a Python
# repr or as name=value: a quoted string (to the quote escaped as its opening one was, else to
# the end of the line: the driver cuts long documents), an array, or a bare word.
_SECRET_NAMES = (
    "secret|hash|password|signing_key|token|totp|recovery|api[_-]key|authorization|cookie|csrf"
)
_SECRET_NAME = re.compile(_SECRET_NAMES, re.IGNORECASE)
_SECRET_FIELD = re.compile(
    rf"""(?ix)
    ( [\w.-]*(?:{_SECRET_NAMES})[\w.-]* \\*["']?\s*[:=]\s* )
    (?: (\\*)".*?(?:(?<!\\)\2"|$) | '[^']*'? | \[[^\]]*\]? | [^\s,;&}}\]"'\\]+ )
    """
)
_BEARER = re.compile(r"(?i)\b(bearer|basic)\s+[^\s\"',;}\\]+")
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
    """Last line of defence: mask phone numbers, anything shaped like our secrets, credentials
    after `Bearer`, and the value of any field named like a secret (`callback_secret`,
    `key_hash`, `password`, `token`...). It cannot know a secret kept under an innocent name
    (a hash used as an `_id`): keeping library loggers quiet is the first defence."""
    text = _BEARER.sub(lambda m: f"{m.group(1)} ***", text)
    text = _SECRET_FIELD.sub(lambda m: f"{m.group(1)}***", text)
    return _SECRETISH.sub(lambda m: f"{m.group(1)}_***", mask_phone(text))


def _scrubbed(value: Any) -> Any:
    """`value` with every string in it scrubbed, however deep; other objects as their str()."""
    if isinstance(value, str):
        return scrub(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, dict):
        return {str(k): _field(str(k), v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_scrubbed(v) for v in value]
    return scrub(str(value))


def _field(name: str, value: Any) -> Any:
    """A field's value scrubbed, or hidden whole when its name says it holds a secret."""
    return "***" if _SECRET_NAME.search(name) else _scrubbed(value)


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
            out.update({str(k): _field(str(k), v) for k, v in fields.items()})
        if record.exc_info:
            out["exc"] = scrub(self.formatException(record.exc_info))
        return _ENCODER.encode(out)


OWN_LOGGERS = ("claimsvc", "sms_ingest")
"""Our loggers: CLAIMSVC_LOG_LEVEL applies to these alone."""


def setup_logging(
    level: str = "INFO", stream: TextIO | None = None, library_level: str = "WARNING"
) -> None:
    """Route every logger (tornado's and the libraries' too) through the JSON formatter: ours
    at `level`, every other at `library_level`.

    The root logger carries the library level, so a library nobody listed (pymongo's
    `pymongo.command`, redis, aiohttp, asyncio, tornado) is quiet by default: at DEBUG
    the driver logs whole commands and replies, secrets and hashes in them."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(library_level)
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(level)
    # Tornado's access log duplicates our request log line (and would carry the query string,
    # where a forwarder app may put its device token).
    logging.getLogger("tornado.access").setLevel(logging.WARNING)
