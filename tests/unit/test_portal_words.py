"""The portal's words: every module in both languages with the same fields, one Bangla word per
meaning where the issue found one word for three, and words for every delivery problem."""

from __future__ import annotations

import string

import pytest

from claimsvc.api.page_text import BRANDS
from claimsvc.api.portal import delivery_words
from claimsvc.api.portal.view import brand
from claimsvc.api.portal.words import MODULES, Words
from claimsvc.domain import delivery
from claimsvc.domain.accounts import PROVIDERS


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_every_words_module_has_both_languages_with_the_same_fields(module):
    assert module.EN.keys() == module.BN.keys()
    assert [k for k in module.EN if fields(module.EN[k]) != fields(module.BN[k])] == []


def test_dead_cancelled_revoke_and_failed_are_different_words_in_bangla():
    bn = Words("bn")
    meanings = {
        "a webhook that gave up": bn("hooks_status_dead"),
        "a cancelled payment": bn("status.CANCELLED"),
        "a failed payment": bn("status.FAILED"),
        "revoke a key": bn("keys_revoke"),
    }
    assert len(set(meanings.values())) == len(meanings), meanings
    assert bn("hooks_status_dead") == bn("event.dead")  # one word for one thing
    assert bn("hooks_status_stopped") == bn("event.stopped")
    assert bn("keys_revoke") == bn("ph_revoke")
    assert "বাতিল" not in bn("keys_revoke") + bn("ph_revoke") + bn("keys_revoked_on", date="১")


@pytest.mark.parametrize("lang", ["en", "bn"])
def test_every_wallet_is_named_by_its_brand_in_each_language(lang):
    named = brand(lang)
    assert {named(p) for p in PROVIDERS} == {BRANDS[p].name[lang] for p in PROVIDERS}
    assert named("bkash") == {"en": "bKash", "bn": "বিকাশ"}[lang]


@pytest.mark.parametrize("lang", ["en", "bn"])
@pytest.mark.parametrize(
    "reason",
    [
        delivery.NO_SECRET,
        delivery.ADDRESS_REFUSED,
        delivery.HOST_REFUSED,
        delivery.NO_ACCOUNT,
        delivery.NO_WEBHOOK_URL,
        "webhook_url must use https",
    ],
)
def test_every_stop_reason_is_in_words(lang, reason):
    shown = delivery_words.stop_reason(Words(lang), reason)
    assert shown and reason not in shown


@pytest.mark.parametrize(
    ("error", "en", "bn"),
    [
        ("HTTP 500", "Your server answered HTTP 500", "আপনার সার্ভার HTTP 500 উত্তর দিয়েছে"),
        ("TimeoutError", "did not answer", "উত্তর দেয়নি"),
        ("ClientConnectorError", "Could not connect", "সংযোগ করা যায়নি"),
        ("ClientConnectorDNSError", "was not found", "খুঁজে পাওয়া যায়নি"),
        ("SomethingNewError", "The request failed (SomethingNewError)", "ব্যর্থ হয়েছে"),
    ],
)
def test_attempt_errors_are_words_with_the_recorded_name_after_them(error, en, bn):
    english = delivery_words.attempt_error(Words("en"), error)
    bangla = delivery_words.attempt_error(Words("bn"), error)
    assert en in english and bn in bangla
    if not error.startswith("HTTP"):
        assert english.endswith(f"({error})") and bangla.endswith(f"({error})")
    assert delivery_words.attempt_error(Words("en"), None) == ""
