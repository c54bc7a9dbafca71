"""The host a webhook attempt connects to is held against the account's allowed hosts (issue 23,
finding 1): a mismatch stops the event with its reason and nothing is sent.

The receiver is the real HTTPS one of conftest.py; its certificate also names IDN_NAMES, which a
stub `getaddrinfo` resolves to 127.0.0.1, so an attempt to such a name would really be delivered.
"""

from __future__ import annotations

import pytest

from claimsvc.clients.sender import AttemptResult, send_attempt
from claimsvc.domain import delivery
from claimsvc.domain.delivery import HOST_REFUSED
from claimsvc.domain.hosts import AMBIGUOUS
from claimsvc.domain.outbox import DELIVERED, STOPPED
from tests.worker.conftest import RECEIVER_SECRET
from tests.worker.factories import event, record_event
from tests.worker.test_sender import BODY, headers

DEVIATION_URL = "https://claßic-shop.test:{port}/ok"  # yarl connects to xn--claic-shop-73a.test


async def test_the_sweeps_deviation_host_is_stopped_and_never_sent(
    deps, worker, make_account, receiver, stub_dns
):
    # An event stored before the host rule, to a host IDNA 2003 reads as the one allowed.
    merchant = await make_account(
        allowed_hosts=["classic-shop.test"], callback_secret=RECEIVER_SECRET
    )
    event_id = await record_event(deps, merchant.id, DEVIATION_URL.format(port=receiver.port))

    await worker.deliver_due()

    stopped = await event(deps, event_id)
    assert (stopped.status, stopped.stopped_reason) == (STOPPED, f"webhook_url host {AMBIGUOUS}")
    assert stopped.attempts == 0
    assert receiver.requests == [] and stub_dns == []


async def test_the_connection_host_is_checked_even_when_the_url_rules_pass_the_url(
    deps, worker, make_account, receiver, stub_dns, monkeypatch
):
    # The URL rules read the stored string; suppose they got it wrong (as IDNA 2003 did). The
    # host the connection is made to is still held against the list, and nothing is sent.
    monkeypatch.setattr(delivery, "check_url", lambda url, hosts, field: None)
    merchant = await make_account(
        allowed_hosts=["classic-shop.test"], callback_secret=RECEIVER_SECRET
    )
    event_id = await record_event(deps, merchant.id, DEVIATION_URL.format(port=receiver.port))

    await worker.deliver_due()

    stopped = await event(deps, event_id)
    assert (stopped.status, stopped.stopped_reason) == (STOPPED, HOST_REFUSED)
    assert (stopped.attempts, stopped.last_error) == (1, "HostRefused")
    assert receiver.requests == [] and stub_dns == []


@pytest.mark.parametrize(
    ("allowed", "host", "resolved"),
    [
        ("xn--claic-shop-73a.test", "xn--claic-shop-73a.test", "xn--claic-shop-73a.test"),
        ("bücher.example", "bücher.example", "xn--bcher-kva.example"),
        ("xn--bcher-kva.example", "BÜCHER.example", "xn--bcher-kva.example"),
        ("bücher.example", "xn--bcher-kva.example", "xn--bcher-kva.example"),
    ],
)
async def test_an_idn_host_allowed_in_any_spelling_is_delivered(
    deps, worker, make_account, receiver, stub_dns, allowed, host, resolved
):
    merchant = await make_account(allowed_hosts=[allowed], callback_secret=RECEIVER_SECRET)
    event_id = await record_event(deps, merchant.id, f"https://{host}:{receiver.port}/ok")

    assert await worker.deliver_due() == 1

    assert (await event(deps, event_id)).status == DELIVERED
    assert receiver.paths == ["/ok"] and receiver.requests[0]["signature_ok"]
    assert stub_dns == [resolved]


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        (DEVIATION_URL, ["classic-shop.test"]),
        ("https://localhost:{port}/ok", ["127.0.0.1"]),
        ("https://127.0.0.1:{port}/ok", ["localhost"]),
        ("https://classic-shop.test:{port}/ok", ["*.classic-shop.test"]),
        ("https://127.0.0.1:{port}/ok", []),
    ],
)
async def test_the_sender_refuses_a_connection_to_a_host_not_allowed(
    receiver, make_session, stub_dns, url, allowed
):
    result = await send_attempt(
        make_session(), url.format(port=receiver.port), BODY, headers(), allowed_hosts=allowed
    )
    assert result == AttemptResult(False, None, "HostRefused", result.duration_s)
    assert receiver.requests == [] and stub_dns == []


async def test_the_sender_connects_to_an_allowed_host(receiver, make_session, stub_dns):
    url = f"https://classic-shop.test:{receiver.port}/ok"
    result = await send_attempt(
        make_session(), url, BODY, headers(), allowed_hosts=["classic-shop.test"]
    )
    assert result.delivered and receiver.paths == ["/ok"]
    assert stub_dns == ["classic-shop.test"]
