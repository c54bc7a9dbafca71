"""One payment's page over HTTP: an unknown or another account's payment is not found, the
claim history and webhook events in words (never a raw domain value), the link to confirm a
waiting payment for roles that may, and words for every value the page shows."""

from __future__ import annotations

import pytest

from claimsvc.api.portal import payments as page
from claimsvc.api.words import Words
from claimsvc.api.words.portal import live_or_test
from claimsvc.api.words.portal import payment as payment_words
from claimsvc.domain import claims
from claimsvc.domain import settlement as st
from claimsvc.domain import simulated_payments as test_rules
from tests.claims_support import claim_body, open_session, pay
from tests.portal.test_payments_pages import VERIFY, paid_session


@pytest.mark.parametrize(
    "session_id",
    ["not-a-session", "%00", "00000000-0000-4000-8000-000000000000", "a" * 64, "%2e%2e"],
)
async def test_an_unknown_payment_is_a_not_found_page(make_account, make_user, portal, session_id):
    client = await portal(await make_user(await make_account()))
    page = await client.get(f"/portal/payments/{session_id}")
    assert page.code == 404
    assert "<h1>" in page.text


async def test_a_waiting_payment_links_to_confirming_it_for_roles_that_may(
    deps, fetch, make_account, make_user, portal
):
    shop = await make_account(balance_verification=True)
    session_id, tx = await open_session(deps, shop), await pay(deps, shop, status="held")
    assert (await fetch(VERIFY, json=claim_body(session_id, tx.trx_id), key=shop.key)).code == 202
    path = f"/portal/payments/{session_id}"
    staff = await (await portal(await make_user(shop, role="staff"))).get(path)
    developer = await (await portal(await make_user(shop, role="developer"))).get(path)
    assert 'id="waiting"' in staff.text and tx.trx_id in staff.text
    # The menu links every role that sees payments to the transactions page; the link to
    # confirm this payment there is for those who may confirm.
    confirm = f'<a href="/portal/transactions">{payment_words.EN["payment.confirm_it"]}</a>'
    assert confirm in staff.text
    assert confirm not in developer.text


@pytest.mark.parametrize(
    ("mapping", "values"),
    [
        (page.CLAIM_OUTCOMES, claims.ATTEMPT_OUTCOMES),
        (page.CLAIMED_BY, (claims.MERCHANT, claims.BUYER)),
        (page.CLAIM_REASONS, claims.PROBLEMS),
        (page.SETTLEMENTS, st.SETTLEMENTS),
        (page.SETTLE_FLASH, st.SETTLEMENTS),
        (page.SETTLE_PROBLEMS, st.PROBLEMS),
        (page.TEST_OUTCOMES, test_rules.OUTCOMES),
    ],
)
def test_every_domain_value_the_page_shows_has_words_in_both_languages(mapping, values):
    assert [v for v in values if v not in mapping] == []
    for lang in ("en", "bn"):
        assert [key for key in mapping.values() if not Words(lang).has(key)] == []
    assert set(mapping.values()) <= payment_words.EN.keys() | live_or_test.EN.keys()


@pytest.mark.parametrize("lang", ["en", "bn"])
async def test_the_history_and_events_are_words_in_the_pages_language(
    deps, fetch, make_account, make_user, portal, lang
):
    shop = await make_account()
    session_id, *_ = await paid_session(deps, fetch, shop)
    client = await portal(await make_user(shop))
    shown = (await client.get(f"/portal/payments/{session_id}?lang={lang}")).text
    t = Words(lang)
    history = shown.split('id="claims"')[1].split("</table>")[0]
    failed = f"{t('payment.claim_failed')}: {t('payment.reason_no_transaction')}"
    assert failed in history and t("payment.by_merchant") in history
    assert t("payment.claim_completed") in history and t("payment.by_buyer") in history
    events = shown.split('id="event-list"')[1].split("</table>")[0]
    assert t.status("session", "COMPLETED") in events
    if lang == "bn":
        assert "COMPLETED" not in events  # the event's payment status, in Bangla too
