"""Whether a resolved address may receive a webhook: public unicast only (contract.md §6).
Also the client source a buyer's failed claims are counted under."""

from __future__ import annotations

import hashlib
import ipaddress
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network

from claimsvc.domain.client_address import UNKNOWN, limit_subject

# Explicit lists rather than `is_global`: its answers have changed between Python releases and
# it does not look inside IPv6 forms that carry an IPv4 address.
_REFUSED_V4 = tuple(
    IPv4Network(net)
    for net in (
        "0.0.0.0/8",  # "this network"
        "10.0.0.0/8",  # private
        "100.64.0.0/10",  # carrier-grade NAT (holds Alibaba's metadata 100.100.100.200)
        "127.0.0.0/8",  # loopback
        "169.254.0.0/16",  # link-local (holds the AWS/GCP/Azure metadata 169.254.169.254)
        "172.16.0.0/12",  # private
        "192.0.0.0/24",  # IETF protocol assignments
        "192.0.2.0/24",  # documentation
        "192.88.99.0/24",  # deprecated 6to4 relay anycast
        "192.168.0.0/16",  # private
        "198.18.0.0/15",  # benchmarking
        "198.51.100.0/24",  # documentation
        "203.0.113.0/24",  # documentation
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, and 255.255.255.255 broadcast
    )
)

# Named again on their own so that narrowing a range above can never let them through.
_METADATA = frozenset(
    ipaddress.ip_address(ip) for ip in ("169.254.169.254", "fd00:ec2::254", "100.100.100.200")
)

# All globally routed IPv6 unicast lies in 2000::/3; everything outside it (loopback,
# unspecified, unique-local, link-local, site-local, multicast, reserved) is refused by that alone.
_GLOBAL_UNICAST_V6 = IPv6Network("2000::/3")

_REFUSED_V6 = tuple(
    IPv6Network(net)
    for net in (
        "::/128",  # unspecified
        "::1/128",  # loopback
        "100::/64",  # discard-only
        "2001::/23",  # IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
        "2001:db8::/32",  # documentation
        "3fff::/20",  # documentation
        "5f00::/16",  # segment-routing identifiers
        "64:ff9b:1::/48",  # local-use NAT64: the v4 sits where the operator chose; refuse all
        "fc00::/7",  # unique-local
        "fe80::/10",  # link-local
        "fec0::/10",  # deprecated site-local
        "ff00::/8",  # multicast
    )
)

_V4_COMPATIBLE = IPv6Network("::/96")
_NAT64_WELL_KNOWN = IPv6Network("64:ff9b::/96")


def _embedded_v4(ip: IPv6Address) -> IPv4Address | None:
    """The IPv4 address an IPv6 form delivers to (mapped, compatible, NAT64, 6to4), if any."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in _V4_COMPATIBLE or ip in _NAT64_WELL_KNOWN:
        return IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def _public_v4(ip: IPv4Address) -> bool:
    return ip not in _METADATA and not any(ip in net for net in _REFUSED_V4)


def _public_v6(ip: IPv6Address) -> bool:
    if ip.scope_id or ip in _METADATA:
        return False
    inner = _embedded_v4(ip)
    if inner is not None:
        return _public_v4(inner)
    return ip in _GLOBAL_UNICAST_V6 and not any(ip in net for net in _REFUSED_V6)


def is_public_address(ip: str | IPv4Address | IPv6Address) -> bool:
    """True only for a public unicast address; anything unparseable counts as not public."""
    if isinstance(ip, str):
        try:
            ip = ipaddress.ip_address(ip)
        except ValueError:
            return False
    if isinstance(ip, IPv4Address):
        return _public_v4(ip)
    return _public_v6(ip)


def client_source(address: str | None) -> str:
    """The key a buyer's failed claims are counted under: a hash of the client address's limit
    subject (its /64 for IPv6), so sessions keep no raw address. Unparseable or missing: one
    shared source."""
    subject = limit_subject(address or "")
    # An IPv4 address is hashed as its /32, as before the limit subject existed, so the sources
    # sessions already hold keep counting the same client across an upgrade.
    network = subject if "/" in subject or subject == UNKNOWN else f"{subject}/32"
    return hashlib.sha256(network.encode()).hexdigest()[:24]
