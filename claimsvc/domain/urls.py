"""The five URL rules for success_url, cancel_url and webhook_url (interface.md §2)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

import yarl

from claimsvc.domain.hosts import (
    AMBIGUOUS,
    INVALID,
    connect_form,
    host_allowed,
    host_problem,
)

MAX_URL_LENGTH = 2048
MAX_PORT = 65535

MALFORMED = "{field} is not a well-formed URL"

# Whitespace (\s is str.isspace() for str patterns), control characters and backslashes.
_UNSAFE = re.compile(r"[\s\x00-\x1f\x7f\\]")
_PORT = re.compile(r"[0-9]{1,5}")


@dataclass(frozen=True)
class Authority:
    """A URL's authority as written: userinfo (None when absent), host (IPv6 without its
    brackets) and port (None when absent)."""

    userinfo: str | None
    host: str
    port: int | None


def _authority(netloc: str) -> Authority | None:
    """The parts of `netloc`, or None when it is malformed (a port that is not 1 to 65535 in
    ASCII digits, an unclosed bracket, text after one)."""
    userinfo, at, hostport = netloc.rpartition("@")
    if hostport.startswith("["):
        host, bracket, rest = hostport[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:] if rest else None
    else:
        host, colon, port_text = hostport.partition(":")
        port_text = port_text if colon else None
        if ":" in host or "[" in host or "]" in host:
            return None
    port = None
    if port_text is not None:
        if not _PORT.fullmatch(port_text) or not 0 < int(port_text) <= MAX_PORT:
            return None
        port = int(port_text)
    return Authority(userinfo if at else None, host, port)


def _sender_agrees(url: str, host: str, port: int | None) -> bool:
    """Whether the sender's URL library (yarl, under aiohttp) reads the same host and port."""
    try:
        parsed = yarl.URL(url)
        return parsed.raw_host == host and parsed.explicit_port == port
    except (ValueError, UnicodeError):
        return False


REQUIRED = "required"
NOT_TEXT = "not_text"
TOO_LONG = "too_long"
BAD_SHAPE = "malformed"
BAD_HOST = "host_invalid"
AMBIGUOUS_HOST = "host_ambiguous"
CREDENTIALS = "credentials"
NOT_HTTPS = "not_https"
HOST_NOT_ALLOWED = "host_not_allowed"

RULES: dict[str, str] = {
    REQUIRED: "{field} is required",
    NOT_TEXT: "{field} must be a string",
    TOO_LONG: f"{{field}} must be at most {MAX_URL_LENGTH} characters",
    BAD_SHAPE: MALFORMED,
    BAD_HOST: f"{{field}} host {INVALID}",
    AMBIGUOUS_HOST: f"{{field}} host {AMBIGUOUS}",
    CREDENTIALS: "{field} must not contain credentials",
    NOT_HTTPS: "{field} must use https",
    HOST_NOT_ALLOWED: "{field} host is not in the account's allowed hosts",
}
"""Each URL rule by name, and the message the API answers when a URL breaks it (a page shows
the rule's words instead: the portal's webhooks words name each rule)."""


@functools.lru_cache(maxsize=1024)
def _shape(url: str) -> tuple[str | None, str]:
    """The first rule `url` breaks whatever the account (a name of RULES), or None and its
    host. Cached: a merchant sends the same few URLs with every initialize."""
    if len(url) > MAX_URL_LENGTH:
        return TOO_LONG, ""
    if _UNSAFE.search(url):
        return BAD_SHAPE, ""
    try:
        parts = urlsplit(url)
    except ValueError:
        return BAD_SHAPE, ""
    authority = _authority(parts.netloc)
    if not parts.scheme or authority is None or not authority.host:
        return BAD_SHAPE, ""
    problem = host_problem(authority.host)
    if problem is not None:
        return (AMBIGUOUS_HOST if problem == AMBIGUOUS else BAD_HOST), ""
    if authority.userinfo is not None:
        return CREDENTIALS, ""
    if parts.scheme.lower() != "https":
        return NOT_HTTPS, ""
    if not _sender_agrees(url, connect_form(authority.host), authority.port):
        return BAD_SHAPE, ""
    return None, authority.host


def broken_rule(url: object, allowed_hosts: Iterable[str]) -> str | None:
    """The name of the first URL rule `url` breaks (a key of RULES); None when all hold."""
    if url is None or url == "":
        return REQUIRED
    if not isinstance(url, str):
        return NOT_TEXT
    rule, host = _shape(url)
    if rule is not None:
        return rule
    if not host_allowed(host, allowed_hosts):
        return HOST_NOT_ALLOWED
    return None


def check_url(url: object, allowed_hosts: Iterable[str], field: str = "url") -> str | None:
    """The first URL rule `url` breaks, as a message naming `field`; None when all hold."""
    rule = broken_rule(url, allowed_hosts)
    return None if rule is None else RULES[rule].format(field=field)
