"""What a receiver holding the account's secrets finds in x-svc-signature (the inspector's
check, domain/signing.py check_svc_signature)."""

from __future__ import annotations

from claimsvc.domain import signing

BODY = b'{"order_id":"o-1","payment_status":"COMPLETED","trid":"pay_1","amount":12.5}'


def test_the_current_secret_verifies():
    sig = signing.svc_signature("cbs_new", BODY)
    assert signing.check_svc_signature(BODY, sig, ("cbs_new", None)) == signing.VERIFIED_CURRENT


def test_during_a_grace_the_previous_secret_verifies_and_is_named():
    sig = signing.svc_signature("cbs_old", BODY)
    got = signing.check_svc_signature(BODY, sig, ("cbs_new", "cbs_old"))
    assert got == signing.VERIFIED_PREVIOUS


def test_upper_case_hex_and_spaces_around_still_verify():
    sig = " " + signing.svc_signature("cbs_new", BODY).upper() + " "
    assert signing.check_svc_signature(BODY, sig, ("cbs_new", None)) == signing.VERIFIED_CURRENT


def test_another_secret_a_changed_body_or_garbage_do_not_verify():
    sig = signing.svc_signature("cbs_other", BODY)
    assert signing.check_svc_signature(BODY, sig, ("cbs_new", None)) == signing.MISMATCH
    good = signing.svc_signature("cbs_new", BODY)
    assert signing.check_svc_signature(BODY + b" ", good, ("cbs_new", None)) == signing.MISMATCH
    assert signing.check_svc_signature(BODY, "ঢাকা", ("cbs_new", None)) == signing.MISMATCH


def test_no_header_is_unsigned_and_no_secret_never_verifies():
    assert signing.check_svc_signature(BODY, None, ("cbs_new", None)) == signing.UNSIGNED
    sig = signing.svc_signature("", BODY)
    assert signing.check_svc_signature(BODY, sig, (None, None)) == signing.MISMATCH
