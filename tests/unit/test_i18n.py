"""Language choice, Bangla digits, taka formatting and the page's words, as pure functions."""

# Bangla digit zero looks like a Latin O to ruff; here it is the very thing under test.
# ruff: noqa: RUF001

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from claimsvc import errors
from claimsvc.api.page import OUTCOME_WORDS, script_words
from claimsvc.api.page_view import how_to
from claimsvc.api.words import Words
from claimsvc.api.words.wallets import BRANDS
from claimsvc.domain import claims, i18n
from claimsvc.domain.accounts import PROVIDERS, WALLET_KINDS


@pytest.mark.parametrize(
    ("query", "header", "lang"),
    [
        (None, None, "en"),
        (None, "bn", "bn"),
        (None, "bn-BD,bn;q=0.9,en-US;q=0.8", "bn"),
        (None, "en-GB,en;q=0.9,bn;q=0.8", "en"),
        (None, "fr, de;q=0.9, bn;q=0.1", "bn"),
        (None, "fr, de", "en"),
        (None, "bn;q=0", "en"),
        (None, "bn;q=0.3, en;q=0.7", "en"),
        (None, "bn;q=oops, en;q=0.1", "en"),
        (None, "*", "en"),
        ("bn", "en", "bn"),
        ("en", "bn", "en"),
        ("xx", "bn", "bn"),
    ],
)
def test_language_is_the_query_then_the_best_accepted_then_english(query, header, lang):
    assert i18n.choose_lang(query, header) == lang


@pytest.mark.parametrize(
    ("whole", "grouped"),
    [(0, "0"), (999, "999"), (1000, "1,000"), (100000, "1,00,000"), (12345678, "1,23,45,678")],
)
def test_taka_are_grouped_in_lakhs_and_crores(whole, grouped):
    assert i18n.group_lakh(whole) == grouped


@pytest.mark.parametrize(
    ("poisha", "en", "bn"),
    [
        (50000, "500", "৫০০"),
        (49950, "499.50", "৪৯৯.৫০"),
        (1, "0.01", "০.০১"),
        (1_000_000_000, "1,00,00,000", "১,০০,০০,০০০"),
    ],
)
def test_amounts_show_poisha_only_when_there_are_some(poisha, en, bn):
    assert i18n.taka(poisha, "en") == en
    assert i18n.taka(poisha, "bn") == bn


@pytest.mark.parametrize(
    ("seconds", "en", "bn"),
    [
        (1800, "30:00", "৩০:০০"),
        (59, "0:59", "০:৫৯"),
        (3725, "1:02:05", "১:০২:০৫"),
        (-5, "0:00", "০:০০"),
    ],
)
def test_countdown_reads_minutes_and_seconds(seconds, en, bn):
    assert i18n.countdown(seconds, "en") == en
    assert i18n.countdown(seconds, "bn") == bn


def test_deadline_is_told_in_dhaka_time_in_both_languages():
    moment = datetime(2026, 11, 21, 8, 30, tzinfo=UTC)  # 14:30 in Dhaka
    assert i18n.clock_time(moment, "en") == "2:30 PM, 21 Nov"
    assert i18n.clock_time(moment, "bn") == "২১ নভেম্বর, দুপুর ২:৩০"
    assert i18n.clock_time(datetime(2026, 1, 1, 18, 5, tzinfo=UTC), "en") == "12:05 AM, 2 Jan"


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("kind", ["personal", "agent", "merchant"])
@pytest.mark.parametrize("lang", i18n.LANGS)
def test_every_provider_and_kind_has_lines_naming_the_flow_number_and_amount(provider, kind, lang):
    lines = how_to(Words(lang), provider, kind, "01700000001", "৫০০")
    action = BRANDS[provider].actions[kind][0]
    assert len(lines) == (4 if kind == "agent" else 3)
    assert action in lines[0]
    assert "01700000001" in lines[1] and "৫০০" in lines[1]
    assert "TrxID" in lines[-1]


@pytest.mark.parametrize("kind", ["personal", "agent", "merchant"])
def test_the_flow_the_page_names_makes_an_sms_a_claim_can_match(kind):
    # Send Money reaches a personal wallet as "received", a Cash Out an agent's wallet as
    # "cash_out_received", a Payment a merchant wallet as "payment_received".
    assert claims.FLOW_SMS[kind] in claims.CLAIMABLE_KINDS
    flows = {"personal": "Send Money", "agent": "Cash Out", "merchant": "Payment"}
    assert flows[kind] in how_to(Words("en"), "bkash", kind, "1", "5")[0]
    assert set(claims.FLOW_SMS) == set(WALLET_KINDS)


@pytest.mark.parametrize("lang", i18n.LANGS)
def test_an_agent_wallet_tells_the_buyer_the_cash_out_charge_comes_on_top(lang):
    lines = how_to(Words(lang), "nagad", "agent", "01700000001", "৫০০")
    assert "৫০০" in lines[2]
    assert ("Cash Out charge" if lang == "en" else "ক্যাশ আউট চার্জ") in lines[2]


def test_bkash_menu_items_follow_the_wallet_kind():
    en = Words("en")
    assert "Send Money" in how_to(en, "bkash", "personal", "1", "5")[0]
    assert "Cash Out" in how_to(en, "bkash", "agent", "1", "5")[0]
    assert "“Payment”" in how_to(en, "bkash", "merchant", "1", "5")[0]


@pytest.mark.parametrize(
    ("provider", "lang", "first"),
    [
        ("bkash", "en", "Open the bKash app or dial *247# and choose “Send Money”."),
        ("cellfin", "en", "Open the CellFin app and choose “Fund Transfer”."),
        ("nagad", "bn", "নগদ অ্যাপ খুলুন অথবা *167# ডায়াল করুন, তারপর “সেন্ড মানি (Send Money)” বেছে নিন।"),
    ],
)
def test_the_first_line_names_the_app_its_ussd_code_if_any_and_the_menu_item(provider, lang, first):
    assert how_to(Words(lang), provider, "personal", "1", "5")[0] == first


CLAIM_OUTCOMES = [
    errors.VerificationFailed,
    errors.TooManyAttempts,
    errors.SessionExpired,
    errors.SessionUnavailable,
    errors.AlreadyCompleted,
    errors.SessionNotFound,
    errors.VendorInactive,
    errors.PendingVerification,
    errors.BuyerRateLimited,
]


def test_every_claim_outcome_is_in_words_and_in_english_is_the_apis_own_message():
    english = script_words(Words("en"), "Shop")["outcomes"]
    bangla = script_words(Words("bn"), "Shop")["outcomes"]
    assert set(english) == set(bangla) == {cls.code for cls in CLAIM_OUTCOMES} == set(OUTCOME_WORDS)
    assert {cls.code: english[cls.code] for cls in CLAIM_OUTCOMES} == {
        cls.code: cls.message for cls in CLAIM_OUTCOMES
    }
    assert [code for code in bangla if bangla[code] == english[code]] == []


def test_the_scripts_wait_sentence_counts_the_minutes_in_the_pages_digits():
    assert "for up to 2 minutes." in script_words(Words("en"), "Shop")["text"]["checkout.waiting"]
    assert "২ মিনিট পর্যন্ত" in script_words(Words("bn"), "Shop")["text"]["checkout.waiting"]
    assert "for up to 1 minute." in Words("en").plural("checkout.waiting", 1)
