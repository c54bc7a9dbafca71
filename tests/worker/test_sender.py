import pytest

from claimsvc.clients.sender import AddressRefused, AttemptResult, send_attempt
from claimsvc.domain.signing import delivery_headers
from tests.worker.conftest import RECEIVER_SECRET

# Spacing and a non-ASCII character on purpose: the receiver must get these bytes, unchanged.
BODY = '{"order_id": "ঢাকা-1", "payment_status":"COMPLETED","trid":"pay_1","amount":500}'.encode()


def headers(event_id: int = 42, attempt: int = 1) -> dict[str, str]:
    return delivery_headers(RECEIVER_SECRET, event_id, attempt, BODY, now_unix=1_700_000_000)


async def test_a_2xx_reply_is_delivered_with_the_exact_bytes_and_all_headers(
    receiver, make_session
):
    result = await send_attempt(
        make_session(), receiver.url("/ok"), BODY, headers(7, 3), allowed_hosts=None
    )

    assert result.delivered and result.status_code == 200 and result.error is None
    assert 0 <= result.duration_s < 10
    (seen,) = receiver.requests
    assert seen["body"] == BODY
    assert seen["signature_ok"]
    for name, value in headers(7, 3).items():
        assert seen["headers"][name] == value
    assert seen["headers"]["x-svc-event-id"] == "7"
    assert seen["headers"]["x-svc-attempt"] == "3"


async def test_a_wrong_signature_is_refused_by_the_receiver_and_not_delivered(
    receiver, make_session
):
    forged = {**headers(), "x-svc-signature": "0" * 64}
    result = await send_attempt(
        make_session(), receiver.url("/ok"), BODY, forged, allowed_hosts=None
    )
    assert (result.delivered, result.status_code, result.error) == (False, 401, "HTTP 401")
    assert result.response_head == b""  # the receiver's empty 401 reply, kept


@pytest.mark.parametrize("code", [500, 404, 400, 503, 304])
async def test_a_non_2xx_status_is_not_delivered_and_keeps_the_status(receiver, make_session, code):
    result = await send_attempt(
        make_session(), receiver.url(f"/status/{code}"), BODY, headers(), allowed_hosts=None
    )
    assert not result.delivered
    assert result.status_code == code
    assert result.error == f"HTTP {code}"


@pytest.mark.parametrize("code", [200, 201, 202, 204, 299])
async def test_any_2xx_status_is_delivered(receiver, make_session, code):
    result = await send_attempt(
        make_session(), receiver.url(f"/status/{code}"), BODY, headers(), allowed_hosts=None
    )
    assert result.delivered and result.status_code == code and result.error is None


async def test_a_redirect_is_not_followed_and_not_delivered(receiver, make_session):
    result = await send_attempt(
        make_session(), receiver.url("/redirect"), BODY, headers(), allowed_hosts=None
    )

    assert not result.delivered
    assert result.status_code == 302
    assert result.error == "HTTP 302"
    assert receiver.paths == ["/redirect"]


async def test_a_receiver_slower_than_the_timeout_is_not_delivered(receiver, make_session):
    result = await send_attempt(
        make_session(timeout_s=0.5), receiver.url("/slow"), BODY, headers(), allowed_hosts=None
    )

    assert result == AttemptResult(False, None, "TimeoutError", result.duration_s)
    assert 0.4 < result.duration_s < 5
    assert receiver.paths == ["/slow"]


async def test_a_long_reply_is_read_only_up_to_the_cap_and_still_delivered(receiver, make_session):
    result = await send_attempt(
        make_session(), receiver.url("/large"), BODY, headers(), allowed_hosts=None
    )
    assert result.delivered and result.status_code == 200


async def test_a_connection_refused_port_is_a_connection_error(receiver, make_session):
    result = await send_attempt(
        make_session(), "https://127.0.0.1:1/ok", BODY, headers(), allowed_hosts=None
    )
    assert result == AttemptResult(False, None, "ClientConnectorError", result.duration_s)


async def test_a_certificate_from_an_untrusted_ca_is_not_delivered(receiver, make_session):
    session = make_session(ca_file=None)
    result = await send_attempt(session, receiver.url("/ok"), BODY, headers(), allowed_hosts=None)
    assert not result.delivered and result.status_code is None
    assert result.error == "ClientConnectorCertificateError"
    assert receiver.requests == []


async def test_proxy_variables_in_the_environment_are_ignored(receiver, make_session, monkeypatch):
    # A proxy would make the connection for us, past the address check.
    monkeypatch.setenv("HTTPS_PROXY", "http://127.0.0.1:1")
    monkeypatch.setenv("ALL_PROXY", "http://127.0.0.1:1")
    result = await send_attempt(
        make_session(), receiver.url("/ok"), BODY, headers(), allowed_hosts=None
    )
    assert result.delivered


LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]", "[::ffff:127.0.0.1]"]


@pytest.mark.parametrize("host", LOOPBACK_HOSTS)
async def test_with_private_allowed_each_loopback_form_reaches_the_receiver(
    receiver, make_session, host
):
    # The control for the refusals below: these URLs do lead to a live receiver.
    if host == "[::1]" and not receiver.has_ipv6:
        pytest.skip("no IPv6 loopback on this host")
    result = await send_attempt(
        make_session(), receiver.url("/ok", host), BODY, headers(), allowed_hosts=None
    )
    assert result.delivered
    assert receiver.paths == ["/ok"]


@pytest.mark.parametrize("host", LOOPBACK_HOSTS)
async def test_loopback_urls_are_refused_without_a_connection(receiver, make_session, host):
    session = make_session(allow_private=False)
    result = await send_attempt(
        session, receiver.url("/ok", host), BODY, headers(), allowed_hosts=None
    )

    assert result == AttemptResult(False, None, "AddressRefused", result.duration_s)
    assert receiver.requests == []


@pytest.mark.parametrize(
    "url",
    [
        "https://10.0.0.1/hook",
        "https://169.254.169.254/latest/meta-data/",
        "https://[fd00:ec2::254]/",
        "https://100.100.100.200/",
        "https://[64:ff9b::a9fe:a9fe]/",
        "https://[2002:a00:1::]:8443/",
    ],
)
async def test_private_and_metadata_addresses_are_refused_before_any_connect(make_session, url):
    # A real connect to these would hang until the timeout or fail as unreachable;
    # AddressRefused, well inside the short timeout, shows no connect was tried.
    session = make_session(allow_private=False, timeout_s=0.5)
    result = await send_attempt(session, url, BODY, headers(), allowed_hosts=None)
    assert result == AttemptResult(False, None, "AddressRefused", result.duration_s)
    assert result.duration_s < 0.5


async def test_credentials_in_a_refused_url_do_not_reach_the_error(receiver, make_session):
    url = f"https://merchant:hunter2@127.0.0.1:{receiver.port}/ok"
    result = await send_attempt(
        make_session(allow_private=False), url, BODY, headers(), allowed_hosts=None
    )
    assert result.error == "AddressRefused"
    assert "hunter2" not in repr(result)


def test_address_refused_names_the_address_only_in_its_repr():
    exc = AddressRefused("10.0.0.1")
    assert isinstance(exc, OSError)
    assert exc.address == "10.0.0.1"
    assert "10.0.0.1" in repr(exc)
    assert str(exc) == "refused to connect to a non-public address"
