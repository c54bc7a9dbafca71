"""The wallet providers, each declared once as a spec: its names in English and Bangla, the
sender ids its transaction SMS come from and its notice senders, the shape of its TrxID, and
the wording of a test payment's SMS (issue 34). `PROVIDERS`, `PROVIDER_NAMES`
(`domain/accounts.py`), the TrxID shapes (`domain/trx_ids.py`), the test payments' senders and
wordings (`domain/simulated_payments.py`) and the SMS router (`sms_ingest/parsers/registry.py`) are
built from `SPECS`; each provider's parse rules are in `sms_ingest/parsers/<name>.py`, and
tests/unit/test_provider_specs.py holds the OpenAPI document and the three client libraries to
the same list. Sender ids and their evidence: docs/sms-wordings.md."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class ProviderSpec:
    """One wallet provider's facts."""

    name: str
    """The provider's id in the API, the stores and the pages (lower case)."""
    names: Mapping[str, str]
    """The name its users know, by language ("en", "bn")."""
    sender_ids: frozenset[str]
    """Its transaction SMS senders, trimmed and case-folded: only these count as payments."""
    test_sender: str
    """The sender id as a phone shows it, for a test payment's SMS."""
    trx_shape: str
    """The pattern (to embed in a larger one) a whole TrxID of this provider matches."""
    test_credit: str
    """A "received" credit in the provider's wording, for a test payment's SMS: `str.format`
    fields amount, phone, balance, trx and when (a datetime)."""
    notice_senders: Mapping[str, str] = field(default_factory=dict)
    """Its own non-transaction senders (case-folded) and the reason their messages are ignored
    with; they count only for the debits they report."""
    rules: object = None
    """Its parse rules, an `sms_ingest.parsers.base.ParserSpec` (claimsvc never reads them);
    None for the five built in, whose rules are `sms_ingest/parsers/<name>.py`."""


BKASH = ProviderSpec(
    name="bkash",
    names={"en": "bKash", "bn": "বিকাশ"},
    sender_ids=frozenset({"bkash"}),
    test_sender="bKash",
    trx_shape=r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{10}(?:[A-Z0-9]{3})?",
    test_credit=(
        "You have received Tk {amount} from {phone}. Fee Tk 0.00. Balance Tk {balance}. "
        "TrxID {trx} at {when:%d/%m/%Y %H:%M}"
    ),
    notice_senders={"bkash offer": "promotion", "bkashnotice": "info", "bkashcs": "info"},
)
NAGAD = ProviderSpec(
    name="nagad",
    names={"en": "Nagad", "bn": "নগদ"},
    sender_ids=frozenset({"nagad"}),
    test_sender="NAGAD",
    trx_shape=r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{8}(?:[A-Z0-9]{2})?",
    test_credit=(
        "Money Received.\nAmount: Tk {amount}\nSender: {phone}\nRef: N/A\nTxnID: {trx}\n"
        "Balance: Tk {balance}\n{when:%d/%m/%Y %H:%M}"
    ),
)
ROCKET = ProviderSpec(
    name="rocket",
    names={"en": "Rocket", "bn": "রকেট"},
    sender_ids=frozenset({"16216"}),
    test_sender="16216",
    trx_shape=r"\d{10}",
    test_credit=(
        "Tk{amount} received from A/C:{phone} Fee:Tk0, Your A/C Balance: Tk{balance} "
        "TxnId:{trx} Date:{when:%d-%b-%y %I:%M:%S %p}"
    ),
)
UPAY = ProviderSpec(
    name="upay",
    names={"en": "Upay", "bn": "উপায়"},
    sender_ids=frozenset({"upay"}),
    test_sender="upay",
    trx_shape=r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{9,10}",
    test_credit=(
        "Received Tk. {amount} from {phone}. TxnID: {trx}. Fee: Tk. 0.00. "
        "Balance: Tk. {balance}. Date: {when:%d-%m-%Y %H:%M:%S}"
    ),
)
CELLFIN = ProviderSpec(
    name="cellfin",
    names={"en": "CellFin", "bn": "সেলফিন"},
    sender_ids=frozenset({"ibbl .", "ibbl", "cellfin", "islamibank"}),
    test_sender="CellFin",
    trx_shape=r"\d{16}|(?=[A-Z]*\d)(?=\d*[A-Z])(?!\w*XXX)[A-Z0-9]{6,16}",
    test_credit=(
        "Dear Customer,\nBDT {amount} received in your CellFin from {phone}.\nTrxID: {trx}\n"
        "Balance: BDT {balance}\n{when:%d-%m-%Y %H:%M:%S}"
    ),
)

SPECS: list[ProviderSpec] = []
"""Every provider, in the order the API lists them (built by `register`)."""
BY_NAME: dict[str, ProviderSpec] = {}
NAMES: list[str] = []
"""The providers' ids (`accounts.PROVIDERS` is this list)."""
NAMES_BY_LANGUAGE: dict[str, dict[str, str]] = {}
"""Provider -> its name by language (`accounts.PROVIDER_NAMES` is this dict)."""
TRX_SHAPES: dict[str, str] = {}
"""Provider -> the pattern (text, to be embedded in a larger one) a whole TrxID matches."""
TRX_PATTERNS: dict[str, re.Pattern[str]] = {}
"""The same shapes compiled; use `fullmatch` on a token."""
_ON_REGISTER: list[Callable[[ProviderSpec], Callable[[], None]]] = []


def on_register(hook: Callable[[ProviderSpec], Callable[[], None]]) -> None:
    """Call `hook` with every provider registered, now and later; it returns how to undo what
    it did (the SMS router registers each provider's parser this way)."""
    _ON_REGISTER.append(hook)
    for spec in SPECS:
        hook(spec)


def register(spec: ProviderSpec) -> Callable[[], None]:
    """Add a provider: every list built from the specs holds it from now on. Returns the call
    that removes it again (a test's made-up provider)."""
    if spec.name in BY_NAME:
        raise ValueError(f"provider {spec.name!r} is already registered")
    SPECS.append(spec)
    BY_NAME[spec.name] = spec
    NAMES.append(spec.name)
    NAMES_BY_LANGUAGE[spec.name] = dict(spec.names)
    TRX_SHAPES[spec.name] = spec.trx_shape
    TRX_PATTERNS[spec.name] = re.compile(f"(?:{spec.trx_shape})", re.ASCII)
    undo = [hook(spec) for hook in _ON_REGISTER]

    def unregister() -> None:
        for step in reversed(undo):
            step()
        SPECS.remove(spec)
        NAMES.remove(spec.name)
        for table in (BY_NAME, NAMES_BY_LANGUAGE, TRX_SHAPES, TRX_PATTERNS):
            table.pop(spec.name, None)

    return unregister


for _spec in (BKASH, NAGAD, ROCKET, UPAY, CELLFIN):
    register(_spec)
