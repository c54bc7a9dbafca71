"""The one client-address rule: the socket's peer, or the trusted proxy's place in the header."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain.client_address import (
    UNKNOWN,
    canonical_address,
    client_address,
    limit_subject,
)

PEER = "10.0.0.7"


@pytest.mark.parametrize(
    ("forwarded", "hops", "expected"),
    [
        ([], 0, PEER),
        (["198.51.100.1"], 0, PEER),  # no trusted proxy: no header is read
        ([], 1, PEER),  # reached us without the proxy
        (["203.0.113.9"], 1, "203.0.113.9"),
        (["198.51.100.1, 203.0.113.9"], 1, "203.0.113.9"),  # the client wrote the left one
        (["198.51.100.1,203.0.113.9"], 1, "203.0.113.9"),
        (["198.51.100.1", "203.0.113.9"], 1, "203.0.113.9"),  # two header lines, in order
        (["198.51.100.1, 203.0.113.9, 10.0.0.2"], 2, "203.0.113.9"),
        (["203.0.113.9"], 2, PEER),  # fewer values than trusted hops
        (["198.51.100.1, garbage"], 1, PEER),  # no IP literal at the trusted place
        (["198.51.100.1, "], 1, PEER),
        (["2001:DB8:0:0::1"], 1, "2001:db8::1"),  # canonical form: one client, one key
        (["::ffff:203.0.113.9"], 1, "203.0.113.9"),
        (["fe80::1%eth0"], 1, "fe80::1"),  # the zone would split one client in many keys
        (["203.0.113.9:4711"], 1, PEER),  # no ports: a bare IP literal only
    ],
)
def test_the_address_is_the_trusted_hops_value_from_the_right(forwarded, hops, expected):
    assert client_address(PEER, forwarded, hops) == expected


def test_a_peer_that_is_no_ip_address_is_one_shared_unknown():
    assert client_address(None, [], 0) == UNKNOWN
    assert client_address("", ["x"], 1) == UNKNOWN
    assert canonical_address("not an ip") is None


@given(
    spoofed=st.lists(st.text(alphabet="0123456789abcdef.:, ", max_size=40), max_size=5),
    hops=st.integers(min_value=1, max_value=4),
)
def test_values_left_of_the_trusted_hops_never_decide(spoofed, hops):
    trusted = ["203.0.113.9"] + [f"10.0.0.{i}" for i in range(hops - 1)]
    forwarded = [*spoofed, ", ".join(trusted)]
    assert client_address(PEER, forwarded, hops) == "203.0.113.9"


@pytest.mark.parametrize(
    ("address", "subject"),
    [
        ("203.0.113.9", "203.0.113.9"),  # IPv4: the address itself
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),  # same /64, same subject
        ("2001:DB8:1:2:0:0:0:7", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),  # the next /64 is another client
        ("::ffff:203.0.113.9", "203.0.113.9"),
        ("fe80::1%eth0", "fe80::/64"),
        (UNKNOWN, UNKNOWN),
        ("", UNKNOWN),
    ],
)
def test_a_limit_counts_an_ipv6_client_by_its_64(address, subject):
    assert limit_subject(address) == subject
