"""Every word of our pages (claimsvc/api/words): each module in both languages with the same
keys and placeholders, keys named `page.element`, none unused, words for every domain value,
plurals chosen by the count, one Bangla word per meaning, and words for every delivery problem."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from claimsvc.api.portal.view import brand, failure_words, stop_words
from claimsvc.api.words import MODULES, Plural, Words, placeholders, values
from claimsvc.api.words.values import VOCABULARIES
from claimsvc.api.words.wallets import BRANDS
from claimsvc.domain import delivery
from claimsvc.domain.accounts import PROVIDERS

ROOT = Path(__file__).parents[2]
SOURCES = [
    *sorted((ROOT / "claimsvc").rglob("*.py")),
    *sorted((ROOT / "claimsvc" / "api" / "templates").rglob("*.html")),
]
KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+$")
"""`page.element` (and `status.<vocabulary>.<value>`): lower-case words joined by dots."""


def module_id(module: ModuleType) -> str:
    return module.__name__.removeprefix("claimsvc.api.words.")


@pytest.mark.parametrize("module", MODULES, ids=module_id)
def test_every_words_module_has_both_languages_with_the_same_placeholders(module):
    assert module.EN.keys() == module.BN.keys()
    assert [k for k in module.EN if placeholders(module.EN[k]) != placeholders(module.BN[k])] == []
    plural = [k for k in module.EN if isinstance(module.EN[k], Plural)]
    assert [k for k in plural if not isinstance(module.BN[k], Plural)] == []


@pytest.mark.parametrize("module", MODULES, ids=module_id)
def test_every_key_is_named_page_dot_element(module):
    assert [key for key in module.EN if not KEY.match(key)] == []


@pytest.mark.parametrize("module", MODULES, ids=module_id)
def test_no_key_is_unused(module):
    """Each key is written somewhere as a whole string; a domain value's words are used
    through `Words.status` and covered by the test below instead."""
    text = "\n".join(path.read_text() for path in SOURCES if "words" not in path.parts)
    unused = [
        key
        for key in module.EN
        if not key.startswith("status.") and f'"{key}"' not in text and f"'{key}'" not in text
    ]
    assert unused == []


@pytest.mark.parametrize("lang", ["en", "bn"])
@pytest.mark.parametrize("vocabulary", sorted(VOCABULARIES))
def test_every_domain_value_has_words(vocabulary, lang):
    t = Words(lang)
    missing = [v for v in VOCABULARIES[vocabulary] if not t.has(f"status.{vocabulary}.{v}")]
    assert missing == []
    extra = [
        k
        for k in values.EN
        if k.startswith(f"status.{vocabulary}.")
        and k.removeprefix(f"status.{vocabulary}.") not in VOCABULARIES[vocabulary]
    ]
    assert extra == []
    assert t.status(vocabulary, "from-a-newer-release") == "from-a-newer-release"


def test_a_count_chooses_its_form_and_is_written_in_the_pages_digits():
    en, bn = Words("en"), Words("bn")
    assert en.plural("signin.wait_minutes", 1) == "Please wait 1 minute and try again."
    assert en.plural("signin.wait_minutes", 15) == "Please wait 15 minutes and try again."
    assert bn.plural("signin.wait_minutes", 15) == "১৫ মিনিট অপেক্ষা করে আবার চেষ্টা করুন।"
    with pytest.raises(TypeError):
        en("signin.wait_minutes")


def test_dead_cancelled_revoke_and_failed_are_different_words_in_bangla():
    bn = Words("bn")
    meanings = {
        "a webhook that gave up": bn.status("event", "dead"),
        "a cancelled payment": bn.status("session", "CANCELLED"),
        "a failed payment": bn.status("session", "FAILED"),
        "revoke a key": bn("keys.revoke"),
    }
    assert len(set(meanings.values())) == len(meanings), meanings
    assert bn("keys.revoke") == bn("devices.revoke")
    assert "বাতিল" not in bn("keys.revoke") + bn("devices.revoke") + bn("keys.revoked_on", date="১")


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
