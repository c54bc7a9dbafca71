"""Records cross the store boundary unchanged, and their JSON views write every field.

A dump schema reads its record by attribute name at run time, out of the type checker's
sight: a renamed field it still names would silently drop a key from the answer. These views
are pinned here, key by key.
"""

from __future__ import annotations

from datetime import UTC, datetime

from claimsvc.api.devices import (
    AnchoredSchema,
    DeviceViewSchema,
    MessageViewSchema,
    RegisteredSchema,
    ReparsedSchema,
)
from claimsvc.domain.balances import Entry, Gap, PendingVerdict, Point, Wallet, WalletKey
from claimsvc.domain.devices import Device, Registered
from claimsvc.domain.messages import SmsMessage
from claimsvc.services.reparse import Reparsed
from claimsvc.store.balances import BalanceStore
from claimsvc.store.devices import DeviceStore
from claimsvc.store.messages import MessageStore

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
