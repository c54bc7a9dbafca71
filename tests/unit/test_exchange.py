"""An attempt's request and reply as the portal shows them (domain/exchange.py): capped,
header names that carry secrets masked, the callback secret never shown wherever it appears."""

from __future__ import annotations

import pytest

from claimsvc.domain import exchange as ex

SECRET = "cbs_the-account-secret-0123456789"


def test_a_short_reply_is_kept_whole_with_its_headers():
    got = ex.capture(
        [("x-svc-signature", "ab" * 32)],
        [("Content-Type", "text/plain"), ("Server", "shop")],
        b"thanks",
    )
    assert got == ex.Exchange(
        request_headers=(("x-svc-signature", "ab" * 32),),
        response_headers=(("Content-Type", "text/plain"), ("Server", "shop")),
        response_body="thanks",
    )


def test_no_reply_is_recorded_as_none_with_the_request_kept():
    got = ex.capture([("x-svc-attempt", "2")], None, None)
    assert got.response_body is None and got.request_headers == (("x-svc-attempt", "2"),)


def test_a_long_body_is_cut_to_the_cap_and_marked():
    got = ex.capture([], [], b"x" * (ex.BODY_CAP + 1))
    assert got.response_body == "x" * ex.BODY_CAP and got.body_cut


def test_a_body_of_exactly_the_cap_is_not_marked_cut():
    got = ex.capture([], [], "ক".encode() * ex.BODY_CAP)
    assert got.response_body == "ক" * ex.BODY_CAP and not got.body_cut


def test_a_body_cut_inside_a_character_or_not_utf8_is_shown_not_refused():
    got = ex.capture([], [], b"\xff\xfe ok \xe0\xa6")
    assert got.response_body is not None and "ok" in got.response_body


@pytest.mark.parametrize(
    "name", ["Set-Cookie", "Authorization", "X-Api-Key", "X-Auth-Token", "X-Session-Id", "Cookie"]
)
def test_headers_named_for_secrets_are_masked(name):
    got = ex.capture([], [(name, "value-123")], b"")
    assert got.response_headers == ((name, ex.MASK),)


def test_the_signature_headers_are_shown():
    sent = [("x-svc-signature", "ab" * 32), ("webhook-signature", "v1,abc=")]
    assert ex.capture(sent, None, None).request_headers == tuple(sent)


def test_the_callback_secret_echoed_by_a_receiver_never_shows():
    reply = f"expected a signature made with {SECRET}, got another".encode()
    got = ex.capture([], [("X-Debug", f"secret={SECRET}")], reply, (SECRET, None))
    assert SECRET not in (got.response_body or "")
    assert SECRET not in repr(got.response_headers)
    assert ex.MASK in (got.response_body or "")


def test_a_secret_straddling_the_cap_leaves_no_part_visible():
    reply = b"a" * (ex.BODY_CAP - 5) + SECRET.encode() + b"tail"
    got = ex.capture([], [], reply, (SECRET,))
    assert SECRET[:5] not in (got.response_body or "")[-10:]


def test_the_previous_secret_is_hidden_too():
    old = "cbs_old-secret-abcdefghijk"
    got = ex.capture([], [], f"old={old}".encode(), ("cbs_new", old))
    assert old not in (got.response_body or "")


def test_header_lines_and_values_are_capped():
    many = [(f"X-H{i}", "v" * 500) for i in range(ex.HEADER_LINES_CAP + 5)]
    got = ex.capture([], many, b"")
    assert len(got.response_headers) == ex.HEADER_LINES_CAP and got.headers_cut
    assert all(len(v) == ex.HEADER_VALUE_CAP + 1 for _, v in got.response_headers)
