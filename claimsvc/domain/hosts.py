"""The one host rule: which hosts a URL or an allowed-hosts entry may name, and the form they are
compared in, which is the ASCII form the webhook sender connects to.

The sender is aiohttp, whose URLs are yarl's: a host is lower-cased, and a non-ASCII one encoded
by the `idna` package as UTS-46 with non-transitional processing (IDNA 2008), falling back to
Python's IDNA 2003 codec when that fails. The two disagree on the deviation characters (`ß`,
`ς`, the zero-width joiners) and on symbols IDNA 2003 maps and IDNA 2008 refuses, so a host is
accepted only when the strict UTS-46 form exists and involves no deviation character: then every
client connects to the same name (urls.py also asks yarl, and refuses a URL whose host it reads
otherwise). An IP literal must be written as the address itself (IPv4 as four decimal numbers);
`127.1`, `2130706433` or `0177.0.0.1` mean 127.0.0.1 to some parsers and nothing to others.
"""

from __future__ import annotations

import functools
import ipaddress
import re
from collections.abc import Iterable

import idna

MAX_NAME_LENGTH = 253
"""Of the ASCII form, without a trailing dot (RFC 1035 §2.3.4, as a dotted name)."""

INVALID = "must be a DNS name or an IP address written in full"
AMBIGUOUS = (
    "contains ß, ς or a zero-width joiner, which IDNA versions encode differently; "
    "write it in its xn-- form"
)

DEVIATIONS = frozenset("\u00df\u03c2\u200c\u200d")
"""UTS-46's deviation characters: IDNA 2003 maps them (ß to ss), IDNA 2008 keeps them."""

WILDCARD = "*."

# A letter-digit-hyphen label (RFC 1123 §2.1): no underscore, no hyphen at either end.
_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")
# A last label that URL parsers read as a number, so the host as an IPv4 address (WHATWG URL).
_NUMBER = re.compile(r"[0-9]+|0x[0-9a-f]*")


class BadHost(ValueError):
    """A host no sender could use as written; its text is one of the fixed problems above."""


def connect_form(host: str) -> str:
    """`host` (an IPv6 address without brackets) in the form the sender connects to: a
    lower-case ASCII DNS name, a dotted-quad IPv4 address or a compressed IPv6 address.
    Raises BadHost when the host is not one of those (see the module's docstring)."""
    form, problem = _form(host)
    if problem is not None:
        raise BadHost(problem)
    return form


def host_problem(host: str) -> str | None:
    """Why `host` is refused (INVALID or AMBIGUOUS), or None when it is a usable host."""
    return _form(host)[1]


@functools.lru_cache(maxsize=4096)
def _form(host: str) -> tuple[str, str | None]:
    if ":" in host:
        return _ipv6(host)
    if not host or host.endswith("."):
        # A trailing dot names the same DNS name to a resolver but another host to TLS and to
        # HTTP's Host header; refusing it keeps one spelling per host.
        return "", INVALID
    if host.isascii():
        name = host.lower()
    else:
        if _deviates(host):
            return "", AMBIGUOUS
        name = _uts46(host) or ""
    if not _is_dns_name(name):
        return "", INVALID
    if _NUMBER.fullmatch(name.rsplit(".", 1)[-1]):
        # An address is written in ASCII digits and dots: fullwidth digits or ideographic full
        # stops map to one, but are not the address written in full.
        return _ipv4(name) if host.isascii() else ("", INVALID)
    return name, None


def _ipv6(host: str) -> tuple[str, str | None]:
    if "%" in host:  # a zone names an interface of this machine, never a merchant's server
        return "", INVALID
    try:
        return ipaddress.IPv6Address(host).compressed, None
    except ValueError:
        return "", INVALID


def _ipv4(name: str) -> tuple[str, str | None]:
    try:
        address = ipaddress.IPv4Address(name)  # refuses short forms and leading zeros
    except ValueError:
        return "", INVALID
    return (name, None) if str(address) == name else ("", INVALID)


def _deviates(host: str) -> bool:
    """Whether `host` holds a deviation character once UTS-46 has mapped it (capital ẞ maps to
    ß, so it is checked in the mapped form, not only as written)."""
    if any(ch in DEVIATIONS for ch in host):
        return True
    try:
        mapped = idna.uts46_remap(host, std3_rules=True, transitional=False)
    except idna.IDNAError:
        return False  # refused as invalid by the encoding that follows
    return any(ch in DEVIATIONS for ch in mapped)


def _uts46(host: str) -> str | None:
    """The strict UTS-46 (non-transitional, STD3) ASCII form of a non-ASCII host, or None.
    Characters UTS-46 deletes (a soft hyphen, a zero-width space) make it None too: the name
    typed would not be the name connected to."""
    for ch in set(host):
        if ch.isascii():
            continue
        try:
            if not idna.uts46_remap(ch, std3_rules=True):
                return None
        except idna.IDNAError:
            return None
    try:
        return idna.encode(host, uts46=True, std3_rules=True).decode("ascii")
    except (idna.IDNAError, UnicodeError):
        return None


def _is_dns_name(name: str) -> bool:
    """LDH labels of 1 to 63 characters, at most 253 in all; an `xn--` label a valid A-label."""
    if not 0 < len(name) <= MAX_NAME_LENGTH:
        return False
    for label in name.split("."):
        if not _LABEL.fullmatch(label):
            return False
        if label.startswith("xn--") and not _is_a_label(label):
            return False
    return True


def _is_a_label(label: str) -> bool:
    try:
        return idna.encode(idna.decode(label)).decode("ascii") == label
    except (idna.IDNAError, UnicodeError):
        return False


def entry_problem(entry: str) -> str | None:
    """Why an allowed-hosts entry is refused, or None: a host, or `*.` and a DNS name."""
    if entry.startswith(WILDCARD):
        domain = entry[len(WILDCARD) :]
        problem = host_problem(domain)
        if problem is None and ":" not in domain and not _NUMBER.fullmatch(domain.rsplit(".")[-1]):
            return None
        return problem or INVALID
    return host_problem(entry.removeprefix("[").removesuffix("]") if ":" in entry else entry)


@functools.lru_cache(maxsize=4096)
def entry_form(entry: str) -> str | None:
    """An allowed-hosts entry in the compared form (`*.` kept), or None when it is refused:
    an entry stored before this rule that breaks it matches nothing."""
    if entry_problem(entry) is not None:
        return None
    if entry.startswith(WILDCARD):
        return WILDCARD + connect_form(entry[len(WILDCARD) :])
    return connect_form(entry.removeprefix("[").removesuffix("]") if ":" in entry else entry)


def host_allowed(host: str, allowed_hosts: Iterable[str]) -> bool:
    """Whether `host` (any spelling; compared in its connect form) is an entry of
    `allowed_hosts`, or a subdomain of a `*.example.com` entry (never the apex)."""
    form, problem = _form(host)
    if problem is not None:
        return False
    for entry in allowed_hosts:
        allowed = entry_form(entry)
        if allowed is None:
            continue
        if allowed.startswith(WILDCARD):
            if form.endswith(allowed[1:]):
                return True
        elif form == allowed:
            return True
    return False
