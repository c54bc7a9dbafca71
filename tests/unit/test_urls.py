"""The five URL rules of success_url, cancel_url and webhook_url, each with its own message."""

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claimsvc.domain.hosts import INVALID, host_allowed
from claimsvc.domain.urls import MAX_URL_LENGTH, check_url

HOSTS = ["shop.example.com", "*.brand.example", "bücher.example"]
NOT_ALLOWED = "success_url host is not in the account's allowed hosts"
BAD_HOST = f"success_url host {INVALID}"
LONGEST = "https://shop.example.com/" + "a" * (MAX_URL_LENGTH - len("https://shop.example.com/"))


@pytest.mark.parametrize(
    "url",
    [
        "https://shop.example.com/success",
        "https://shop.example.com/success?order=1&x=%20#done",
        "HTTPS://SHOP.EXAMPLE.COM/upper",
        "https://shop.example.com:8443/with-port",
        "https://pay.brand.example/wildcard",
        "https://a.b.brand.example/deep-wildcard",
        "https://xn--bcher-kva.example/idna",
        "https://bücher.example/unicode",
        "https://shop.example.com#@evil.example",
        LONGEST,
    ],
)
def test_urls_that_keep_every_rule_pass(url):
    assert check_url(url, HOSTS, "success_url") is None


@pytest.mark.parametrize(
    ("url", "message"),
    [
        # 1. present, at most 2048 characters
        (None, "success_url is required"),
        ("", "success_url is required"),
        (42, "success_url must be a string"),
        (["https://shop.example.com/"], "success_url must be a string"),
        (LONGEST + "a", "success_url must be at most 2048 characters"),
        # 2. well-formed
        ("shop.example.com/success", "success_url is not a well-formed URL"),
        ("https:///nohost", "success_url is not a well-formed URL"),
        ("//shop.example.com/x", "success_url is not a well-formed URL"),
        ("https://shop..example.com/", BAD_HOST),
        ("https://shop.example.com./trailing-dot", BAD_HOST),
        ("https://shop.example.com:99999/", "success_url is not a well-formed URL"),
        ("https://shop.example.com:port/", "success_url is not a well-formed URL"),
        ("https://shop example.com/", "success_url is not a well-formed URL"),
        ("https://shop.example.com/\nx", "success_url is not a well-formed URL"),
        ("https://shop.example.com\\@evil.example/", "success_url is not a well-formed URL"),
        ("https://%73hop.example.com/", BAD_HOST),
        ("https://" + "a" * 64 + ".example.com/", BAD_HOST),
        ("javascript:alert(1)", "success_url is not a well-formed URL"),
        # 3. no embedded credentials
        ("https://user:pw@shop.example.com/", "success_url must not contain credentials"),
        ("https://user@shop.example.com/", "success_url must not contain credentials"),
        ("https://:pw@shop.example.com/", "success_url must not contain credentials"),
        ("https://shop.example.com@evil.example/", "success_url must not contain credentials"),
        # 4. https only
        ("http://shop.example.com/", "success_url must use https"),
        ("ftp://shop.example.com/", "success_url must use https"),
        ("wss://shop.example.com/", "success_url must use https"),
        # 5. host in the allowed list
        ("https://evil.example/", NOT_ALLOWED),
        ("https://brand.example/", NOT_ALLOWED),
        ("https://evilbrand.example/", NOT_ALLOWED),
        ("https://shop.example.com.evil.example/", NOT_ALLOWED),
        ("https://127.0.0.1/", NOT_ALLOWED),
        ("https://[::1]/", NOT_ALLOWED),
    ],
)
def test_each_broken_rule_has_its_own_message(url, message):
    assert check_url(url, HOSTS, "success_url") == message


def test_the_message_names_the_field_checked():
    problem = check_url("http://shop.example.com/", HOSTS, "webhook_url")
    assert problem == "webhook_url must use https"


def test_rules_are_checked_in_order_so_the_first_broken_one_is_named():
    assert check_url("http://u:p@evil.example/", HOSTS, "cancel_url") == (
        "cancel_url must not contain credentials"
    )
    assert check_url("http://evil.example/", HOSTS, "cancel_url") == "cancel_url must use https"


def test_an_account_without_allowed_hosts_accepts_no_url():
    assert check_url("https://shop.example.com/", [], "success_url") == (
        "success_url host is not in the account's allowed hosts"
    )


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("shop.example.com", True),
        ("SHOP.example.com", True),
        ("shop.example.com.", False),
        ("a.brand.example", True),
        ("brand.example", False),
        ("xbrand.example", False),
        ("other.example.com", False),
    ],
)
def test_wildcards_cover_subdomains_only(host, allowed):
    assert host_allowed(host, ["shop.example.com", "*.brand.example"]) is allowed


@given(st.text(max_size=300))
def test_any_text_gets_an_answer_and_never_an_exception(text):
    problem = check_url(text, HOSTS, "webhook_url")
    assert problem is None or problem.startswith("webhook_url ")


AUTHORITIES = [
    "shop.example.com",
    "SHOP.example.com.",
    "shop.example.com:8443",
    "pay.brand.example",
    "brand.example",
    "evil.example",
    "shop.example.com@evil.example",
    "evil.example@shop.example.com",
    "user:pw@shop.example.com",
    "shop.example.com.evil.example",
    "127.0.0.1",
    "[::1]",
]


ASCII_HOSTS = ["shop.example.com", "*.brand.example"]


def _is_allowed(host: str) -> bool:
    """ASCII_HOSTS, matched without the code under test."""
    return host == "shop.example.com" or host.endswith(".brand.example")


@settings(max_examples=400)
@example("https", "://", "evil.example@shop.example.com", "")
@example("https", "://", "shop.example.com", ".evil.example/")
@example("http", "://", "shop.example.com", "/")
@given(
    scheme=st.sampled_from(["https", "HTTPS", "http", ""]),
    separator=st.sampled_from(["://", "://", ":/", "//"]),
    authority=st.one_of(st.sampled_from(AUTHORITIES), st.text(max_size=40)),
    tail=st.one_of(
        st.sampled_from(["", "/", "/ok?x=1#y", "@evil.example/", ".evil.example/"]),
        st.text(max_size=60),
    ),
)
def test_a_passing_url_is_https_to_an_allowed_host_as_a_browser_reads_it(
    scheme, separator, authority, tail
):
    url = scheme + separator + authority + tail
    if check_url(url, ASCII_HOSTS, "success_url") is None:
        # Read the way a browser reads it (WHATWG: the authority ends at / ? # or \\).
        assert url[:8].lower() == "https://"
        netloc = re.split(r"[/?#\\]", url[8:], maxsplit=1)[0]
        assert "@" not in netloc
        host = re.sub(r":[0-9]*$", "", netloc).lower()
        assert _is_allowed(host)
