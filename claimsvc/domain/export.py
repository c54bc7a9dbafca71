"""The portal's CSV export, as pure rules: the date range (Dhaka days), each row's cells, the
totals, and cells a spreadsheet can never run as a formula.

A test data file (the page's Test data view) holds the account's test ledger only: its name
ends in `-test.csv` and a `mode,test` row follows its totals; a live file reads the live ledger
only, so a test record is never in it.

Money is written from integer poisha as a decimal string with two places (`499.00`), never
through a float. Times are Dhaka wall-clock time, as the portal shows them. Column names stay
English in both languages, so that a spreadsheet or a script reads the same file either way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from claimsvc.domain.limits import DHAKA
from claimsvc.domain.modes import LIVE, TEST
from claimsvc.domain.money import to_text
from claimsvc.domain.sessions import COMPLETED, Session
from claimsvc.domain.transactions import Transaction

PAYMENTS, TRANSACTIONS = "payments", "transactions"
KINDS = (PAYMENTS, TRANSACTIONS)
MAX_DAYS = 366
"""The longest range one file covers (a year, leap day included)."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A cell starting so may be run as a formula by a spreadsheet (OWASP, "CSV Injection")."""

PAYMENT_COLUMNS = (
    "created_at_dhaka",
    "order_id",
    "payment_id",
    "session_id",
    "status",
    "order_amount",
    "paid_amount",
    "provider",
    "trx_id",
    "ended_at_dhaka",
    "amount_settlement",
)
TRANSACTION_COLUMNS = (
    "received_at_dhaka",
    "provider",
    "trx_id",
    "direction",
    "kind",
    "amount",
    "fee",
    "balance",
    "counterparty",
    "status",
    "session_id",
    "settlement",
    "order_amount",
)


class RangeProblem(ValueError):
    """A date range the export cannot use."""


@dataclass(frozen=True)
class Range:
    """Dhaka days `first` to `last`, both included, as UTC-comparable moments [start, end)."""

    first: date
    last: date

    @property
    def start(self) -> datetime:
        return datetime.combine(self.first, time.min, DHAKA)

    @property
    def end(self) -> datetime:
        return datetime.combine(self.last + timedelta(days=1), time.min, DHAKA)


def parse_range(first: str | None, last: str | None) -> Range:
    """`YYYY-MM-DD` to `YYYY-MM-DD` (Dhaka days, both included); RangeProblem if unusable."""
    try:
        days = Range(date.fromisoformat(first or ""), date.fromisoformat(last or ""))
    except ValueError:
        raise RangeProblem("dates must be YYYY-MM-DD") from None
    if days.last < days.first:
        raise RangeProblem("the first day is after the last")
    if (days.last - days.first).days >= MAX_DAYS:
        raise RangeProblem(f"at most {MAX_DAYS} days")
    return days


@dataclass(frozen=True)
class ExportRequest:
    """One file asked for: payments or transactions (KINDS) of a range of Dhaka days."""

    kind: str
    days: Range


FORM_FIELDS = ("what", "from", "to")
"""The export form's fields (a GET form: the file's address carries them)."""


def parse_form(form: Mapping[str, str | None]) -> tuple[ExportRequest | None, dict[str, str]]:
    """The export form (strings as given; no `what`: payments) as a request, or each wrong
    field's words key by field name: a day that is no date, a last day before the first, a
    range longer than MAX_DAYS (said beside the last day)."""
    problems = {}
    kind = form.get("what") or PAYMENTS
    if kind not in KINDS:
        problems["what"] = "export.bad_kind"
    first, last = _day(form.get("from")), _day(form.get("to"))
    for name, day in (("from", first), ("to", last)):
        if day is None:
            problems[name] = "export.bad_date"
    if first is not None and last is not None:
        if last < first:
            problems["to"] = "export.last_before_first"
        elif (last - first).days >= MAX_DAYS:
            problems["to"] = "export.too_long"
    if problems:
        return None, problems
    assert first is not None and last is not None
    return ExportRequest(kind, Range(first, last)), {}


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat((text or "").strip())
    except ValueError:
        return None


def safe_cell(value: str) -> str:
    """The cell as written: one starting like a formula gets a leading apostrophe, which
    spreadsheets show as text and never evaluate."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def dhaka_time(moment: datetime | None) -> str:
    """`2026-11-26 22:41:05` in Dhaka time; empty for none."""
    return moment.astimezone(DHAKA).strftime("%Y-%m-%d %H:%M:%S") if moment else ""


def money(poisha: int | None) -> str:
    return "" if poisha is None else to_text(poisha)


def payment_row(session: Session) -> list[str]:
    claim = session.claim
    paid = (session.paid_poisha or session.amount_poisha) if session.status == COMPLETED else None
    found = session.mismatch
    return [
        dhaka_time(session.created_at),
        session.order_id,
        session.payment_id,
        session.id,
        session.status,
        money(session.amount_poisha),
        money(paid),
        claim.provider if claim else "",
        claim.trx_id if claim else "",
        dhaka_time(session.terminal_at),
        (found.settlement or "waiting") if found else "",
    ]


def transaction_row(tx: Transaction, mask: Callable[[str | None], str]) -> list[str]:
    """A transaction's cells; `mask` hides phone numbers in the counterparty, as the portal."""
    return [
        dhaka_time(tx.received_at),
        tx.provider,
        tx.trx_id,
        tx.direction or "credit",
        tx.kind or "",
        money(tx.amount_poisha),
        money(tx.fee_poisha),
        money(tx.balance_poisha),
        mask(tx.counterparty),
        tx.status,
        tx.session_id or "",
        tx.settlement or "",
        money(tx.order_poisha),
    ]


@dataclass
class PaymentTotals:
    """Sessions listed, and the completed ones with their order and paid amounts."""

    listed: int = 0
    completed: int = 0
    order_poisha: int = 0
    paid_poisha: int = 0

    def add(self, session: Session) -> None:
        self.listed += 1
        if session.status == COMPLETED:
            self.completed += 1
            self.order_poisha += session.amount_poisha
            self.paid_poisha += session.paid_poisha or session.amount_poisha

    def rows(self) -> list[list[str]]:
        return [
            [],
            ["total", "payments", str(self.listed)],
            ["total", "completed", str(self.completed)],
            ["total", "completed_order_amount", to_text(self.order_poisha)],
            ["total", "completed_paid_amount", to_text(self.paid_poisha)],
        ]


@dataclass
class TransactionTotals:
    """Money in and out, counted and summed; fees apart."""

    counts: dict[str, int] = field(default_factory=lambda: {"credit": 0, "debit": 0})
    sums: dict[str, int] = field(default_factory=lambda: {"credit": 0, "debit": 0})
    fee_poisha: int = 0

    def add(self, tx: Transaction) -> None:
        direction = "debit" if tx.direction == "debit" else "credit"
        self.counts[direction] += 1
        self.sums[direction] += tx.amount_poisha
        self.fee_poisha += tx.fee_poisha

    def rows(self) -> list[list[str]]:
        return [
            [],
            ["total", "credits", str(self.counts["credit"]), to_text(self.sums["credit"])],
            ["total", "debits", str(self.counts["debit"]), to_text(self.sums["debit"])],
            ["total", "fees", "", to_text(self.fee_poisha)],
        ]


def file_name(kind: str, days: Range, mode: str = LIVE) -> str:
    """`payments-2026-11-01-to-2026-11-21.csv`; a test data file's name ends in `-test.csv`."""
    suffix = "-test" if mode == TEST else ""
    return f"{kind}-{days.first.isoformat()}-to-{days.last.isoformat()}{suffix}.csv"


def mode_rows(mode: str) -> list[list[str]]:
    """The row that marks a file of test data inside it (after the totals), so the mark stays
    when the file is renamed; a live file has none and is as it always was."""
    return [["mode", TEST]] if mode == TEST else []
