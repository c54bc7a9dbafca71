"""Each attempt's request and reply, kept with the attempt for the portal's event page
(issue 25): headers sent, the reply's status, headers and body, capped and masked, the secret
never; every kind of failure said in words in both languages, never a library's class name."""

from __future__ import annotations

import pytest

from claimsvc.api.portal.view import outcome_words
from claimsvc.api.words import Words
from claimsvc.domain import attempt_failures as af
from claimsvc.domain.exchange import BODY_CAP, MASK
from claimsvc.domain.outbox import Attempt
from claimsvc.worker.webhooks import make_dispatcher
from tests.ops.processes import free_port
from tests.worker.conftest import RECEIVER_SECRET
from tests.worker.factories import event, record_event


async def attempted(deps, worker, account_id: str, url: str) -> Attempt:
    event_id = await record_event(deps, account_id, url)
    assert await worker.deliver_due() == 1
    (only,) = (await event(deps, event_id)).history
    return only


def said(attempt: Attempt, lang: str = "en") -> str:
    return outcome_words(Words(lang), attempt.status_code, attempt.error)


async def test_a_delivered_attempt_keeps_the_headers_sent_and_the_reply(
    deps, worker, merchant, receiver
):
    got = await attempted(deps, worker, merchant.id, receiver.url("/ok"))
    assert got.exchange is not None
    sent = dict(got.exchange.request_headers)
    assert sent["x-svc-signature"] == receiver.requests[0]["headers"]["x-svc-signature"]
    assert sent["x-svc-attempt"] == "1" and "webhook-signature" in sent
    assert got.exchange.response_body == "ok" and not got.exchange.body_cut
    assert dict(got.exchange.response_headers)["Content-Type"].startswith("text/plain")
    assert said(got) == "Delivered"


async def test_a_chatty_reply_is_capped_its_cookie_masked_and_the_secret_never_kept(
    deps, worker, merchant, receiver
):
    got = await attempted(deps, worker, merchant.id, receiver.url("/chatty"))
    assert got.exchange is not None and got.status_code == 500
    body = got.exchange.response_body or ""
    assert len(body) == BODY_CAP and got.exchange.body_cut
    assert RECEIVER_SECRET not in body and f"secret={MASK}" in body
    reply = dict(got.exchange.response_headers)
    assert reply["Set-Cookie"] == MASK
    assert reply["X-Debug"] == f"key={MASK}"
    stored = await deps.db["events"].find_one({"attempt_history.attempt": 1})
    assert RECEIVER_SECRET not in repr(stored)
    assert said(got) == "Your server failed while answering (500)."


@pytest.mark.parametrize(
    ("path", "key", "code"),
    [
        ("/status/401", af.SIGNATURE, 401),
        ("/status/404", af.CLIENT, 404),
        ("/status/503", af.SERVER, 503),
        ("/redirect", af.REDIRECT, 302),
    ],
)
async def test_each_status_class_is_said_in_words_in_both_languages(
    deps, worker, merchant, receiver, path, key, code
):
    got = await attempted(deps, worker, merchant.id, receiver.url(path))
    assert got.status_code == code and got.exchange is not None
    assert got.exchange.response_body is not None  # a reply came and is shown
    for lang in ("en", "bn"):
        assert said(got, lang) == Words(lang)(key, code=str(code))


async def test_nothing_listening_is_a_connect_failure_with_no_reply(deps, worker, merchant):
    got = await attempted(deps, worker, merchant.id, f"https://127.0.0.1:{free_port()}/hook")
    assert got.error == "ClientConnectorError"
    assert got.exchange is not None and got.exchange.response_body is None
    assert dict(got.exchange.request_headers)["x-svc-attempt"] == "1"
    assert said(got) == Words("en")(af.CONNECT)
    assert "Client" not in said(got, "bn")


async def test_a_name_that_does_not_resolve_is_a_dns_failure(deps, worker, make_account):
    shop = await make_account(allowed_hosts=["no-such-shop.invalid"])
    got = await attempted(deps, worker, shop.id, "https://no-such-shop.invalid/hook")
    assert got.error == "ClientConnectorDNSError"
    assert said(got) == Words("en")(af.DNS)


async def test_a_certificate_not_trusted_is_a_tls_failure(deps, merchant, receiver, make_session):
    deps.http = make_session(ca_file=None)  # the system CAs: the test CA is unknown
    try:
        got = await attempted(deps, make_dispatcher(deps), merchant.id, receiver.url("/ok"))
    finally:
        deps.http = None
    assert got.error == "ClientConnectorCertificateError"
    assert said(got) == Words("en")(af.TLS)
    assert said(got, "bn") == Words("bn")(af.TLS)


async def test_a_receiver_slower_than_the_timeout_is_said_to_be_too_slow(
    deps, merchant, receiver, make_session
):
    deps.http = make_session(timeout_s=0.5)
    try:
        got = await attempted(deps, make_dispatcher(deps), merchant.id, receiver.url("/slow"))
    finally:
        deps.http = None
    assert got.error == "TimeoutError"
    assert said(got) == "Your server did not answer within 10 seconds."
