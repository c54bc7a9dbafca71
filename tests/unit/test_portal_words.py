"""The portal's words: every module in both languages with the same fields, one Bangla word per
meaning where the issue found one word for three, and words for every delivery problem."""

from __future__ import annotations

import string

import pytest

from claimsvc.api.page_text import BRANDS
from claimsvc.api.portal.view import brand, failure_words, stop_words
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
    shown = stop_words(Words(lang), reason)
    assert shown and reason not in shown
    assert stop_words(Words(lang), None) == ""


@pytest.mark.parametrize(
    ("error", "en", "bn"),
    [
        ("HTTP 500", "failed while answering (500)", "সমস্যা হয়েছে (500)"),
        ("TimeoutError", "did not answer", "উত্তর দেয়নি"),
        ("ClientConnectorError", "Could not connect", "সংযোগ করা যায়নি"),
        ("ClientConnectorDNSError", "could not be found", "খুঁজে পাওয়া যায়নি"),
        ("SomethingNewError", "could not be sent (SomethingNewError)", "(SomethingNewError)"),
    ],
)
def test_attempt_errors_are_words_in_both_languages(error, en, bn):
    """The one mapping (domain/attempt_failures.py) on every page: words, never a class name,
    except an unknown one, which is named after the words for a developer to search."""
    english = failure_words(Words("en"), None, error)
    bangla = failure_words(Words("bn"), None, error)
    assert en in english and bn in bangla
    if error != "SomethingNewError":
        assert error not in english and error not in bangla
    assert failure_words(Words("en"), None, None) == ""
