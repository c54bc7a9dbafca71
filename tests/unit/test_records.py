"""Records cross the store boundary unchanged, and their JSON views write every field.

A dump schema reads its record by attribute name at run time, out of the type checker's
sight: a renamed field it still names would silently drop a key from the answer. These views
are pinned here, key by key.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from claimsvc.api.admin.accounts import ACCOUNT_VIEW, MINTED_KEY, PLATFORM_VIEW, REVOKED_KEY
from claimsvc.api.admin.devices import DeviceViewSchema, RegisteredSchema
from claimsvc.api.admin.events import EventViewSchema
from claimsvc.api.admin.messages import MessageViewSchema, ReparsedSchema
from claimsvc.api.admin.transactions import TransactionViewSchema, confirmed_view
from claimsvc.api.admin.wallets import AnchoredSchema
from claimsvc.api.checkout import OPENED_SCHEMA
from claimsvc.api.claims import CANCELLED_SCHEMA, COMPLETED_SCHEMA, PUBLIC_SESSION_SCHEMA
from claimsvc.api.page_view import PageView
from claimsvc.domain import claims
from claimsvc.domain import sessions as sm
from claimsvc.domain.accounts import (
    Account,
    AccountTerms,
    ApiKey,
    MintedKey,
    ShopWallet,
    hosts_digest,
)
from claimsvc.domain.balances import Entry, Gap, PendingVerdict, Point, Wallet, WalletKey
from claimsvc.domain.devices import Device, Registered
from claimsvc.domain.messages import SmsMessage
from claimsvc.domain.outbox import DEAD, Attempt, Event, new_event
from claimsvc.domain.platform import Platform
from claimsvc.domain.sessions import Claim, Session
from claimsvc.domain.transactions import SmsSource, Transaction
from claimsvc.services.checkout import Opened
from claimsvc.services.reparse import Reparsed
from claimsvc.services.transactions import Confirmed
from claimsvc.store.accounts import (
    AccountStore,
    ApiKeyStore,
    PlatformStore,
    terms_from_doc,
    terms_to_doc,
)
from claimsvc.store.admission import auth_entry
from claimsvc.store.balances import BalanceStore
from claimsvc.store.devices import DeviceStore
from claimsvc.store.events import EventStore
from claimsvc.store.messages import MessageStore
from claimsvc.store.sessions import SessionStore, update_spec
from claimsvc.store.transactions import TransactionStore

T0 = datetime(2026, 11, 21, 6, 0, 0, 123000, tzinfo=UTC)
T1 = datetime(2026, 11, 21, 6, 5, 0, tzinfo=UTC)

DEVICE = Device(
    id="dev_1",
    account_id="acc_1",
    name="Shop phone",
    token_hash="ab" * 32,
    token_prefix="dev_abcdefgh",
    signing_key="k" * 16,
    created_at=T0,
    revoked_at=T1,
    last_seen_at=T0,
)

MESSAGE = SmsMessage(
    id="msg_1",
    account_id="acc_1",
    device_id="dev_1",
    form="batch",
    sender="bKash",
    text="You have received Tk 500.00",
    sim_slot=1,
    received_at=T0,
    received_at_source="device",
    reported_received_at=T0,
    content_key="ck",
    stored_at=T1,
    queued_at=T1,
)

ACCOUNT = Account(
    id="acc_1",
    name="Shop",
    status="pending_kyc",
    archived=True,
    allowed_hosts=("shop.example.com", "*.example.net"),
    balance_verification=True,
    daily_limit=40,
    rate_limit_per_minute=60,
    max_failed_attempts=3,
    fee_due_poisha=12_345,
    fee_limit_poisha=10_000,
    wallets=(ShopWallet("nagad", "01800000002", "merchant"),),
    callback_secret="never shown",
    created_at=T0,
    updated_at=T1,
)

API_KEY = ApiKey(
    id="key_1",
    account_id="acc_1",
    key_hash="cd" * 32,
    prefix="sk_abcdefghi",
    label="checkout",
    created_at=T0,
    revoked_at=T1,
)

ENTRY = Entry("msg_1", "trx_1", "credit", 50_000, 0, 150_000, T0, commission=250)
WALLET = Wallet(
    running=150_000,
    anchored_at=T0,
    held=(ENTRY,),
    trail=(Point(T0, 100_000),),
    gaps=(Gap("msg_0", None, T0, None, 90_000, 100_000),),
    key=WalletKey("acc_1", "dev_1", "bkash", None),
    version=3,
    pending=(PendingVerdict("msg_1:3:held", "msg_1", "trx_1", "held", "gap", -5, 3),),
)

EVENT = Event(
    id=42,
    account_id="acc_1",
    session_id="ses_1",
    order_id="order-1",
    payment_id="pay_1",
    payment_status="COMPLETED",
    webhook_url="https://shop.example.com/hook",
    body=b'{"order_id":"order-1","payment_status":"COMPLETED","trid":"pay_1","amount":500}',
    status=DEAD,
    attempts=17,
    created_at=T0,
    next_attempt_at=None,
    last_attempt_at=T1,
    last_status_code=503,
    last_error="HTTP 503",
    delivered_at=T0,
    dead_at=T1,
    stopped_at=T0,
    requeued_at=T0,
    cycle_base=2,
    history=(
        Attempt(16, T0, None, "TimeoutError", 10000.0),
        Attempt(17, T1, 503, "HTTP 503", 12.5),
    ),
)

ENDED = Session(
    id="ses_1",
    account_id="acc_1",
    order_id="order-1",
    payment_id="pay_1",
    amount_poisha=50_000,
    success_url="https://shop.example.com/success",
    cancel_url="https://shop.example.com/cancel",
    webhook_url="https://shop.example.com/hook",
    status="COMPLETED",
    created_at=T0,
    expires_at=T1,
    terminal_at=T0,
    event_due=True,
)
"""The session an event is made of (what the outbox relay reads)."""


def test_a_device_comes_back_from_its_document_unchanged():
    assert DeviceStore.from_doc(DeviceStore.to_doc(DEVICE)) == DEVICE
    assert DeviceStore.to_doc(DEVICE)["_id"] == "dev_1"


def test_a_new_message_comes_back_from_its_document_unchanged():
    assert MessageStore.from_doc(MessageStore.to_doc(MESSAGE)) == MESSAGE


def test_a_wallet_a_step_creates_comes_back_from_its_document_unchanged():
    doc = BalanceStore.to_doc(WALLET)
    assert doc["_id"] == "acc_1|dev_1|bkash|-"
    assert doc["held"][0]["commission"] == 250
    assert BalanceStore.from_doc(doc) == WALLET


def test_an_entry_stored_before_commission_was_kept_reads_as_none_credited():
    doc = BalanceStore.to_doc(WALLET)
    del doc["held"][0]["commission"]
    assert BalanceStore.from_doc(doc).held[0].commission == 0


def test_the_device_views_write_every_field_and_never_the_token_hash_or_key():
    assert DeviceViewSchema().dump(DEVICE) == {
        "id": "dev_1",
        "account_id": "acc_1",
        "name": "Shop phone",
        "token_prefix": "dev_abcdefgh",
        "has_signing_key": True,
        "created_at": "2026-11-21T06:00:00Z",
        "revoked_at": "2026-11-21T06:05:00Z",
        "last_seen_at": "2026-11-21T06:00:00Z",
    }
    registered = RegisteredSchema().dump(Registered(DEVICE, "dev_secret"))
    assert registered == {"id": "dev_1", "token": "dev_secret", "name": "Shop phone"}


def test_the_message_view_writes_every_field():
    assert MessageViewSchema().dump(MESSAGE) == {
        "id": "msg_1",
        "account_id": "acc_1",
        "device_id": "dev_1",
        "form": "batch",
        "sender": "bKash",
        "text": "You have received Tk 500.00",
        "sim_slot": 1,
        "received_at": "2026-11-21T06:00:00Z",
        "received_at_source": "device",
        "stored_at": "2026-11-21T06:05:00Z",
        "processed_at": None,
        "result": None,
        "provider": None,
        "reason": None,
        "transaction_id": None,
        "parsed_by": None,
        "reparses": 0,
        "reparse_requested_at": None,
    }


def test_the_anchor_answer_writes_poisha_as_taka_only_at_the_end():
    anchored = Wallet(
        running=123_456,
        anchored_at=T0,
        key=WalletKey("acc_1", "dev_1", "nagad", 2),
        recovers=False,
        anchor_balance=123_456,
        anchor_set_at=T0,
    )
    assert AnchoredSchema().dump(anchored) == {
        "account_id": "acc_1",
        "device_id": "dev_1",
        "provider": "nagad",
        "sim_slot": 2,
        "balance": 1234.56,
        "anchored_at": "2026-11-21T06:00:00Z",
        "gap_recovery": False,
    }


def test_the_reparse_answer_says_how_many_and_whether_to_call_again():
    assert ReparsedSchema().dump(Reparsed(3, more=True)) == {"requeued": 3, "more": True}


# Sessions ----------------------------------------------------------------------------------------

PENDING = Claim("trx_1", "bkash", "ABC12345", T1)
SESSION = Session(
    id="8a3c1f4e-0000-4000-8000-000000000000",
    account_id="acc_1",
    order_id="order-1",
    payment_id="pay_1",
    amount_poisha=12_345,
    success_url="https://shop/success",
    cancel_url="https://shop/cancel",
    webhook_url="https://shop/webhook",
    status=sm.COMPLETED,
    created_at=T0,
    expires_at=T1,
    customer={"name": "Rahim"},
    metadata={"cart": "42"},
    failed_attempts=2,
    failed_sources={"src_a": 1},
    pending_claim=PENDING,
    claim=PENDING,
    terminal_at=T1,
    event_due=True,
    link_id="lnk_1",
)


def test_a_session_comes_back_from_its_document_unchanged():
    assert SessionStore.from_doc(SessionStore.to_doc(SESSION)) == SESSION


def test_a_new_session_is_stored_with_the_fields_it_always_had_and_no_more():
    fresh = replace(
        SESSION,
        status=sm.OPEN,
        failed_attempts=0,
        failed_sources={},
        pending_claim=None,
        claim=None,
        terminal_at=None,
        event_due=False,
        link_id=None,
    )
    doc = SessionStore.to_doc(fresh)
    assert sorted(doc) == sorted(
        [
            "_id",
            "account_id",
            "order_id",
            "payment_id",
            "amount_poisha",
            "success_url",
            "cancel_url",
            "webhook_url",
            "customer",
            "metadata",
            "status",
            "created_at",
            "expires_at",
            "failed_attempts",
            "pending_claim",
            "claim",
        ]
    )
    assert SessionStore.from_doc(doc) == fresh


def test_a_transition_is_the_same_update_in_the_store_as_in_the_domain():
    spec = update_spec(sm.lock(3, T1, "src_a"))
    assert spec == {
        "$set": {"status": sm.FAILED, "terminal_at": T1, "event_due": True},
        "$inc": {"failed_attempts": 1, "failed_sources.src_a": 1},
    }
    held = update_spec(sm.hold(PENDING, T1))
    # Holding a claim also owes the merchant an alert, counted in the same update (issue 27).
    assert held == {
        "$set": {"pending_claim": SessionStore.to_doc(SESSION)["pending_claim"]},
        "$inc": {"alert_due": 1},
    }
    assert update_spec(sm.release(PENDING, T1)) == {"$set": {"pending_claim": None}}


def test_the_initialize_answer_writes_every_field_with_poisha_as_taka():
    opened = Opened(created=True, session=SESSION, checkout_url="https://pay/checkout/x")
    assert OPENED_SCHEMA.dump(opened) == {
        "session_id": SESSION.id,
        "payment_id": "pay_1",
        "order_id": "order-1",
        "amount": 123.45,
        "status": "COMPLETED",
        "checkout_url": "https://pay/checkout/x",
        "expires_at": "2026-11-21T06:05:00Z",
    }


def test_the_claim_and_cancel_answers_write_every_field():
    assert COMPLETED_SCHEMA.dump(SESSION) == {
        "success": True,
        "status": "COMPLETED",
        "session_id": SESSION.id,
        "order_id": "order-1",
        "payment_id": "pay_1",
        "amount": 123.45,
        "provider": "bkash",
        "trx_id": "ABC12345",
        "redirect_url": "https://shop/success",
    }
    cancelled = replace(SESSION, status=sm.CANCELLED)
    assert CANCELLED_SCHEMA.dump(cancelled) == {
        "success": True,
        "status": "CANCELLED",
        "redirect_url": "https://shop/cancel",
    }


def test_the_public_read_writes_every_field_and_nothing_secret():
    account = replace(ACCOUNT, name="Shop", wallets=(ShopWallet("bkash", "01700000000", "agent"),))
    open_ = replace(SESSION, status=sm.OPEN)
    public = sm.public_session(open_, account, T0)
    assert PUBLIC_SESSION_SCHEMA.dump(public) == {
        "session_id": SESSION.id,
        "order_id": "order-1",
        "merchant": {"name": "Shop"},
        "amount": 123.45,
        "status": "OPEN",
        "expires_at": "2026-11-21T06:05:00Z",
        "pending": True,
        "pending_claim": {"provider": "bkash", "trx_id": "ABC12345"},
        "wallets": [{"provider": "bkash", "number": "01700000000", "kind": "agent"}],
        "redirect_url": None,
    }
    # The hosted page reads the same record: poisha and the stored time, no float or ISO trip.
    view = PageView.from_public(public)
    assert (view.amount_poisha, view.expires_at, view.pending) == (12_345, T1, True)
    done = sm.public_session(replace(SESSION, status=sm.CANCELLED), account, T0)
    dumped = PUBLIC_SESSION_SCHEMA.dump(done)
    assert (dumped["pending"], dumped["pending_claim"]) == (False, None)
    assert dumped["redirect_url"] == "https://shop/cancel"


def test_an_event_comes_back_from_its_document_unchanged():
    doc = EventStore.to_doc(EVENT)
    assert (doc["_id"], doc["cycle_base"], doc["dead_at"]) == (42, 2, T1)
    assert EventStore.from_doc(doc) == EVENT


def test_a_new_event_is_stored_with_the_fields_it_always_had_and_its_exact_body():
    event = new_event(7, ENDED, T0)
    doc = EventStore.to_doc(event)
    assert doc == {
        "_id": 7,
        "account_id": "acc_1",
        "session_id": "ses_1",
        "order_id": "order-1",
        "payment_id": "pay_1",
        "payment_status": "COMPLETED",
        "webhook_url": "https://shop.example.com/hook",
        "body": b'{"order_id":"order-1","payment_status":"COMPLETED","trid":"pay_1","amount":500}',
        "status": "queued",
        "attempts": 0,
        "next_attempt_at": T0,
        "last_attempt_at": None,
        "last_status_code": None,
        "last_error": None,
        "stopped_reason": None,
        "created_at": T0,
        "delivered_at": None,
    }
    assert EventStore.from_doc(doc) == event


def test_an_attempt_is_stored_with_its_status_error_duration_and_time_only():
    (first, _) = EventStore.to_doc(EVENT)["attempt_history"]
    assert first == {
        "attempt": 16,
        "at": T0,
        "status_code": None,
        "error": "TimeoutError",
        "duration_ms": 10000.0,
    }


def test_the_event_view_writes_every_field_and_never_the_body_or_url():
    assert EventViewSchema().dump(EVENT) == {
        "id": 42,
        "account_id": "acc_1",
        "session_id": "ses_1",
        "order_id": "order-1",
        "payment_status": "COMPLETED",
        "status": "dead",
        "attempts": 17,
        "next_attempt_at": None,
        "last_status_code": 503,
        "last_error": "HTTP 503",
        "stopped_reason": None,
        "created_at": "2026-11-21T06:00:00Z",
        "delivered_at": "2026-11-21T06:00:00Z",
    }


def test_an_account_comes_back_from_its_document_unchanged():
    doc = AccountStore.to_doc(ACCOUNT)
    assert AccountStore.from_doc(doc) == ACCOUNT
    # The document keys of every account ever stored: no migration.
    assert set(doc) == {
        "_id",
        "name",
        "status",
        "archived",
        "allowed_hosts",
        "balance_verification",
        "daily_limit",
        "rate_limit_per_minute",
        "max_failed_attempts",
        "fee_due_poisha",
        "fee_limit_poisha",
        "wallets",
        "callback_secret",
        "created_at",
        "updated_at",
    }
    assert doc["wallets"] == [{"provider": "nagad", "number": "01800000002", "kind": "merchant"}]


def test_a_sparse_account_document_reads_with_the_defaults_of_a_new_account():
    doc = {
        "_id": "acc_2",
        "name": "Old",
        "rate_limit_per_minute": 0,
        "max_failed_attempts": None,
        "created_at": T0,
        "updated_at": T0,
    }
    account = AccountStore.from_doc(doc)
    assert account == Account(id="acc_2", name="Old", created_at=T0, updated_at=T0)
    assert (account.status, account.rate_limit_per_minute, account.max_failed_attempts) == (
        "active",
        120,
        5,
    )


def test_an_api_key_comes_back_from_its_document_unchanged_and_holds_no_key():
    doc = ApiKeyStore.to_doc(API_KEY)
    assert ApiKeyStore.from_doc(doc) == API_KEY
    assert set(doc) == {
        "_id",
        "account_id",
        "key_hash",
        "prefix",
        "label",
        "created_at",
        "revoked_at",
    }


def test_the_auth_entry_keeps_its_wire_format_and_never_the_secret():
    entry = auth_entry(ACCOUNT)
    assert {k: v for k, v in entry.items() if k != "doc"} == {
        "status": "pending_kyc",
        "archived": "1",
        "rate": "60",
        "daily": "40",
        "fee_blocked": "1",
        "hosts": hosts_digest(["shop.example.com", "*.example.net"]),
    }
    # The request view as JSON, under the document keys and in the order every entry has had
    # (an entry written before this record existed reads the same).
    assert entry["doc"] == (
        '{"_id":"acc_1","name":"Shop","status":"pending_kyc","archived":true,'
        '"allowed_hosts":["shop.example.com","*.example.net"],"balance_verification":true,'
        '"daily_limit":40,"rate_limit_per_minute":60,"max_failed_attempts":3,'
        '"fee_due_poisha":12345,"fee_limit_poisha":10000,'
        '"wallets":[{"provider":"nagad","number":"01800000002","kind":"merchant"}]}'
    )
    assert "never shown" not in str(entry)
    terms = terms_from_doc(terms_to_doc(ACCOUNT))
    assert type(terms) is AccountTerms
    fields = AccountTerms.__dataclass_fields__
    assert terms == AccountTerms(**{name: getattr(ACCOUNT, name) for name in fields})


def test_the_account_view_writes_every_field_but_the_secret():
    assert ACCOUNT_VIEW.dump(ACCOUNT) == {
        "id": "acc_1",
        "name": "Shop",
        "allowed_hosts": ["shop.example.com", "*.example.net"],
        "status": "pending_kyc",
        "has_callback_secret": True,
        "balance_verification": True,
        "daily_limit": 40,
        "rate_limit_per_minute": 60,
        "max_failed_attempts": 3,
        "phone_quiet_minutes": 60,
        "fee_due": 123.45,
        "fee_limit": 100,
        "archived": True,
        "wallets": [{"provider": "nagad", "number": "01800000002", "kind": "merchant"}],
        "created_at": "2026-11-21T06:00:00Z",
        "updated_at": "2026-11-21T06:05:00Z",
    }
    bare = replace(ACCOUNT, callback_secret=None, fee_limit_poisha=None)
    dumped = ACCOUNT_VIEW.dump(bare)
    assert (dumped["has_callback_secret"], dumped["fee_limit"]) == (False, None)


def test_the_key_views_write_the_key_only_when_minted():
    minted = MINTED_KEY.dump(MintedKey(API_KEY, "sk_abcdefghijklmnop"))
    assert minted == {
        "id": "key_1",
        "key": "sk_abcdefghijklmnop",
        "prefix": "sk_abcdefghi",
        "created_at": "2026-11-21T06:00:00Z",
    }
    assert REVOKED_KEY.dump(API_KEY) == {
        "id": "key_1",
        "prefix": "sk_abcdefghi",
        "revoked_at": "2026-11-21T06:05:00Z",
    }


def test_the_platform_settings_read_their_defaults_and_dump_every_field():
    assert PlatformStore.from_doc({}) == Platform(maintenance=False, daily_limit=None)
    stored = {"_id": "platform", "maintenance": True, "daily_limit": 500}
    assert PlatformStore.from_doc(stored) == Platform(maintenance=True, daily_limit=500)
    assert PLATFORM_VIEW.dump(Platform(True, 500)) == {"maintenance": True, "daily_limit": 500}


SMS_TRANSACTION = Transaction(
    id="trx_1",
    account_id="acc_1",
    provider="bkash",
    trx_id="ABC123XYZ9",
    amount_poisha=50_025,
    received_at=T0,
    status="confirmed",
    direction="credit",
    kind="cash_out_received",
    counterparty="01711XXXXXX",
    balance_poisha=150_050,
    fee_poisha=0,
    commission_poisha=205,
    session_id="8a3c1f4e-0000-4000-8000-00000000beef",
    created_at=T0,
    source=SmsSource("msg_1", "dev_1", 1, "21/11/2026 12:00"),
    chain_reason="chain_ok",
    chain_gap_poisha=-1_250,
    chain_version=7,
    confirmed_at=T1,
    confirmed_by="merchant",
    reversed_at=T1,
    parsed_by="arithmetic",
)
"""A transaction read from an SMS, with every field the chain and a confirmation set."""

NEW_TRANSACTION = Transaction(
    id="trx_2",
    account_id="acc_1",
    provider="nagad",
    trx_id="7K2M4Q9W",
    amount_poisha=10_000,
    received_at=T0,
    status="unconfirmed",
    created_at=T0,
)


def test_a_transaction_comes_back_from_its_document_unchanged():
    assert TransactionStore.from_doc(TransactionStore.to_doc(SMS_TRANSACTION)) == SMS_TRANSACTION
    assert TransactionStore.from_doc(TransactionStore.to_doc(NEW_TRANSACTION)) == NEW_TRANSACTION


def test_a_new_transaction_is_stored_with_the_fields_it_always_had_and_no_more():
    assert TransactionStore.to_doc(NEW_TRANSACTION) == {
        "_id": "trx_2",
        "account_id": "acc_1",
        "provider": "nagad",
        "trx_id": "7K2M4Q9W",
        "amount_poisha": 10_000,
        "received_at": T0,
        "status": "unconfirmed",
        "direction": "credit",
        "kind": "received",
        "counterparty": None,
        "balance_poisha": None,
        "fee_poisha": 0,
        "commission_poisha": 0,
        "session_id": None,
        "created_at": T0,
    }
    sms = TransactionStore.to_doc(replace(SMS_TRANSACTION, chain_reason=None, reversed_at=None))
    assert (sms["message_id"], sms["device_id"], sms["sim_slot"]) == ("msg_1", "dev_1", 1)
    assert sms["occurred_at"] == "21/11/2026 12:00"
    assert "chain_reason" not in sms and "reversed_at" not in sms


def test_a_transaction_stored_before_directions_and_kinds_still_matches_as_a_credit():
    doc = TransactionStore.to_doc(NEW_TRANSACTION)
    del doc["direction"], doc["kind"], doc["fee_poisha"], doc["created_at"]
    old = TransactionStore.from_doc(doc)
    assert (old.direction, old.kind, old.fee_poisha, old.created_at) == (None, None, 0, None)
    session = replace(SESSION, amount_poisha=10_000, created_at=T0, id="s_1")
    assert claims.match_problem(session, old) is None


def test_the_transaction_view_writes_every_field_with_poisha_as_taka():
    assert TransactionViewSchema().dump(SMS_TRANSACTION) == {
        "id": "trx_1",
        "account_id": "acc_1",
        "provider": "bkash",
        "kind": "cash_out_received",
        "direction": "credit",
        "trx_id": "ABC123XYZ9",
        "amount": 500.25,
        "fee": 0,
        "commission": 2.05,
        "balance": 1500.5,
        "counterparty": "01711XXXXXX",
        "received_at": "2026-11-21T06:00:00Z",
        "status": "confirmed",
        "status_reason": "chain_ok",
        "balance_gap": -12.5,
        "confirmed_by": "merchant",
        "session_id": "8a3c1f4e-0000-4000-8000-00000000beef",
        "device_id": "dev_1",
        "sim_slot": 1,
        "message_id": "msg_1",
        "parsed_by": "arithmetic",
        "settlement": None,
        "order_amount": None,
        "settled_at": None,
    }
    view = TransactionViewSchema().dump(NEW_TRANSACTION)
    assert [view[k] for k in ("balance", "balance_gap", "device_id", "message_id")] == [None] * 4


def test_the_confirm_answer_adds_the_claiming_sessions_status():
    assert confirmed_view(Confirmed(NEW_TRANSACTION, None))["session_status"] is None
    answer = confirmed_view(Confirmed(SMS_TRANSACTION, SESSION))
    view = TransactionViewSchema().dump(SMS_TRANSACTION)
    assert answer == {**view, "session_status": "COMPLETED"}
