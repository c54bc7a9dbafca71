"""The client address of a request: the socket's peer, or the one a trusted proxy wrote (pure).

Every per-address limit and the audit log take the address from `client_address` alone
(docs/decisions.md, "One client-address rule"). The audit log keeps the whole address; a limit
counts the address's `limit_subject`, its /64 for IPv6, since one subscriber picks any address in
the /64 its provider gives it (RFC 6177) and would otherwise get a fresh bucket per request.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from ipaddress import IPv6Address, IPv6Network

UNKNOWN = "unknown"
"""The address of a request whose peer is no IP address (one shared bucket)."""


def canonical_address(raw: str | None) -> str | None:
    """`raw` as one canonical IP literal (IPv4-mapped IPv6 unwrapped, no zone), or None."""
    try:
        ip = ipaddress.ip_address((raw or "").strip())
    except ValueError:
        return None
    if isinstance(ip, IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        # A zone (`%eth0`) names the receiver's link, not the sender; it would split one client.
        return str(IPv6Address(int(ip)))
    return str(ip)


CLIENT_V6_PREFIX = 64
"""One IPv6 subscriber gets a /64 and can pick any address in it: the /64 is one client."""


def limit_subject(address: str) -> str:
    """What a per-address limit counts `address` under: an IPv4 address as it is, an IPv6
    address as its /64 network (`2001:db8:1:2::/64`), anything else as UNKNOWN (one bucket)."""
    canonical = canonical_address(address)
    if canonical is None:
        return UNKNOWN
    if ":" not in canonical:
        return canonical
    return str(IPv6Network(f"{canonical}/{CLIENT_V6_PREFIX}", strict=False))


def client_address(peer: str | None, forwarded: Sequence[str], hops: int) -> str:
    """The client's address by the one rule.

    `peer` is the socket's peer; `forwarded` the lines of the header the operator named (in
    arrival order), each a comma-separated list that every proxy appends its own peer to;
    `hops` the number of trusted proxies in front of this process (0: none).

    With hops = n the address is the n-th value from the right: the peer the outermost trusted
    proxy saw. Values further left were written by the client and are never read. Without a
    proxy, with fewer than n values, or with no IP literal at that place: the socket's peer.
    """
    fallback = canonical_address(peer) or UNKNOWN
    if hops <= 0:
        return fallback
    values = [value for line in forwarded for value in line.split(",")]
    if len(values) < hops:
        return fallback
    return canonical_address(values[-hops]) or fallback
