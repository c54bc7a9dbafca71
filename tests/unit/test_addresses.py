import ipaddress

import pytest

from claimsvc.domain.addresses import is_public_address

PUBLIC = [
    "8.8.8.8",
    "1.1.1.1",
    "9.9.9.9",
    "103.4.145.1",  # a Bangladeshi ISP range
    "100.63.255.255",  # just below CGNAT
    "100.128.0.0",  # just above CGNAT
    "172.15.255.255",  # just below 172.16/12
    "172.32.0.0",  # just above it
    "192.0.1.255",
    "192.169.0.1",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",  # last unicast before multicast
    "2606:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001::1",
    "2400:cb00::1",
    "2001:200::1",  # just past 2001::/23
    "::ffff:8.8.8.8",  # mapped form of a public address
    "::8.8.8.8",  # deprecated compatible form of a public address
    "2002:808:808::1",  # 6to4 of 8.8.8.8
    "64:ff9b::808:808",  # NAT64 of 8.8.8.8
]

REFUSED = [
    # IPv4 special ranges, their first and last addresses where it matters
    "0.0.0.0",
    "0.255.255.255",
    "10.0.0.1",
    "10.255.255.255",
    "100.64.0.0",
    "100.127.255.255",
    "127.0.0.1",
    "127.255.255.254",
    "169.254.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.0.0.1",
    "192.0.0.170",
    "192.0.2.1",
    "192.168.0.1",
    "192.168.255.255",
    "198.18.0.1",
    "198.19.255.255",
    "198.51.100.7",
    "203.0.113.9",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    # cloud metadata
    "169.254.169.254",
    "fd00:ec2::254",
    "100.100.100.200",
    # IPv6 special ranges
    "::",
    "::1",
    "fe80::1",
    "fe80::1%eth0",
    "febf:ffff::1",
    "fec0::1",
    "fc00::1",
    "fd12:3456:789a::1",
    "ff02::1",
    "ff05::fb",
    "2001:db8::1",
    "2001:db8:ffff::1",
    "3fff::1",
    "100::1",
    "2001:2::1",  # benchmarking
    "2001:10::1",  # ORCHID
    "5f00::1",
    "4000::1",  # outside 2000::/3, unallocated
    "::ffff:0:7f00:1",  # SIIT translated form, not global unicast
    # IPv6 wrapping a refused IPv4
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:100.100.100.200",
    "::ffff:0.0.0.0",
    "::127.0.0.1",
    "::10.0.0.1",
    "::192.168.1.1",
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2002:a00:1::",  # 6to4 of 10.0.0.1
    "2002:a9fe:a9fe::1",  # 6to4 of 169.254.169.254
    "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
    "64:ff9b::c0a8:101",  # NAT64 of 192.168.1.1
    "64:ff9b:1::a00:1",  # local-use NAT64: refused whatever it embeds
    "64:ff9b:1:808:8:800::",  # local-use NAT64 with /48 layout of 8.8.8.8
    "2001::1",  # Teredo
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo, RFC 4380 example
]

NOT_ADDRESSES = ["", "localhost", "example.com", "256.0.0.1", "1.2.3", "::g", "[::1]", " 8.8.8.8"]


@pytest.mark.parametrize("ip", PUBLIC)
def test_public_addresses_are_allowed(ip):
    assert is_public_address(ip) is True


@pytest.mark.parametrize("ip", REFUSED)
def test_special_purpose_addresses_are_refused(ip):
    assert is_public_address(ip) is False


@pytest.mark.parametrize("ip", NOT_ADDRESSES)
def test_anything_that_is_not_an_ip_address_is_refused(ip):
    assert is_public_address(ip) is False


@pytest.mark.parametrize("ip", ["8.8.8.8", "2606:4700::1111", "127.0.0.1", "::ffff:10.0.0.1"])
def test_address_objects_get_the_same_answer_as_strings(ip):
    assert is_public_address(ipaddress.ip_address(ip)) is is_public_address(ip)


@pytest.mark.parametrize(
    "network",
    ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16"],
)
def test_every_address_sampled_across_a_private_range_is_refused(network):
    net = ipaddress.ip_network(network)
    step = max(1, net.num_addresses // 257)
    for offset in range(0, net.num_addresses, step):
        ip = net[offset]
        assert not is_public_address(ip)
        assert not is_public_address(ipaddress.IPv6Address(f"::ffff:{ip}"))
