"""What the API answers, as frozen records; `raw` keeps every field, new ones included."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from decimal import Decimal
from enum import Enum
from typing import Any, Generic, TypeVar, Union

from claimsvc_sdk.money import from_json_number

T = TypeVar("T")
R = TypeVar("R")


class Provider(str, Enum):
    """A wallet: pass a member or its value (`Provider.BKASH` or `"bkash"`)."""

    BKASH = "bkash"
    NAGAD = "nagad"
    ROCKET = "rocket"
    UPAY = "upay"
    CELLFIN = "cellfin"

    def __str__(self) -> str:  # "bkash" in f-strings and logs, on every Python version
        return str(self.value)


PROVIDERS = tuple(p.value for p in Provider)

ProviderName = Union[Provider, str]
"""A wallet as an answer names it: a `Provider`, or the plain text of a wallet newer than this
library (so an older library still reads the answer)."""


def provider(value: object) -> ProviderName:
    """A provider from an answer."""
    text = str(value)
    return Provider(text) if text in PROVIDERS else text


def optional_provider(value: object) -> ProviderName | None:
    return None if value is None else provider(value)


def optional_poisha(doc: dict[str, Any], key: str) -> int | None:
    return None if doc.get(key) is None else from_json_number(doc[key])


def taka(poisha: int | None) -> Decimal | None:
    return None if poisha is None else Decimal(poisha) / 100


def money(doc: dict[str, Any], key: str = "amount") -> dict[str, Any]:
    """`key` as Decimal taka and `key`_poisha as int, exactly (None when the answer has none)."""
    poisha = optional_poisha(doc, key)
    return {key: taka(poisha), f"{key}_poisha": poisha}


def read_record(cls: type[R], doc: dict[str, Any], **given: Any) -> R:
    """A record from an answer: each field the answer's member of its name unless `given`;
    `raw` the whole answer (fields this library does not know yet included)."""
    values = {f.name: given.get(f.name, doc.get(f.name)) for f in fields(cls)}  # type: ignore[arg-type]
    return cls(**{**values, "raw": doc})


class InMode:
    """A record of the live or the test ledger (`mode`, as the API key that made it)."""

    mode: str

    @property
    def test(self) -> bool:
        """Of the test ledger: never money, never fulfil an order on it."""
        return self.mode == "test"


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a list, newest first; `next_cursor` None on the last."""

    items: list[T]
    next_cursor: str | None


@dataclass(frozen=True)
class Session:
    session_id: str
    payment_id: str
    order_id: str
    amount: Decimal
    amount_poisha: int
    status: str
    checkout_url: str
    expires_at: str
    raw: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Session:
        return read_record(cls, doc, **money(doc))


@dataclass(frozen=True)
class SessionDetails(InMode):
    """A session as its merchant reads it with the API key (`sessions.retrieve`, `list`):
    its state, mode, what was paid, with which wallet and TrxID. Money exact: Decimal taka
    and int poisha; `paid_*` are None until the session is COMPLETED."""

    session_id: str
    payment_id: str
    order_id: str
    mode: str
    status: str
    pending: bool
    amount: Decimal
    amount_poisha: int
    paid_amount: Decimal | None
    paid_amount_poisha: int | None
    provider: ProviderName | None
    trx_id: str | None
    settled: bool
    checkout_url: str
    created_at: str
    expires_at: str
    completed_at: str | None
    metadata: dict[str, str]
    raw: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> SessionDetails:
        return read_record(
            cls,
            doc,
            **money(doc),
            **money(doc, "paid_amount"),
            pending=bool(doc.get("pending")),
            settled=bool(doc.get("settled")),
            provider=optional_provider(doc.get("provider")),
            metadata=dict(doc.get("metadata") or {}),
        )


SessionPage = Page[SessionDetails]
"""One page of `sessions.list` (a name kept from 0.1)."""


@dataclass(frozen=True)
class InitializeResult:
    """The session, and whether this call was a replay of an earlier one (HTTP 200, not 201)."""

    session: Session
    replayed: bool


PENDING_VERIFICATION = "PENDING_VERIFICATION"
SMS_NOT_ARRIVED = "SMS_NOT_ARRIVED"
NOT_FINAL = frozenset({PENDING_VERIFICATION, SMS_NOT_ARRIVED})


@dataclass(frozen=True)
class Claim:
    """A verify answer: `completed`, or `pending` (not final, not an error) for one of two
    reasons: PENDING_VERIFICATION (the payment is found and waits for your balance
    verification) or SMS_NOT_ARRIVED (verify waited `wait` seconds and the wallet's SMS has not
    reached you yet; the attempt was not counted: verify again shortly)."""

    status: str
    session_id: str | None
    order_id: str | None
    payment_id: str | None
    amount_poisha: int | None
    provider: ProviderName | None
    trx_id: str | None
    redirect_url: str | None
    message: str | None
    raw: dict[str, Any] = field(repr=False, compare=False)

    @property
    def completed(self) -> bool:
        return self.status == "COMPLETED"

    @property
    def pending(self) -> bool:
        """Not final: see `reason`."""
        return self.status in NOT_FINAL

    @property
    def reason(self) -> str | None:
        """PENDING_VERIFICATION or SMS_NOT_ARRIVED while `pending`, else None."""
        return self.status if self.pending else None

    @property
    def amount(self) -> Decimal | None:
        return taka(self.amount_poisha)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Claim:
        return read_record(
            cls,
            doc,
            status=str(doc.get("status") or doc.get("error") or ""),
            amount_poisha=optional_poisha(doc, "amount"),
            provider=optional_provider(doc.get("provider")),
        )


@dataclass(frozen=True)
class Cancellation:
    status: str
    redirect_url: str
    raw: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Cancellation:
        return read_record(cls, doc)


@dataclass(frozen=True)
class PaymentLink:
    id: str
    url: str
    amount: Decimal
    amount_poisha: int
    description: str
    order_ref: str | None
    single_use: bool
    status: str
    expires_at: str | None
    webhook_url: str | None
    payments: int
    paid_amount_poisha: int
    raw: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> PaymentLink:
        return read_record(
            cls,
            doc,
            **money(doc),
            single_use=bool(doc.get("single_use")),
            payments=int(doc.get("payments") or 0),
            paid_amount_poisha=optional_poisha(doc, "paid_amount") or 0,
        )


LinkPage = Page[PaymentLink]
"""One page of `links.list` (a name kept from 0.1)."""


@dataclass(frozen=True)
class Wallet:
    """A wallet the buyer may pay to, as the hosted page lists it."""

    provider: ProviderName
    number: str
    kind: str


@dataclass(frozen=True)
class PublicSession:
    """A session as its buyer sees it (`sessions.retrieve_public`): nothing secret."""

    session_id: str
    order_id: str
    merchant_name: str
    amount: Decimal
    amount_poisha: int
    status: str
    expires_at: str
    pending: bool
    wallets: list[Wallet]
    redirect_url: str | None
    raw: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> PublicSession:
        wallets = [Wallet(provider(w["provider"]), w["number"], w["kind"]) for w in doc["wallets"]]
        return read_record(
            cls,
            doc,
            **money(doc),
            merchant_name=str((doc.get("merchant") or {}).get("name") or ""),
            pending=bool(doc.get("pending")),
            wallets=wallets,
        )


class TestOutcome(str, Enum):
    """What a test payment makes happen (`client.test_payments.create`)."""

    __test__ = False  # not a pytest test class

    PAID = "paid"
    """The SMS of the exact amount arrives: verify completes."""
    WRONG_AMOUNT = "wrong_amount"
    """The SMS states one taka less: verify fails with VERIFICATION_FAILED."""
    LATE_SMS = "late_sms"
    """A TrxID and no SMS: verify waits or answers SMS_NOT_ARRIVED; a later PAID with the same
    `trx_id` sends it."""
    HELD = "held"
    """The SMS states a balance the chain cannot reach yet: with balance verification on, the
    claim is PENDING_VERIFICATION."""

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class TestPayment:
    """A test payment made for a test session: the TrxID to verify with, and whether its SMS
    has been read (`sms`: processed, queued or not_sent)."""

    __test__ = False  # not a pytest test class

    session_id: str
    outcome: str
    provider: ProviderName
    trx_id: str
    amount: Decimal
    amount_poisha: int
    sms: str
    raw: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> TestPayment:
        return read_record(cls, doc, **money(doc), provider=provider(doc["provider"]))
