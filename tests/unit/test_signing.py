import base64
import hashlib
import hmac

import pytest

from claimsvc.domain.signing import (
    delivery_headers,
    standard_webhook_signature,
    svc_signature,
    whsec_form,
)

SECRET = "cb_secret_ঢাকা"  # non-ASCII on purpose: the key is the secret's UTF-8 bytes
BODY = b'{"order_id":"A-1","payment_status":"COMPLETED","trid":"pay_1","amount":500}'

# Computed outside Python with `openssl dgst -sha256 -hmac` and `base64` over the same bytes.
OPENSSL_HEX = "00c98afa690407a634560733ff8ac76623891112019cbe345f6a1f77fa45d38f"
# The Standard Webhooks form for webhook-id 42 at webhook-timestamp 1700000000:
OPENSSL_V1 = "v1,IU7KGBbihkjLQmK+gxLc++8W1H+GM2mXWr5ifTi1Ov8="
OPENSSL_WHSEC = "whsec_Y2Jfc2VjcmV0X+CmouCmvuCmleCmvg=="


def test_svc_signature_matches_openssl():
    assert svc_signature(SECRET, BODY) == OPENSSL_HEX


@pytest.mark.parametrize("body", [b"", b"{}", BODY, bytes(range(256)), "৳ ১০০".encode()])
@pytest.mark.parametrize("secret", ["s", SECRET, "x" * 200])
def test_svc_signature_is_lower_hex_hmac_sha256_of_the_raw_bytes(secret, body):
    expected = hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
    assert svc_signature(secret, body) == expected
    assert expected == expected.lower() and len(expected) == 64


def test_svc_signature_changes_when_one_byte_of_the_body_changes():
    assert svc_signature(SECRET, BODY) != svc_signature(SECRET, BODY.replace(b"500", b"501"))


def test_standard_webhook_signature_matches_openssl():
    assert standard_webhook_signature(SECRET, "42", 1700000000, BODY) == OPENSSL_V1


@pytest.mark.parametrize("body", [b"", BODY, "৳".encode()])
def test_standard_webhook_signature_signs_id_dot_timestamp_dot_body(body):
    mac = hmac.new(SECRET.encode(), b"7.1234567890." + body, hashlib.sha256).digest()
    expected = "v1," + base64.b64encode(mac).decode()
    assert standard_webhook_signature(SECRET, "7", 1234567890, body) == expected


def test_whsec_form_is_prefix_plus_base64_of_utf8_bytes():
    assert whsec_form(SECRET) == OPENSSL_WHSEC
    assert base64.b64decode(whsec_form(SECRET).removeprefix("whsec_")) == SECRET.encode("utf-8")


def test_delivery_headers_are_exactly_the_seven_named_ones():
    headers = delivery_headers(SECRET, event_id=42, attempt=3, body=BODY, now_unix=1700000000)
    assert headers == {
        "content-type": "application/json",
        "x-svc-signature": OPENSSL_HEX,
        "x-svc-event-id": "42",
        "x-svc-attempt": "3",
        "webhook-id": "42",
        "webhook-timestamp": "1700000000",
        "webhook-signature": OPENSSL_V1,
    }


def test_every_header_value_is_a_string():
    headers = delivery_headers(SECRET, event_id=1, attempt=1, body=b"{}", now_unix=1)
    assert all(isinstance(v, str) for v in headers.values())


# A receiver written from the Standard Webhooks specification, not from a library.

TOLERANCE_S = 5 * 60


def standard_webhooks_verify(whsec: str, headers: dict[str, str], body: bytes, now: int) -> bool:
    """Verify as the spec says: key from whsec_ base64, timestamp window, any matching v1."""
    key = base64.b64decode(whsec.removeprefix("whsec_"))
    msg_id, timestamp = headers["webhook-id"], headers["webhook-timestamp"]
    if abs(now - int(timestamp)) > TOLERANCE_S:
        return False
    signed = f"{msg_id}.{timestamp}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for candidate in headers["webhook-signature"].split(" "):
        version, _, signature = candidate.partition(",")
        if version == "v1" and hmac.compare_digest(signature, expected):
            return True
    return False


def test_a_standard_webhooks_receiver_accepts_our_headers_with_the_whsec_secret():
    headers = delivery_headers(SECRET, event_id=99, attempt=1, body=BODY, now_unix=1700000000)
    assert standard_webhooks_verify(whsec_form(SECRET), headers, BODY, now=1700000010)


def test_a_standard_webhooks_receiver_rejects_a_changed_body():
    headers = delivery_headers(SECRET, event_id=99, attempt=1, body=BODY, now_unix=1700000000)
    assert not standard_webhooks_verify(whsec_form(SECRET), headers, BODY + b" ", now=1700000000)


def test_a_standard_webhooks_receiver_rejects_another_secret():
    headers = delivery_headers(SECRET, event_id=99, attempt=1, body=BODY, now_unix=1700000000)
    assert not standard_webhooks_verify(whsec_form("other"), headers, BODY, now=1700000000)


def test_a_standard_webhooks_receiver_rejects_a_replay_outside_its_window():
    headers = delivery_headers(SECRET, event_id=99, attempt=1, body=BODY, now_unix=1700000000)
    later = 1700000000 + TOLERANCE_S + 1
    assert not standard_webhooks_verify(whsec_form(SECRET), headers, BODY, now=later)


def test_the_svc_signature_verifies_with_the_plain_secret_in_constant_time():
    headers = delivery_headers(SECRET, event_id=5, attempt=2, body=BODY, now_unix=1)
    mine = hmac.new(SECRET.encode(), BODY, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(mine, headers["x-svc-signature"])
