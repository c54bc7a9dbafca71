"""The five URL rules for success_url, cancel_url and webhook_url (interface.md §2)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

import yarl

from claimsvc.domain.hosts import connect_form, host_allowed, host_problem

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


@functools.lru_cache(maxsize=1024)
def _shape(url: str) -> tuple[str | None, str]:
    """The first rule `url` breaks whatever the account (a message with a {field} slot), or
    None and its host. Cached: a merchant sends the same few URLs with every initialize."""
    if len(url) > MAX_URL_LENGTH:
        return f"{{field}} must be at most {MAX_URL_LENGTH} characters", ""
    if _UNSAFE.search(url):
        return MALFORMED, ""
    try:
        parts = urlsplit(url)
    except ValueError:
        return MALFORMED, ""
    authority = _authority(parts.netloc)
    if not parts.scheme or authority is None or not authority.host:
        return MALFORMED, ""
    problem = host_problem(authority.host)
    if problem is not None:
        return f"{{field}} host {problem}", ""
    if authority.userinfo is not None:
        return "{field} must not contain credentials", ""
    if parts.scheme.lower() != "https":
        return "{field} must use https", ""
    if not _sender_agrees(url, connect_form(authority.host), authority.port):
        return MALFORMED, ""
    return None, authority.host


def check_url(url: object, allowed_hosts: Iterable[str], field: str = "url") -> str | None:
    """The first URL rule `url` breaks, as a message naming `field`; None when all hold."""
    if url is None or url == "":
        return f"{field} is required"
    if not isinstance(url, str):
        return f"{field} must be a string"
    problem, host = _shape(url)
    if problem is not None:
        return problem.format(field=field)
    if not host_allowed(host, allowed_hosts):
        return f"{field} host is not in the account's allowed hosts"
    return None
