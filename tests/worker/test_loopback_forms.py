"""Every spelling of loopback a merchant could put in a webhook URL is refused at connect time.

The adversarial sweep of issue 14 tried these against the production worker; they stay here as
regression tests. No test needs the internet: names resolve through a stub `getaddrinfo`, and a
spy on the address check shows that the socket factory, not something before it, refuses.
"""

from __future__ import annotations

import socket
from typing import Any

import pytest

from claimsvc.clients import sender
from claimsvc.clients.sender import AddressRefused, AttemptResult, _guarded_socket, send_attempt
from claimsvc.domain.addresses import is_public_address
from tests.worker.test_sender import BODY, headers

# Every one of these reaches 127.0.0.1 (or 0.0.0.0, which Linux connects to loopback).
NUMERIC_FORMS = [
    "2130706433",  # decimal
    "0177.0.0.1",  # octal
    "0x7f.0.0.1",  # hex
    "0x7f000001",  # one hex number
    "127.1",  # short form
    "0.0.0.0",
    "[::]",
    "[::ffff:7f00:1]",  # IPv4-mapped, written as hex
]
NAME_FORMS = ["localhost.", "LOCALHOST", "LocalHost."]
# Names that a DNS server answers with 127.0.0.1: the fully qualified localhost (this machine's
# resolver has no answer for it, systemd-resolved has), one of ours, and public wildcard DNS.
STUB_DNS = {
    "localhost.": "127.0.0.1",
    "LocalHost.": "127.0.0.1",
    "hooks.evil.example": "127.0.0.1",
    "127.0.0.1.nip.io": "127.0.0.1",
    "app.localtest.me": "127.0.0.1",
}
WILDCARD_NAMES = ["hooks.evil.example", "127.0.0.1.nip.io", "app.localtest.me"]


@pytest.fixture
def checked(monkeypatch) -> list[str]:
    """The addresses the socket factory's check was asked about, in order."""
    seen: list[str] = []
    real = sender.is_public_address

    def spy(ip: Any) -> bool:
        seen.append(str(ip))
        return real(ip)

    monkeypatch.setattr(sender, "is_public_address", spy)
    return seen


@pytest.fixture
def stub_names() -> dict[str, str]:
    return STUB_DNS


def refused(result: AttemptResult) -> bool:
    return result == AttemptResult(False, None, "AddressRefused", result.duration_s)


@pytest.mark.parametrize("host", NUMERIC_FORMS + NAME_FORMS)
async def test_each_loopback_spelling_is_refused_without_a_connection(
    receiver, make_session, checked, stub_dns, host
):
    result = await send_attempt(
        make_session(allow_private=False),
        receiver.url("/ok", host),
        BODY,
        headers(),
        allowed_hosts=None,
    )
    assert receiver.requests == []
    if result.error == "InvalidUrlClientError":
        # aiohttp 3.14 itself refuses non-canonical IPv4 spellings (2130706433, 0177.0.0.1,
        # 127.1) before resolving; the factory test below covers a client that would not.
        assert host.strip("[]")[0].isdigit() and checked == []
        return
    assert refused(result), result
    assert checked and all(not is_public_address(ip) for ip in checked)


@pytest.mark.parametrize("host", NUMERIC_FORMS + NAME_FORMS + WILDCARD_NAMES)
def test_the_socket_factory_refuses_what_each_spelling_resolves_to(stub_dns, host):
    """Whatever the HTTP client passes on, the address the resolver returns is refused."""
    infos = socket.getaddrinfo(host.strip("[]"), 443, type=socket.SOCK_STREAM)
    assert infos
    for family, type_, proto, canon, sockaddr in infos:
        with pytest.raises(AddressRefused):
            _guarded_socket((family, type_, proto, canon, sockaddr))


@pytest.mark.parametrize("name", WILDCARD_NAMES)
async def test_a_name_that_resolves_to_loopback_is_refused_after_resolution(
    receiver, make_session, checked, stub_dns, name
):
    result = await send_attempt(
        make_session(allow_private=False),
        receiver.url("/ok", name),
        BODY,
        headers(),
        allowed_hosts=None,
    )
    assert refused(result), result
    assert name in stub_dns  # it was resolved, then the resolved address was refused
    assert "127.0.0.1" in checked
    assert receiver.requests == []


@pytest.mark.parametrize("name", WILDCARD_NAMES)
async def test_with_private_allowed_the_stub_names_do_connect(
    receiver, make_session, stub_dns, name
):
    # The control for the refusal above: the stub really leads to the live receiver (whose
    # certificate names only 127.0.0.1 and localhost, so TLS then fails: no AddressRefused).
    result = await send_attempt(
        make_session(), receiver.url("/ok", name), BODY, headers(), allowed_hosts=None
    )
    assert result.error not in (None, "AddressRefused")
    assert name in stub_dns
