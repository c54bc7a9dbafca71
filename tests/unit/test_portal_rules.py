"""The portal's pure rules: TOTP (RFC 4226 and RFC 6238 vectors), recovery codes, the
password policy, the permission table, invite expiry, session expiry, and what keeps the
portal on its own site: `next` paths, trusted origins, masked CSRF tokens, token cookies."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from claimsvc.domain import passwords, totp
from claimsvc.domain import portal_sessions as ps
from claimsvc.domain.origins import is_trusted_source, safe_next
from claimsvc.domain.users import GRANTS, INVITE_TTL, PERMISSIONS, ROLES, can, invite_expired

RFC_KEY = b"12345678901234567890"
RFC_SECRET = base64.b32encode(RFC_KEY).decode()


@pytest.mark.parametrize(
    ("counter", "code"),
    list(
        enumerate(
            [
                "755224", "287082", "359152", "969429", "338314",
                "254676", "287922", "162583", "399871", "520489",
            ]
        )
    ),
)  # fmt: skip
def test_hotp_matches_rfc_4226_appendix_d(counter, code):
    assert totp.hotp(RFC_KEY, counter) == code


@pytest.mark.parametrize(
    ("unix", "code"),
    [
        (59, "94287082"),
        (1111111109, "07081804"),
        (1111111111, "14050471"),
        (1234567890, "89005924"),
        (2000000000, "69279037"),
        (20000000000, "65353130"),
    ],
)
def test_totp_matches_rfc_6238_appendix_b_sha1(unix, code):
    moment = datetime.fromtimestamp(unix, UTC)
    assert totp.hotp(RFC_KEY, totp.time_step(moment), digits=8) == code
    # The six-digit code apps show is the last six digits of the same value.
    assert totp.matching_step(RFC_SECRET, code[-6:], moment, None) == totp.time_step(moment)


def test_a_code_of_the_step_before_or_after_is_accepted_but_not_two_away():
    now = datetime.fromtimestamp(1111111111, UTC)
    step = totp.time_step(now)
    key = base64.b32decode(RFC_SECRET)
    for delta, accepted in ((-2, False), (-1, True), (0, True), (1, True), (2, False)):
        code = totp.hotp(key, step + delta)
        found = totp.matching_step(RFC_SECRET, code, now, None)
        assert (found == step + delta) is accepted


def test_a_code_at_or_before_the_last_accepted_step_is_refused():
    now = datetime.fromtimestamp(1111111111, UTC)
    step = totp.time_step(now)
    code = totp.hotp(RFC_KEY, step)
    assert totp.matching_step(RFC_SECRET, code, now, step - 1) == step
    assert totp.matching_step(RFC_SECRET, code, now, step) is None


def test_a_used_code_still_in_the_window_is_spent_and_any_other_is_not():
    now = datetime.fromtimestamp(1111111111, UTC)
    step = totp.time_step(now)
    used = totp.hotp(RFC_KEY, step)
    assert totp.is_spent(RFC_SECRET, used, now, step)
    assert totp.is_spent(RFC_SECRET, used, now + timedelta(seconds=30), step)
    assert not totp.is_spent(RFC_SECRET, used, now + timedelta(seconds=90), step)  # window left
    assert not totp.is_spent(RFC_SECRET, used, now, step - 1)  # not accepted yet: usable
    assert not totp.is_spent(RFC_SECRET, totp.hotp(RFC_KEY, step + 1), now, step)
    assert not totp.is_spent(RFC_SECRET, used, now, None)
    assert not totp.is_spent(RFC_SECRET, "12345", now, step)


@pytest.mark.parametrize(
    ("tries", "minutes", "live"),
    [(0, 0, True), (4, 29, True), (5, 0, False), (0, 30, False), (0, 31, False)],
)
def test_a_set_up_lives_30_minutes_and_5_wrong_codes(tries, minutes, live):
    made = datetime(2026, 11, 26, 10, 0, tzinfo=UTC)
    pending = totp.Pending("SECRET", tries, made + totp.ENROL_LIFETIME)
    assert pending.live(made + timedelta(minutes=minutes)) is live
    assert pending.tries_left == max(0, 5 - tries)
    assert not totp.Pending("SECRET", 0, None).live(made)


@pytest.mark.parametrize("code", ["", "12345", "1234567", "abcdef", "12 34 5x"])
def test_malformed_codes_never_match(code):
    assert totp.matching_step(RFC_SECRET, code, datetime.now(UTC), None) is None


def test_a_code_typed_with_spaces_is_read():
    now = datetime.fromtimestamp(59, UTC)
    assert totp.matching_step(RFC_SECRET, " 287 082 ", now, None) == 1


@pytest.mark.parametrize("code", ["¹²³⁴⁵⁶", "①②③④⑤⑥", "12345²", "١٢٣٤٥", "\u0000" * 6])
def test_characters_that_only_look_like_digits_never_match_nor_fail(code):
    assert totp.typed_code(code) is None
    assert totp.matching_step(RFC_SECRET, code, datetime.now(UTC), None) is None


def in_script(ascii_digits: str, zero: int) -> str:
    """`ascii_digits` in the script whose digit zero is the code point `zero`."""
    return "".join(chr(zero + int(d)) if d.isdigit() else d for d in ascii_digits)


BENGALI, ARABIC_INDIC, FULLWIDTH = 0x09E6, 0x0660, 0xFF10


@pytest.mark.parametrize(
    "typed",
    [
        in_script("287082", BENGALI),
        in_script("287082", ARABIC_INDIC),
        in_script("287082", FULLWIDTH),
        "28" + in_script("7 0", BENGALI) + in_script("8", ARABIC_INDIC) + "2",
    ],
)
def test_decimal_digits_of_any_script_are_read_as_their_values(typed):
    assert totp.typed_code(typed) == "287082"
    now = datetime.fromtimestamp(59, UTC)
    assert totp.matching_step(RFC_SECRET, typed, now, None) == 1


def test_new_secrets_are_160_bit_base32_and_differ():
    one, two = totp.new_secret(), totp.new_secret()
    assert one != two and len(base64.b32decode(one)) == 20


def test_otpauth_uri_names_the_issuer_account_and_secret():
    uri = totp.otpauth_uri("ABCDEF", "rahim@shop.example.com")
    parts = urlsplit(uri)
    assert (parts.scheme, parts.netloc) == ("otpauth", "totp")
    assert unquote(parts.path) == "/claimsvc:rahim@shop.example.com"
    query = parse_qs(parts.query)
    assert query["secret"] == ["ABCDEF"] and query["issuer"] == ["claimsvc"]


def test_recovery_codes_are_ten_distinct_and_hash_ignoring_case_and_dashes():
    codes = totp.new_recovery_codes()
    assert len(set(codes)) == 10
    code = codes[0]
    assert totp.recovery_hash(code.upper().replace("-", " ")) == totp.recovery_hash(code)
    assert totp.recovery_hash(code) != totp.recovery_hash(codes[1])


@pytest.mark.parametrize(
    ("password", "reason"),
    [
        ("short1234", passwords.TOO_SHORT),
        ("x" * 129, passwords.TOO_LONG),
        ("rahim@shop.example.com", passwords.IS_EMAIL),
        ("RAHIM@SHOP.EXAMPLE.COM", passwords.IS_EMAIL),
        ("1234567890", passwords.TOO_COMMON),
        ("Password123", passwords.TOO_COMMON),
        ("Bangladesh", passwords.TOO_COMMON),
        ("x" * 10, None),
        ("x" * 128, None),
        ("correct horse battery", None),
        ("রহিম স্টোর ২০২৬", None),
    ],
)
def test_password_policy(password, reason):
    assert passwords.problem(password, "rahim@shop.example.com") == reason


def test_a_password_that_is_the_email_s_local_part_is_refused():
    assert passwords.problem("rahimstore", "rahimstore@shop.example.com") == passwords.IS_EMAIL


EXPECTED = {
    "owner": set(PERMISSIONS),
    "developer": {"overview", "payments", "webhooks", "keys", "devices", "wallets", "wordings"},
    "staff": {"overview", "payments", "confirm", "links"},
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("permission", PERMISSIONS)
def test_permission_table(role, permission):
    assert can(role, permission) is (permission in EXPECTED[role])


def test_staff_cannot_mint_keys_and_only_owners_manage_the_team_and_read_the_audit_log():
    assert not can("staff", "keys")
    assert [r for r in ROLES if can(r, "team")] == ["owner"]
    assert [r for r in ROLES if can(r, "audit")] == ["owner"]
    assert [r for r in ROLES if can(r, "verification")] == ["owner"]
    assert not can("admin", "overview") and not can("owner", "everything")
    assert set(GRANTS) == set(ROLES)


def test_an_invite_expires_72_hours_after_it_was_made():
    made = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)
    expires = made + INVITE_TTL
    assert not invite_expired(expires, made + timedelta(hours=71, minutes=59))
    assert invite_expired(expires, made + timedelta(hours=72))
    assert invite_expired(None, made)


def test_a_session_ends_when_idle_or_at_its_absolute_limit():
    start = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)
    assert ps.ends_at(start, start) == start + ps.IDLE
    late = start + timedelta(hours=11, minutes=50)
    assert ps.ends_at(start, late) == start + ps.ABSOLUTE
    assert ps.ends_at(start, late, ps.CODE) == start + ps.CODE_STEP


def test_session_ids_are_random_and_stored_only_as_their_hash():
    one, two = ps.new_session_id(), ps.new_session_id()
    assert one != two and len(one) >= 43
    assert ps.hash_id(one) != one and len(ps.hash_id(one)) == 64


@pytest.mark.parametrize(
    "path", ["/portal", "/portal/", "/portal/payments?page=2&lang=bn", "/portal/links#new"]
)
def test_a_portal_path_is_kept_as_next(path):
    assert safe_next(path) == path


@pytest.mark.parametrize(
    "path",
    [
        None,
        "",
        "/portal/\r\nSet-Cookie: x=1",
        "/portal/\n",
        "/portal/\x00",
        "/portal/\x7f",
        "/portal/ x",
        "/portal/ক",
        "https://evil.example/portal/",
        "//evil.example/portal/",
        "/\\evil.example/portal/",
        "/portal\\..\\admin",
        "/portal/../admin/v1",
        "/portal/%2e%2e/admin/v1",
        "/portal/./x",
        "/portalx",
        "/checkout/x",
        "javascript:alert(1)",
        "/portal/" + "a" * 2000,
    ],
)
def test_anything_else_as_next_goes_to_the_portal_home(path):
    assert safe_next(path) == "/portal/"


@pytest.mark.parametrize(
    ("base", "source", "trusted"),
    [
        ("https://pay.example.com", "https://pay.example.com", True),
        ("https://pay.example.com", "https://PAY.example.com:443/portal/login?x=1", True),
        ("https://pay.example.com", "http://pay.example.com", False),  # the scheme counts
        ("https://pay.example.com", "https://pay.example.com:8443", False),  # so does the port
        ("https://pay.example.com", "https://pay.example.com.evil.example", False),
        ("https://pay.example.com", "https://evil.example/https://pay.example.com", False),
        ("https://pay.example.com", "null", False),
        ("https://pay.example.com", "", False),
        ("https://pay.example.com", None, False),
        ("https://pay.example.com", "pay.example.com", False),
        ("https://pay.example.com", "https://pay.example.com:99999", False),
        ("http://localhost:8080", "http://127.0.0.1:8080", True),  # the local stack
        ("http://localhost:8080", "http://[::1]:8080/portal/", True),
        ("http://localhost:8080", "http://localhost:8081", False),
        ("http://localhost:8080", "https://localhost:8080", False),
        ("http://[::1]:8080", "http://localhost:8080", True),
        ("https://pay.example.com", "http://localhost", False),
    ],
)
def test_a_form_is_trusted_only_from_the_public_origin(base, source, trusted):
    assert is_trusted_source(source, base) is trusted


def test_a_masked_token_stands_for_its_token_and_differs_every_time():
    token = ps.new_session_id()
    one, two = ps.mask_token(token), ps.mask_token(token)
    assert one != two and token not in one and token not in two
    assert ps.unmask_token(one) == ps.unmask_token(two) == token


@pytest.mark.parametrize("sent", ["", "x", "abc", "ক" * 8, "!!!!", "AAAA" * 5 + "A"])
def test_a_malformed_masked_token_stands_for_no_token(sent):
    assert not ps.is_token(ps.unmask_token(sent))


@pytest.mark.parametrize(
    ("value", "token"),
    [
        ("abcdefghijklmnopqrstuvwxyz0123456789_-AB", True),
        ('abc"def"ghijklmnopqrstuvwx', False),
        ("abc defghijklmnopqrstuvwx", False),
        ("<b>abcdefghijklmnopqrstu</b>", False),
        ("short", False),
        (None, False),
    ],
)
def test_only_a_token_shaped_cookie_counts(value, token):
    assert ps.is_token(value) is token
