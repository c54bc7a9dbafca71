"""The local webhook inspector's receiver and page (claimsvc/inspector/app.py), in-process: it
answers 200 only to a request whose x-svc-signature verifies with its event's account's secret
(401 otherwise, as a careful receiver does) and lists every request with its verdict."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPResponse
from tornado.httpserver import HTTPServer

from claimsvc.domain.exchange import BODY_CAP
from claimsvc.domain.modes import LIVE, TEST
from claimsvc.domain.signing import svc_signature
from claimsvc.inspector.app import KEPT, Inbox, Signers, make_inspector
from tests.ops.processes import free_port

CURRENT, PREVIOUS = "cbs_current-secret-0123456789", "cbs_previous-secret-abcdefgh"
TEST_SECRET = "cbs_test-mode-secret-0123456"
BODY = b'{"order_id":"o-1","payment_status":"COMPLETED","trid":"pay_1","amount":12.5}'


async def secrets_of(event_id: str) -> Signers | None:
    """Event 7 and 8 are live (8 during a rotation); 9 is a test session's."""
    known = {
        "7": Signers(LIVE, CURRENT),
        "8": Signers(LIVE, CURRENT, PREVIOUS),
        "9": Signers(TEST, TEST_SECRET),
    }
    return known.get(event_id)


@pytest.fixture
async def inspector() -> AsyncIterator[str]:
    server = HTTPServer(make_inspector(secrets_of, Inbox()))
    port = free_port()
    server.listen(port, address="127.0.0.1")
    yield f"http://127.0.0.1:{port}"
    server.stop()


async def post(base: str, body: bytes, **headers: str) -> HTTPResponse:
    return await AsyncHTTPClient().fetch(
        f"{base}/webhook", method="POST", body=body, headers=headers, raise_error=False
    )


async def page(base: str, lang: str = "en") -> str:
    return (await AsyncHTTPClient().fetch(f"{base}/?lang={lang}")).body.decode()


def signed(secret: str, event_id: str = "7") -> dict[str, str]:
    return {
        "content-type": "application/json",
        "x-svc-signature": svc_signature(secret, BODY),
        "x-svc-event-id": event_id,
    }


async def test_a_signed_webhook_is_answered_200_and_listed_as_verified(inspector):
    base = inspector
    reply = await post(base, BODY, **signed(CURRENT))
    assert (reply.code, json.loads(reply.body)) == (200, {"received": 1})
    text = await page(base)
    assert "Verified with the account&#x27;s current callback secret of this mode." in text
    assert 'data-verdict="current"' in text and "POST /webhook" in text
    assert "&quot;order_id&quot;:&quot;o-1&quot;" in text


async def test_a_test_sessions_event_verifies_with_the_test_secret_only_and_says_test(inspector):
    base = inspector
    assert (await post(base, BODY, **signed(TEST_SECRET, "9"))).code == 200
    assert (await post(base, BODY, **signed(CURRENT, "9"))).code == 401
    text = await page(base)
    assert text.count('data-mode="test"') == 2 and 'data-verdict="mismatch"' in text
    assert "Test: signed with the test callback secret" in text
    assert (await post(base, BODY, **signed(CURRENT, "7"))).code == 200
    assert 'data-mode="live"' in await page(base)
    assert "টেস্ট কলব্যাক সিক্রেট" in await page(base, "bn")


async def test_during_a_rotation_the_previous_secret_verifies_and_is_named(inspector):
    base = inspector
    assert (await post(base, BODY, **signed(PREVIOUS, "8"))).code == 200
    assert 'data-verdict="previous"' in await page(base)


@pytest.mark.parametrize(
    ("headers", "verdict"),
    [
        ({**signed("cbs_another-secret-000000000")}, "mismatch"),
        ({**signed(CURRENT, "99")}, "unknown_event"),
        ({**signed(CURRENT, "1" * 40)}, "unknown_event"),
        ({"content-type": "application/json"}, "unsigned"),
    ],
)
async def test_what_does_not_verify_is_answered_401_and_listed_in_words(
    inspector, headers, verdict
):
    base = inspector
    reply = await post(base, BODY, **headers)
    assert (reply.code, json.loads(reply.body)) == (401, {"error": verdict})
    assert f'data-verdict="{verdict}"' in await page(base)


async def test_a_body_changed_after_signing_does_not_verify(inspector):
    base = inspector
    assert (await post(base, BODY + b" ", **signed(CURRENT))).code == 401


async def test_the_page_lists_newest_first_keeps_the_latest_and_escapes_bodies(inspector):
    base = inspector
    for _ in range(KEPT + 2):
        await post(base, b"<script>alert(1)</script>" + b"x" * (BODY_CAP * 2))
    text = await page(base)
    assert "<script>alert" not in text and "&lt;script&gt;" in text
    assert text.count('data-testid="received"') == KEPT
    assert text.index(f"Request {KEPT + 2}") < text.index(f"Request {KEPT + 1}")
    assert "Request 1<" not in text
    assert "Cut to its first characters." in text


async def test_the_page_speaks_bangla_and_says_when_nothing_came(inspector):
    base = inspector
    assert "No request yet" in await page(base)
    text = await page(base, "bn")
    assert 'lang="bn"' in text and "ওয়েবহুক পরিদর্শক" in text and "এখনো কোনো অনুরোধ" in text


async def test_a_get_elsewhere_is_not_found(inspector):
    base = inspector
    reply = await AsyncHTTPClient().fetch(f"{base}/other", raise_error=False)
    assert reply.code == 404
