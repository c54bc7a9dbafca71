"""The five URL rules for success_url, cancel_url and webhook_url (interface.md §2)."""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Iterable
from urllib.parse import SplitResult, urlsplit

MAX_URL_LENGTH = 2048


@functools.lru_cache(maxsize=4096)
def normalise_host(host: str) -> str:
    """Lower-case, without a trailing dot, IDNA-encoded: the form hosts are compared in."""
    host = host.strip().rstrip(".").lower()
    try:
        return host.encode("idna").decode("ascii")
    except UnicodeError:
        return host


def host_allowed(host: str, allowed_hosts: Iterable[str]) -> bool:
    """Exact match, or a `*.example.com` entry matching any subdomain (not the apex)."""
    host = normalise_host(host)
    for entry in allowed_hosts:
        entry = normalise_host(entry)
        if entry.startswith("*."):
            if host.endswith(entry[1:]) and host != entry[2:]:
                return True
        elif host == entry:
            return True
    return False


# Whitespace (\s is str.isspace() for str patterns), control characters and backslashes.
_UNSAFE = re.compile(r"[\s\x00-\x1f\x7f\\]")


def _split(url: str) -> SplitResult | None:
    if _UNSAFE.search(url):
        return None
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a malformed port
    except ValueError:
        return None
    if not parts.scheme or not parts.netloc or not parts.hostname:
        return None
    if parts.hostname.startswith("[") or not _host_well_formed(parts.hostname, parts.netloc):
        return None
    return parts


def _host_well_formed(host: str, netloc: str) -> bool:
    if "[" in netloc:
        try:
            ipaddress.IPv6Address(host.split("%")[0])
        except ValueError:
            return False
        return True
    labels = normalise_host(host).split(".")
    return all(0 < len(label) <= 63 for label in labels) and all(
        ch.isalnum() or ch in "-_" for label in labels for ch in label
    )


@functools.lru_cache(maxsize=1024)
def _shape(url: str) -> tuple[str | None, str]:
    """The first rule `url` breaks whatever the account (a message with a {field} slot), or
    None and its host. Cached: a merchant sends the same few URLs with every initialize."""
    if len(url) > MAX_URL_LENGTH:
        return f"{{field}} must be at most {MAX_URL_LENGTH} characters", ""
    parts = _split(url)
    if parts is None:
        return "{field} is not a well-formed URL", ""
    if parts.username is not None or parts.password is not None or "@" in parts.netloc:
        return "{field} must not contain credentials", ""
    if parts.scheme.lower() != "https":
        return "{field} must use https", ""
    return None, parts.hostname or ""


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
