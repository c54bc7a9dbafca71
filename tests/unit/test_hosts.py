"""The one host rule (issue 23, findings 1 and 7): valid DNS names and IP literals written in full,
compared in the ASCII form the webhook sender (aiohttp, through yarl) connects to."""

import pytest
import yarl
from hypothesis import given
from hypothesis import strategies as st

from claimsvc.domain.hosts import (
    AMBIGUOUS,
    INVALID,
    MAX_NAME_LENGTH,
    connect_form,
    entry_form,
    entry_problem,
    host_allowed,
    host_problem,
)
from claimsvc.domain.urls import check_url

LONGEST_NAME = ".".join(["a" * 63, "b" * 63, "c" * 63, "d" * 61])  # 253 characters

# host as written -> the form the sender connects to
VALID = [
    ("shop.example.com", "shop.example.com"),
    ("SHOP.Example.COM", "shop.example.com"),
    ("localhost", "localhost"),
    ("a-b.example", "a-b.example"),
    ("1shop.example", "1shop.example"),
    ("0x7f.example", "0x7f.example"),  # a hex-looking label is fine anywhere but last
    ("classic-shop.test", "classic-shop.test"),
    ("bücher.example", "xn--bcher-kva.example"),
    ("Bücher.Example", "xn--bcher-kva.example"),
    ("xn--bcher-kva.example", "xn--bcher-kva.example"),
    ("XN--BCHER-KVA.EXAMPLE", "xn--bcher-kva.example"),
    ("xn--claic-shop-73a.test", "xn--claic-shop-73a.test"),  # claßic-shop, written unambiguously
    # A-labels below from Python's own punycode codec ("ঢাকা".encode("punycode")), not idna
    ("ঢাকা.example", "xn--p5bz3fb.example"),
    ("পেমেন্ট.বাংলা", "xn--z5brfq8jb7b.xn--54b7fta0cc"),
    ("\uff21\uff22\uff23.test", "abc.test"),  # full-width letters: ASCII for every client
    ("a" * 63 + ".test", "a" * 63 + ".test"),
    (LONGEST_NAME, LONGEST_NAME),
    ("127.0.0.1", "127.0.0.1"),
    ("203.0.113.9", "203.0.113.9"),
    ("0.0.0.0", "0.0.0.0"),
    ("::1", "::1"),
    ("2001:DB8::1", "2001:db8::1"),
    ("::ffff:127.0.0.1", "::ffff:7f00:1"),
]

# (host as written, why it is refused)
REFUSED = [
    # deviation characters: IDNA 2003 and IDNA 2008 name different hosts
    ("claßic-shop.test", AMBIGUOUS),
    ("CLAßIC-SHOP.TEST", AMBIGUOUS),
    ("straße.example", AMBIGUOUS),
    ("ς.test", AMBIGUOUS),
    ("σς.test", AMBIGUOUS),
    ("a\u200cb.test", AMBIGUOUS),  # zero-width non-joiner
    ("a\u200db.test", AMBIGUOUS),  # zero-width joiner
    ("cla\u1e9eic-shop.test", AMBIGUOUS),  # capital sharp s: UTS-46 maps it to ß
    ("\uff11\uff12\uff17.0.0.1", INVALID),  # fullwidth digits map to 127.0.0.1
    ("127\u30020\u30020\u30021", INVALID),  # ideographic full stops
    ("127\uff0e0\uff0e0\uff0e1", INVALID),  # fullwidth full stops
    # IP addresses not written in full: each parser reads them differently
    ("127.1", INVALID),
    ("0", INVALID),
    ("2130706433", INVALID),
    ("0177.0.0.1", INVALID),
    ("0x7f.0.0.1", INVALID),
    ("0x7f000001", INVALID),
    ("127.0.0.1.", INVALID),
    ("127.000.000.001", INVALID),
    ("256.0.0.1", INVALID),
    ("1.2.3.4.5", INVALID),
    ("a.123", INVALID),  # a numeric last label makes a URL parser read an IPv4 address
    ("a.0x10", INVALID),
    ("fe80::1%eth0", INVALID),
    ("::1::2", INVALID),
    # DNS name rules
    ("-.a.test", INVALID),
    ("-a.test", INVALID),
    ("a-.test", INVALID),
    ("_.a.test", INVALID),
    ("_dmarc.a.test", INVALID),
    ("a_b.test", INVALID),
    ("shop.example.com.", INVALID),
    ("shop..example.com", INVALID),
    (".shop.example.com", INVALID),
    ("", INVALID),
    ("a" * 64 + ".test", INVALID),
    (LONGEST_NAME + "e", INVALID),
    ("xn--zz.test", INVALID),  # an A-label that is not one
    ("xn--.test", INVALID),
    ("shop example.com", INVALID),
    ("shop%2eexample.com", INVALID),
    ("shop*.example.com", INVALID),
    ("*.example.com", INVALID),  # a wildcard is an entry, never a host
    # invisible characters UTS-46 deletes: the name typed would not be the name connected to
    ("a\u00adb.test", INVALID),  # soft hyphen
    ("a\u200bb.test", INVALID),  # zero-width space
    ("a\u2060b.test", INVALID),  # word joiner
    ("a\ufeffb.test", INVALID),  # byte-order mark
    ("a\u034fb.test", INVALID),  # combining grapheme joiner
    ("a\u180bb.test", INVALID),  # Mongolian variation selector
    # characters IDNA 2008 refuses but IDNA 2003 (yarl's fallback) maps
    ("a\u2024b.test", INVALID),  # one dot leader, read as a.b.test by IDNA 2003
    ("a\u00a0b.test", INVALID),
    ("\u0301e.test", INVALID),
    ("١٢٣.test", INVALID),
]


@pytest.mark.parametrize(("host", "form"), VALID, ids=[h for h, _ in VALID])
def test_a_valid_host_has_the_form_the_sender_connects_to(host, form):
    assert host_problem(host) is None
    assert connect_form(host) == form
    literal = f"[{host}]" if ":" in host else host
    assert yarl.URL(f"https://{literal}/hook").raw_host == form


@pytest.mark.parametrize(("host", "problem"), REFUSED, ids=[repr(h) for h, _ in REFUSED])
def test_a_host_no_sender_can_use_as_written_is_refused(host, problem):
    assert host_problem(host) == problem


@pytest.mark.parametrize(("host", "problem"), REFUSED, ids=[repr(h) for h, _ in REFUSED])
def test_a_refused_host_is_never_allowed_even_by_its_own_entry(host, problem):
    if problem is not None:
        assert not host_allowed(host, [host, "*.test", "*.example.com"])


def test_the_deviation_host_of_the_sweep_does_not_pass_as_the_host_allowed():
    # Issue 23: IDNA 2003 maps ß to ss, so the old rule let this through; yarl connects to
    # xn--claic-shop-73a.test, which the merchant never allowed.
    assert yarl.URL("https://claßic-shop.test/").raw_host == "xn--claic-shop-73a.test"
    assert not host_allowed("claßic-shop.test", ["classic-shop.test"])
    assert not host_allowed("xn--claic-shop-73a.test", ["classic-shop.test"])
    assert check_url("https://claßic-shop.test/hook", ["classic-shop.test"], "webhook_url") == (
        f"webhook_url host {AMBIGUOUS}"
    )


@pytest.mark.parametrize(
    ("host", "allowed", "expected"),
    [
        ("bücher.example", ["xn--bcher-kva.example"], True),
        ("xn--bcher-kva.example", ["bücher.example"], True),
        ("BÜCHER.example", ["Bücher.Example"], True),
        ("pay.bücher.example", ["*.bücher.example"], True),
        ("bücher.example", ["*.bücher.example"], False),
        ("bucher.example", ["bücher.example"], False),
        ("xn--claic-shop-73a.test", ["xn--claic-shop-73a.test"], True),
        ("\uff21\uff22\uff23.test", ["abc.test"], True),
        ("::ffff:7f00:1", ["::ffff:127.0.0.1"], True),
        ("::1", ["[::1]"], True),
        ("127.0.0.1", ["127.0.0.1"], True),
        ("127.0.0.1", ["localhost"], False),
        ("shop.example.com", ["shop.example.com."], False),  # a refused entry matches nothing
        ("a_b.test", ["a_b.test"], False),
    ],
)
def test_hosts_and_entries_compare_in_the_connect_form(host, allowed, expected):
    assert host_allowed(host, allowed) is expected


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ("shop.example.com", None),
        ("*.example.com", None),
        ("*.bücher.example", None),
        ("bücher.example", None),
        ("127.0.0.1", None),
        ("::1", None),
        ("[::1]", None),
        ("*.claßic.test", AMBIGUOUS),
        ("claßic-shop.test", AMBIGUOUS),
        ("https://shop.example.com", INVALID),
        ("shop.example.com:443", INVALID),
        ("*.127.0.0.1", INVALID),
        ("*.1.2.3", INVALID),
        ("*.::1", INVALID),
        ("*", INVALID),
        ("*.", INVALID),
        ("**.example.com", INVALID),
        ("a.*.example.com", INVALID),
        ("127.1", INVALID),
        ("2130706433", INVALID),
        ("0177.0.0.1", INVALID),
        ("127.0.0.1.", INVALID),
        ("-.a.test", INVALID),
        ("_.a.test", INVALID),
        ("a\u00adb.test", INVALID),
        ("shop.example.com.", INVALID),
        (" shop.example.com", INVALID),
    ],
)
def test_an_allowed_hosts_entry_follows_the_same_rule(entry, problem):
    assert entry_problem(entry) == problem
    assert (entry_form(entry) is None) is (problem is not None)


def test_names_are_measured_in_their_ascii_form():
    # 253 characters at most and 63 a label, counted after encoding, as DNS sees the name.
    assert len(LONGEST_NAME) == MAX_NAME_LENGTH
    label = "ü" * 30
    a_label = "xn--" + label.encode("punycode").decode("ascii")
    assert connect_form(label + ".test") == a_label + ".test"
    tail = LONGEST_NAME[64:]  # 189 characters
    name = f"{label}.{label}.{tail}"
    assert len(name) <= MAX_NAME_LENGTH < len(f"{a_label}.{a_label}.{tail}")
    assert host_problem(name) == INVALID
    assert host_problem("ü" * 60 + ".test") == INVALID  # its A-label is over 63 characters


HOST_TEXT = st.text(
    alphabet=st.one_of(
        st.sampled_from("abcxn-_.0179ßςü\u00ad\u200b\u200c\u200d\u2024\u0661"),
        st.characters(codec="utf-8", exclude_categories=("Cs",)),
    ),
    max_size=30,
)


@given(HOST_TEXT)
def test_every_accepted_host_is_read_the_same_by_the_sender(host):
    """The property finding 1 lacked: what the rule accepts, yarl connects to as compared."""
    if host_problem(host) is not None:
        return
    literal = f"[{host}]" if ":" in host else host
    assert yarl.URL(f"https://{literal}/").raw_host == connect_form(host)
    assert host_allowed(host, [host])
