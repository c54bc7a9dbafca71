"""What one webhook attempt sent and got back, as the portal shows it: capped and masked.

Pure rules shared by the worker (each attempt's record) and the local webhook inspector of
`claimsvc dev` (each request it receives). The request body is not kept per attempt: every
attempt sends the event's own stored body (domain/outbox.py), so the event page shows it once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

BODY_CAP = 2048
"""Characters of a receiver's reply body kept per attempt: enough for an error message or the
head of a stack trace, small enough that 20 attempts stay light on the event document."""

READ_CAP = BODY_CAP * 4 + 256
"""Bytes of a reply body read to keep BODY_CAP characters of it: four bytes per character at
most in UTF-8, plus room to find a secret that straddles the cut before cutting."""

HEADER_LINES_CAP = 20
"""Header lines kept per request or reply; a reply with more is marked cut."""

HEADER_VALUE_CAP = 200
"""Characters kept of one header value."""

MASK = "•••"
"""What a masked value or a secret found in a reply is shown as."""

SECRET_HEADER_NAMES = frozenset(
    {"authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"}
)
SECRET_NAME_PARTS = ("secret", "token", "password", "session", "key")
"""A header whose name holds one of these is masked whatever its value (x-api-key,
x-auth-token, x-session-id). The signature headers are not secrets: they are shown."""

Headers = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Exchange:
    """The request headers sent and the reply received (None: no reply came)."""

    request_headers: Headers = ()
    response_headers: Headers = ()
    response_body: str | None = None
    """The reply body as UTF-8 text, at most BODY_CAP characters (bad bytes replaced)."""
    body_cut: bool = False
    """True when the reply's body was longer than what was kept."""
    headers_cut: bool = False
    """True when the reply had more than HEADER_LINES_CAP header lines."""


def is_secret_header(name: str) -> bool:
    lowered = name.lower()
    return lowered in SECRET_HEADER_NAMES or any(part in lowered for part in SECRET_NAME_PARTS)


def hide_secrets(text: str, secrets: Iterable[str | None]) -> str:
    """`text` with every occurrence of each secret replaced by MASK (a receiver that echoes the
    callback secret in its error page must not show it in the portal)."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, MASK)
    return text


def mask_headers(
    headers: Iterable[tuple[str, str]], secrets: Iterable[str | None] = ()
) -> tuple[Headers, bool]:
    """Header lines as shown: at most HEADER_LINES_CAP, values cut at HEADER_VALUE_CAP,
    secret-named ones masked, known secrets hidden; and whether lines were left out."""
    known = tuple(secrets)
    kept: list[tuple[str, str]] = []
    cut = False
    for name, value in headers:
        if len(kept) == HEADER_LINES_CAP:
            cut = True
            break
        shown = MASK if is_secret_header(name) else hide_secrets(value, known)
        if len(shown) > HEADER_VALUE_CAP:
            shown = shown[:HEADER_VALUE_CAP] + "…"
        kept.append((name[:HEADER_VALUE_CAP], shown))
    return tuple(kept), cut


def body_text(head: bytes, secrets: Iterable[str | None] = ()) -> tuple[str, bool]:
    """The kept head of a reply body as text, and whether it was cut: decoded leniently (a cut
    in the middle of a character is replaced, never an error), known secrets hidden before the
    cut so no part of one shows, then at most BODY_CAP characters."""
    text = hide_secrets(head[:READ_CAP].decode("utf-8", errors="replace"), secrets)
    return text[:BODY_CAP], len(text) > BODY_CAP or len(head) >= READ_CAP


def capture(
    request_headers: Iterable[tuple[str, str]],
    response_headers: Iterable[tuple[str, str]] | None,
    response_head: bytes | None,
    secrets: Iterable[str | None] = (),
) -> Exchange:
    """The record of one attempt's exchange; `response_head` is the first READ_CAP bytes (at
    most) of the reply body, None when no reply came."""
    known = tuple(secrets)
    sent, _ = mask_headers(request_headers, known)
    if response_headers is None:
        return Exchange(request_headers=sent)
    got, headers_cut = mask_headers(response_headers, known)
    text, body_cut = body_text(response_head or b"", known)
    return Exchange(sent, got, text, body_cut, headers_cut)
