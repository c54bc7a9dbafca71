"""Pure rules of payment links: a new link, what a buyer is told, order ids and addresses."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from claimsvc.domain import links as rules
from claimsvc.domain.delivery import NO_WEBHOOK_URL, stop_reason
from claimsvc.domain.links import NewLink
from claimsvc.store.links import LinkStore
from tests.unit.test_records import ACCOUNT, EVENT

NOW = datetime(2026, 11, 2, 6, 0, tzinfo=UTC)
LINK = rules.new_link("acc_1", NewLink(50_000, "Blue kurta, size M"), NOW)


def test_a_new_link_is_active_reusable_and_on_its_first_attempt():
    assert (LINK.status, LINK.single_use, LINK.attempt) == (rules.ACTIVE, False, 1)
    assert LINK.id.startswith("lnk_") and rules.SLUG_PATTERN.match(LINK.slug)


def test_two_links_never_share_a_slug_or_an_id():
    links = [rules.new_link("acc_1", NewLink(100, "x"), NOW) for _ in range(200)]
    assert len({k.slug for k in links}) == len({k.id for k in links}) == 200


def test_a_link_comes_back_from_its_document_unchanged():
    full = replace(
        LINK,
        single_use=True,
        order_ref="INV-7",
        expires_at=NOW + timedelta(days=2),
        webhook_url="https://shop.example.com/hook",
        status=rules.DISABLED,
        disabled_at=NOW,
        attempt=3,
    )
    assert LinkStore.from_doc(LinkStore.to_doc(full)) == full
    assert LinkStore.from_doc(LinkStore.to_doc(LINK)) == LINK


@pytest.mark.parametrize(
    ("change", "paid", "state"),
    [
        ({}, False, rules.PAYABLE),
        ({"status": rules.DISABLED}, False, rules.DISABLED),
        ({"expires_at": NOW}, False, rules.EXPIRED),
        ({"expires_at": NOW + timedelta(seconds=1)}, False, rules.PAYABLE),
        ({"single_use": True}, True, rules.USED),
        ({"single_use": False}, True, rules.PAYABLE),
        ({"single_use": True, "status": rules.DISABLED}, True, rules.DISABLED),
        ({"single_use": True, "expires_at": NOW}, True, rules.USED),
    ],
)
def test_what_a_buyer_is_told_about_a_link(change, paid, state):
    assert rules.buyer_state(replace(LINK, **change), NOW, paid) == state


@pytest.mark.parametrize(
    ("expires_at", "problem"),
    [
        (None, None),
        (NOW + timedelta(minutes=1), None),
        (NOW, "expires_at must be in the future"),
        (NOW - timedelta(days=1), "expires_at must be in the future"),
    ],
)
def test_an_expiry_must_lie_in_the_future(expires_at, problem):
    assert rules.expiry_problem(expires_at, NOW) == problem


def test_a_single_use_links_first_attempt_is_its_order_reference_itself():
    link = replace(LINK, order_ref="INV-7", single_use=True)
    assert [rules.attempt_order_id(link, n) for n in (1, 2, 3)] == ["INV-7", "INV-7#2", "INV-7#3"]


def test_without_a_reference_order_ids_are_named_after_the_slug():
    assert rules.attempt_order_id(LINK, 1) == f"link-{LINK.slug}"
    assert rules.reusable_order_id(LINK, "0123456789abcdef") == f"link-{LINK.slug}#0123456789abcdef"


def test_the_longest_order_id_fits_initializes_limit():
    link = replace(LINK, order_ref="R" * rules.MAX_ORDER_REF)
    assert len(rules.reusable_order_id(link, rules.new_open_token())) <= 128


def test_open_tokens_have_the_shape_the_page_accepts_and_differ():
    tokens = {rules.new_open_token() for _ in range(100)}
    assert len(tokens) == 100 and all(rules.TOKEN_PATTERN.match(t) for t in tokens)


def test_addresses_are_on_the_public_base_url():
    assert rules.link_url("https://pay.example", "abc") == "https://pay.example/pay/abc"
    assert rules.result_url("http://localhost:8080", "s1") == "http://localhost:8080/pay/result/s1"


def test_an_event_without_a_webhook_url_is_stopped_saying_why():
    assert stop_reason(replace(EVENT, webhook_url=""), ACCOUNT) == NO_WEBHOOK_URL


# The portal's create form ------------------------------------------------------------------------

FORM = {"amount": "1,500.50", "description": " Blue kurta ", "order_ref": "", "expires_at": ""}


def test_a_filled_form_is_a_request_in_poisha_with_blanks_as_none():
    req, problems = rules.parse_link_form({**FORM, "single_use": "1"}, NOW)
    assert problems == {}
    assert req == NewLink(150_050, "Blue kurta", True, None, None, None)


def test_an_expiry_is_read_as_dhaka_time():
    req, _ = rules.parse_link_form({**FORM, "expires_at": "2026-11-02T18:30"}, NOW)
    assert req is not None and req.expires_at == datetime(2026, 11, 2, 12, 30, tzinfo=UTC)


@pytest.mark.parametrize(
    ("change", "problems"),
    [
        ({"amount": ""}, {"amount": "links.bad_amount"}),
        ({"amount": "0"}, {"amount": "links.bad_amount"}),
        ({"amount": "-5"}, {"amount": "links.bad_amount"}),
        ({"amount": "1.234"}, {"amount": "links.bad_amount"}),
        ({"amount": "ten"}, {"amount": "links.bad_amount"}),
        ({"amount": "10000000.01"}, {"amount": "links.bad_amount"}),
        ({"amount": "NaN"}, {"amount": "links.bad_amount"}),
        ({"description": "   "}, {"description": "links.bad_description"}),
        ({"description": "x" * 501}, {"description": "links.bad_description"}),
        ({"description": "a\x00b"}, {"description": "links.bad_description"}),
        ({"order_ref": "r" * 65}, {"order_ref": "links.bad_order_ref"}),
        ({"expires_at": "tomorrow"}, {"expires_at": "links.bad_expiry"}),
        ({"expires_at": "2026-11-02T11:59"}, {"expires_at": "links.bad_expiry"}),
        (
            {"expires_at": "9999-12-31T23:59"},
            {"expires_at": "links.bad_expiry"},
        ),  # issue 23: out of bounds
        ({"expires_at": "2100-01-01T06:00"}, {"expires_at": "links.bad_expiry"}),
        ({"expires_at": "9999-12-31T23:59:59-12:00"}, {"expires_at": "links.bad_expiry"}),
        (
            {"amount": "", "description": ""},
            {"amount": "links.bad_amount", "description": "links.bad_description"},
        ),
    ],
)
def test_every_wrong_field_is_named(change, problems):
    assert rules.parse_link_form({**FORM, **change}, NOW) == (None, problems)


@pytest.mark.parametrize(
    ("change", "payments", "state"),
    [
        ({}, 0, rules.ACTIVE),
        ({}, 3, rules.ACTIVE),
        ({"single_use": True}, 0, rules.ACTIVE),
        ({"single_use": True}, 1, rules.USED),
        ({"single_use": True, "expires_at": NOW}, 1, rules.USED),
        ({"single_use": True, "status": rules.DISABLED}, 1, rules.DISABLED),
        ({"expires_at": NOW}, 0, rules.EXPIRED),
    ],
)
def test_what_the_portal_shows_of_a_link(change, payments, state):
    view = rules.LinkView(
        replace(LINK, **change), rules.LinkTotals(payments, payments * 50_000), "https://x/pay/s"
    )
    assert rules.portal_state(view, NOW) == state
