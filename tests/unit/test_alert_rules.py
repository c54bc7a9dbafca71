"""The pure rules of merchant alerts: grouping, retrying, breaking a channel, reading the Bot
API's answers, the buttons' data, link codes, what owes an alert; the words in both languages."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.api.portal.alerts import CHANNEL_WORDS, KIND_WORDS
from claimsvc.api.words.portal import alerts as portal_words
from claimsvc.clients.telegram import read_reply
from claimsvc.domain import alert_text
from claimsvc.domain import alerts as al
from claimsvc.domain import sessions as sm
from claimsvc.domain.messages import MessageResult
from claimsvc.services.alert_channels import code_in

T0 = datetime(2026, 11, 21, 6, 0, tzinfo=UTC)


def send(i: int, kind: str = al.PAYMENT_HELD) -> al.Send:
    return al.Send(
        f"snd_{i:03d}", "chn_1", f"alr_{i}", "acc_1", kind, al.QUEUED, 0, T0, T0 + timedelta(i)
    )


def test_the_words_exist_in_both_languages():
    assert alert_text.EN.keys() == alert_text.BN.keys()
    assert portal_words.EN.keys() == portal_words.BN.keys()
    for kind in al.KINDS:
        if kind != al.DAILY_SUMMARY:  # not a list: its own lines (summary_*)
            assert {f"head_{kind}", f"line_{kind}", f"foot_{kind}"} <= alert_text.EN.keys()
        assert kind in alert_text.PORTAL_PATHS


def test_the_alerts_page_has_words_for_every_kind_and_channel_in_the_domains_order():
    """The page lists a channel's choices from these mappings: a new kind or channel in the
    domain without words (or out of the domain's order) fails here."""
    assert tuple(KIND_WORDS) == al.KINDS
    assert tuple(CHANNEL_WORDS) == al.CHANNEL_KINDS
    for key in (*KIND_WORDS.values(), *CHANNEL_WORDS.values()):
        assert key in portal_words.EN and key in portal_words.BN


def test_sends_are_grouped_by_kind_twenty_at_most_oldest_first():
    sends = [send(i) for i in range(45)] + [send(100, al.SMS_NOT_UNDERSTOOD)]
    grouped = al.groups(list(reversed(sends)))
    assert [len(g) for g in grouped] == [20, 20, 5, 1]
    assert grouped[0][0].id == "snd_000" and grouped[3][0].kind == al.SMS_NOT_UNDERSTOOD


@pytest.mark.parametrize(
    ("outcome", "attempts", "wait", "counts"),
    [
        (al.Outcome(False, retry_after_s=7), 1, timedelta(seconds=7), False),
        (al.Outcome(False, retry_after_s=0), 3, timedelta(seconds=1), False),
        (al.Outcome(False, error="HTTP 500"), 1, timedelta(minutes=2), True),
        (al.Outcome(False, error="HTTP 502"), 3, timedelta(minutes=8), True),
        (al.Outcome(False, error="HTTP 500"), 15, None, True),
        (al.Outcome(False, refused=True), 1, None, True),
    ],
)
def test_the_next_attempt_after_a_failure(outcome, attempts, wait, counts):
    step = al.after_failure(outcome, attempts, T0)
    assert step.next_at == (None if wait is None else T0 + wait)
    assert step.counts is counts


def test_a_channel_breaks_after_five_failures_in_a_row_or_one_refusal():
    failed = al.Outcome(False, error="HTTP 500")
    assert not al.breaks(4, failed) and al.breaks(5, failed)
    assert al.breaks(1, al.Outcome(False, refused=True))


@pytest.mark.parametrize(
    ("status", "body", "expected"),
    [
        (200, b'{"ok":true,"result":{"message_id":42}}', al.Outcome(True, message_id=42)),
        (200, b'{"ok":true,"result":true}', al.Outcome(True)),
        (
            429,
            b'{"ok":false,"error_code":429,"description":"Too Many Requests: retry after 9",'
            b'"parameters":{"retry_after":9}}',
            al.Outcome(False, retry_after_s=9, error="HTTP 429"),
        ),
        (429, b'{"ok":false}', al.Outcome(False, error="HTTP 429")),
        (500, b"<html>", al.Outcome(False, error="HTTP 500")),
        (403, b'{"ok":false,"error_code":403}', al.Outcome(False, refused=True, error="HTTP 403")),
        (200, b'{"ok":false}', al.Outcome(False, error="HTTP 200")),
    ],
)
def test_bot_api_answers_are_read_as_documented(status, body, expected):
    assert read_reply(status, body).outcome == expected


def test_button_data_fits_telegrams_64_bytes_and_only_ours_is_read():
    token = "A" * 22
    keyboard = alert_text.buttons("bn", [("TRX12345678", token)])
    [[confirm, reject]] = keyboard["inline_keyboard"]
    assert len(confirm["callback_data"].encode()) <= 64
    assert alert_text.parse_press(confirm["callback_data"]) == ("c", token)
    assert alert_text.parse_press(reject["callback_data"]) == ("r", token)
    for bad in (None, "", "x:" + token, "c:short", "c:" + "A" * 70, "c:ট" * 8):
        assert alert_text.parse_press(bad) is None


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("ABCDEFGH23", "ABCDEFGH23"),
        ("/start ABCDEFGH23", "ABCDEFGH23"),
        ("  abcdefgh23 ", "ABCDEFGH23"),
        ("ABCDEFGH2", None),
        ("ABCDEFGH10", None),  # 1 and 0 are not in the alphabet
        ("hello there", None),
        ("/start", None),
    ],
)
def test_a_link_code_is_read_from_what_the_user_sent(text, code):
    assert code_in(text) == code


def test_what_owes_an_alert():
    claim = sm.Claim("trx_1", "bkash", "TRX1234567", T0)
    assert al.owed_by(sm.hold(claim, T0))
    # A completion is marked too (issue 27, optional): the pass writes it only if chosen.
    assert al.owed_by(sm.complete(claim, T0))
    assert not al.owed_by(sm.expire(T0)) and not al.owed_by(sm.cancel(T0))
    differs = sm.ClaimAttempt(T0, "bkash", "TRX1", "failed", "buyer", "amount differs")
    other = sm.ClaimAttempt(T0, "bkash", "TRX1", "failed", "buyer", "not found")
    step = sm.count_failure(5, T0)
    assert al.owed_by(sm.Transition(step.name, step.guard, T0, counts=True, attempt=differs))
    assert not al.owed_by(sm.Transition(step.name, step.guard, T0, counts=True, attempt=other))
    assert al.sms_alert_owed(MessageResult("unparsed", "bkash", "no_rule"))
    assert not al.sms_alert_owed(MessageResult("unparsed", None, "unknown_sender"))
    assert not al.sms_alert_owed(MessageResult("ignored", "bkash", "not_a_payment"))


def test_a_message_names_money_and_times_in_the_users_language():
    alert = al.Alert(
        "alr_1",
        "acc_1",
        al.PAYMENT_HELD,
        "held:s:t",
        T0,
        {"amount_poisha": "150050", "provider": "bkash", "trx_id": "TRX1", "order_id": "o-1"},
    )
    en = alert_text.message("en", al.PAYMENT_HELD, [alert], "https://pay.example/")
    assert en.splitlines()[1] == "• ৳ 1,500.50, bKash TrxID TRX1, order o-1"
    assert en.endswith("https://pay.example/portal/transactions")
    bn = alert_text.message("bn", al.PAYMENT_HELD, [alert], "https://pay.example")
    assert "৳ ১,৫০০.৫০, বিকাশ" in bn and "(১)" in bn


def test_the_bot_token_and_smtp_password_never_show_in_settings():
    from claimsvc.settings import Settings

    shown = repr(Settings(telegram_bot_token="1:secret-token", smtp_password="secret-pw"))
    assert "secret" not in shown
