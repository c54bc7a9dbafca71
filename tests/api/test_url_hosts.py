"""The one host rule at every door a URL or a host comes in (issue 23, findings 1 and 7):
initialize, payment links and the admin API's allowed_hosts refuse hosts no sender can use,
in each endpoint's documented shape and with nothing stored; valid IDNs keep working."""

from __future__ import annotations

import pytest

from claimsvc.domain.hosts import AMBIGUOUS, INVALID
from tests.api.test_links_api import LINKS, link_body, links_in_store
from tests.conftest import initialize_body

INIT = "/api/v1/checkout/initialize"
ACCOUNTS = "/admin/v1/accounts"
HOST_EXPECTED = "must be a host name such as shop.example.com or *.example.com"

# (URL, the problem its host has), each with the host in the account's allowed hosts where the
# old rule could have matched it, so that only the host rule can refuse it.
BAD_URLS = [
    ("https://claßic-shop.test/hook", AMBIGUOUS),
    ("https://ς.test/hook", AMBIGUOUS),
    ("https://127.1/hook", INVALID),
    ("https://0/hook", INVALID),
    ("https://2130706433/hook", INVALID),
    ("https://0177.0.0.1/hook", INVALID),
    ("https://0x7f.0.0.1/hook", INVALID),
    ("https://127.0.0.1./hook", INVALID),
    ("https://shop.example.com./hook", INVALID),
    ("https://a\u00adb.test/hook", INVALID),
    ("https://-.a.test/hook", INVALID),
    ("https://_.a.test/hook", INVALID),
    ("https://a_b.test/hook", INVALID),
    ("https://xn--zz.test/hook", INVALID),
    ("https://a\u2024b.test/hook", INVALID),
]
# Ports no sender can use: the URL is not well-formed.
BAD_PORTS = [
    "https://shop.example.com:0/hook",
    "https://shop.example.com:65536/hook",
    "https://shop.example.com:99999/hook",
    "https://shop.example.com:+443/hook",
    "https://shop.example.com:/hook",
    "https://shop.example.com:00000/hook",
]
# Every entry the old rule would have compared equal to a host of BAD_URLS.
LENIENT_HOSTS = [
    "shop.example.com",
    "classic-shop.test",
    "xn--claic-shop-73a.test",
    "\u03c3\u03c3.test",
    "127.0.0.1",
    "ab.test",
    "*.a.test",
    "*.test",
]


def ids(cases):
    return [repr(case[0] if isinstance(case, tuple) else case) for case in cases]


async def sessions_of(deps, merchant):
    return await deps.db["sessions"].count_documents({"account_id": merchant.id})


async def refused_with(fetch, deps, merchant, door, field, url):
    """The answer to a request at `door` with `url` in `field`, and whether nothing was stored."""
    if door == "initialize":
        reply = await fetch(INIT, json=initialize_body(**{field: url}), key=merchant.key)
        return reply, await sessions_of(deps, merchant) == 0
    reply = await fetch(LINKS, json=link_body(**{field: url}), key=merchant.key)
    return reply, await links_in_store(deps, merchant) == 0


DOORS = [("initialize", "webhook_url"), ("initialize", "success_url"), ("links", "webhook_url")]


@pytest.mark.parametrize(("url", "problem"), BAD_URLS, ids=ids(BAD_URLS))
@pytest.mark.parametrize(("door", "field"), DOORS)
async def test_a_host_no_sender_can_use_is_refused_and_nothing_stored(
    fetch, make_account, deps, url, problem, door, field
):
    merchant = await make_account(allowed_hosts=LENIENT_HOSTS)
    reply, nothing_stored = await refused_with(fetch, deps, merchant, door, field, url)
    assert (reply.code, reply.json()) == (400, {"error": f"{field} host {problem}"})
    assert nothing_stored


@pytest.mark.parametrize("url", BAD_PORTS, ids=ids(BAD_PORTS))
@pytest.mark.parametrize(("door", "field"), DOORS)
async def test_a_port_no_sender_can_use_is_refused_and_nothing_stored(
    fetch, make_account, deps, url, door, field
):
    merchant = await make_account(allowed_hosts=LENIENT_HOSTS)
    reply, nothing_stored = await refused_with(fetch, deps, merchant, door, field, url)
    assert (reply.code, reply.json()) == (400, {"error": f"{field} is not a well-formed URL"})
    assert nothing_stored


@pytest.mark.parametrize(
    ("allowed", "url"),
    [
        (["bücher.example"], "https://bücher.example/hook"),
        (["bücher.example"], "https://xn--bcher-kva.example/hook"),
        (["xn--bcher-kva.example"], "https://BÜCHER.example:8443/hook"),
        (["*.ঢাকা.example"], "https://pay.ঢাকা.example/hook"),
        (["xn--claic-shop-73a.test"], "https://xn--claic-shop-73a.test/hook"),
        (["203.0.113.9"], "https://203.0.113.9/hook"),
        (["2001:db8::1"], "https://[2001:DB8::1]:8443/hook"),
    ],
)
async def test_valid_idns_and_ip_literals_still_open_sessions_and_links(
    fetch, make_account, deps, allowed, url
):
    merchant = await make_account(allowed_hosts=allowed)
    urls = {name: url for name in ("success_url", "cancel_url", "webhook_url")}
    reply = await fetch(INIT, json=initialize_body(**urls), key=merchant.key)
    assert reply.code == 201, reply.body
    link = await fetch(LINKS, json=link_body(webhook_url=url), key=merchant.key)
    assert (link.code, link.json()["webhook_url"]) == (201, url)


BAD_ENTRIES = [
    ("127.1", HOST_EXPECTED),
    ("0", HOST_EXPECTED),
    ("2130706433", HOST_EXPECTED),
    ("0177.0.0.1", HOST_EXPECTED),
    ("127.0.0.1.", HOST_EXPECTED),
    ("shop.example.com.", HOST_EXPECTED),
    ("a\u00adb.test", HOST_EXPECTED),
    ("-.a.test", HOST_EXPECTED),
    ("_.a.test", HOST_EXPECTED),
    ("*._tcp.a.test", HOST_EXPECTED),
    ("*.127.0.0.1", HOST_EXPECTED),
    ("xn--zz.test", HOST_EXPECTED),
    ("a" * 64 + ".test", HOST_EXPECTED),
    ("claßic-shop.test", f"host {AMBIGUOUS}"),
]


@pytest.mark.parametrize(("entry", "problem"), BAD_ENTRIES, ids=ids(BAD_ENTRIES))
async def test_the_admin_api_refuses_an_allowed_host_no_sender_can_use(fetch, deps, entry, problem):
    body = {"name": "Shop", "allowed_hosts": ["shop.example.com", entry]}
    reply = await fetch(ACCOUNTS, json=body, admin=True)
    assert (reply.code, reply.json()) == (
        400,
        {"error": "Invalid request body", "details": [f"allowed_hosts.1: {problem}"]},
    )
    assert await deps.db["accounts"].count_documents({"name": "Shop"}) == 0


@pytest.mark.parametrize(("entry", "problem"), BAD_ENTRIES, ids=ids(BAD_ENTRIES))
async def test_a_patch_of_allowed_hosts_with_such_a_host_changes_nothing(
    fetch, make_account, entry, problem
):
    merchant = await make_account(allowed_hosts=["shop.example.com"])
    path = f"{ACCOUNTS}/{merchant.id}"
    reply = await fetch(path, method="PATCH", json={"allowed_hosts": [entry]}, admin=True)
    assert (reply.code, reply.json()) == (
        400,
        {"error": "Invalid request body", "details": [f"allowed_hosts.0: {problem}"]},
    )
    assert (await fetch(path, admin=True)).json()["allowed_hosts"] == ["shop.example.com"]


async def test_the_admin_api_keeps_valid_idn_and_ip_entries_as_written(fetch):
    hosts = ["bücher.example", "*.ঢাকা.example", "xn--claic-shop-73a.test", "127.0.0.1", "::1"]
    reply = await fetch(ACCOUNTS, json={"name": "Shop", "allowed_hosts": hosts}, admin=True)
    assert (reply.code, reply.json()["allowed_hosts"]) == (201, hosts)
