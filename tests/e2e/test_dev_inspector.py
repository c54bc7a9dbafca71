"""A fresh clone's first webhook (issue 25): `claimsvc dev` started as a newcomer starts it (no
store URLs, so a SecantusDB child; nothing configured), the banner's curl run as printed, the
session paid the way a buyer pays (the demo phone forwards the wallet SMS, the buyer submits
the TrxID), and a signed webhook seen arriving at the local inspector, with no other set-up."""

from __future__ import annotations

import hashlib
import hmac
import html
import json
import re
import ssl
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ops.dev_stack import DevStack, dev_stack, forward_bkash_sms

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

TRX_ID = "9DV4INSP7K"


def submit_until_paid(stack: DevStack, session_id: str) -> dict:
    """The buyer submits the TrxID; while the SMS is still being read, the answer says so."""
    deadline = time.monotonic() + 60
    while True:
        status, body = stack.call(
            "POST",
            "/api/v1/checkout/submit",
            sessionId=session_id,
            trxId=TRX_ID,
            provider="bkash",
        )
        if status == 200 or time.monotonic() > deadline:
            assert status == 200, body
            return dict(body)
        time.sleep(0.5)


def inspector_page(stack: DevStack, ca_file: Path) -> str:
    context = ssl.create_default_context(cafile=str(ca_file))
    url = f"https://localhost:{stack.inspector_port}/"
    with urllib.request.urlopen(url, context=context, timeout=10) as resp:
        return str(resp.read().decode())


def webhook_at_inspector(stack: DevStack, ca_file: Path, payment_id: str) -> str:
    """The inspector's section for the webhook of the session's payment (its `trid`), once it
    has arrived (bounded wait). By payment id: the banner's order ids are per second."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for section in inspector_page(stack, ca_file).split('<section class="card"')[1:]:
            if payment_id in html.unescape(section):
                return section
        time.sleep(0.3)
    raise AssertionError("no webhook for the order reached the inspector")


@pytest.fixture(scope="module")
def newcomer_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevStack]:
    """No store URLs: the newcomer's stack (SecantusDB child, in-process Redis), started fresh
    for the module's first test; the second test's first hour goes on on it (one SecantusDB
    start instead of two; issue 35: the suite's time)."""
    folder = tmp_path_factory.mktemp("newcomer")
    with dev_stack(folder, CLAIMSVC_MONGO_URL="", CLAIMSVC_REDIS_URL="") as stack:
        yield stack


def test_a_fresh_dev_stack_delivers_a_signed_webhook_to_its_inspector(newcomer_stack):
    stack, folder = newcomer_stack, newcomer_stack.log.parent
    inspector = stack.banner_value("inspector")
    assert inspector.startswith(f"https://localhost:{stack.inspector_port}/")
    ca_line = next(ln for ln in stack.output().splitlines() if "its dev CA" in ln)
    ca_file = folder / ca_line.rsplit(": ", 1)[1].strip()
    assert "No request yet" in inspector_page(stack, ca_file)

    printed = stack.banner_curl()
    assert f"https://localhost:{stack.inspector_port}/webhook" in printed
    opened = json.loads(
        subprocess.run(["sh", "-c", printed], capture_output=True, check=True).stdout
    )
    assert opened["status"] == "OPEN" and opened["amount"] == 1250.5
    assert re.fullmatch(r"order-\d{8}-\d{6}", opened["order_id"])

    token = stack.credential("demo device token")
    forward_bkash_sms(stack.sms_port, token, "1,250.50", TRX_ID, "10,250.50")
    paid = submit_until_paid(stack, opened["session_id"])
    assert paid["success"] is True

    section = webhook_at_inspector(stack, ca_file, opened["payment_id"])
    signing = stack.credential("demo callback secret")  # made for this data folder
    assert 'data-verdict="current"' in section and 'data-mode="live"' in section
    body = html.unescape(re.search(r'data-testid="body">(.*?)</pre>', section, re.S).group(1))
    headers = dict(
        line.split(": ", 1)
        for line in html.unescape(section.split("<pre>")[1].split("</pre>")[0]).splitlines()
        if ": " in line
    )
    # Checked here too, as a merchant's receiver would: HMAC-SHA256 of the raw body.
    mine = hmac.new(signing.encode(), body.encode(), hashlib.sha256).hexdigest()
    assert headers["X-Svc-Signature"] == mine
    assert json.loads(body) == {
        "order_id": opened["order_id"],
        "payment_status": "COMPLETED",
        "trid": opened["payment_id"],
        "amount": 1250.5,
    }


def test_a_test_payment_reaches_the_inspector_marked_as_a_test(newcomer_stack):
    """The same first hour with the banner's test key: the session opened by the banner's curl
    with the test key, a test payment's SMS made to arrive (no phone, no SMS typed), the buyer's
    claim of its TrxID, and the webhook seen at the inspector, signed with the account's test
    callback secret (the credentials file's CLAIMSVC_DEMO_TEST_CALLBACK_SECRET), never the live
    one, shown as a test and marked `x-svc-test: true`."""
    stack, folder = newcomer_stack, newcomer_stack.log.parent
    ca_line = next(ln for ln in stack.output().splitlines() if "its dev CA" in ln)
    ca_file = folder / ca_line.rsplit(": ", 1)[1].strip()
    test_key = stack.credential("demo test key")
    assert test_key.startswith("sk_test_")
    # As the banner's heading says: the test key's variable in place of the live key's.
    printed = stack.banner_curl().replace("$CLAIMSVC_DEMO_API_KEY", "$CLAIMSVC_DEMO_TEST_KEY")
    assert "$CLAIMSVC_DEMO_TEST_KEY" in printed
    opened = json.loads(
        subprocess.run(["sh", "-c", printed], capture_output=True, check=True).stdout
    )
    status, made = stack.call(
        "POST",
        "/api/v1/test/payments",
        test_key,
        session_id=opened["session_id"],
        outcome="paid",
    )
    assert status == 202 and made["sms"] == "processed", made
    status, paid = stack.call(
        "POST",
        "/api/v1/checkout/submit",
        sessionId=opened["session_id"],
        trxId=made["trx_id"],
        provider=made["provider"],
    )
    assert status == 200 and paid["success"] is True, paid
    section = webhook_at_inspector(stack, ca_file, opened["payment_id"])
    test_secret = stack.credential("demo test callback secret")
    live_secret = stack.credential("demo callback secret")
    assert 'data-verdict="current"' in section and 'data-mode="test"' in section
    headers = html.unescape(section.split("<pre>")[1].split("</pre>")[0])
    assert "X-Svc-Test: true" in headers
    body = html.unescape(re.search(r'data-testid="body">(.*?)</pre>', section, re.S).group(1))
    signature = next(
        ln.split(": ", 1)[1] for ln in headers.splitlines() if ln.startswith("X-Svc-Signature")
    )
    assert live_secret and test_secret and test_secret != live_secret
    assert signature == hmac.new(test_secret.encode(), body.encode(), hashlib.sha256).hexdigest()
    assert signature != hmac.new(live_secret.encode(), body.encode(), hashlib.sha256).hexdigest()
