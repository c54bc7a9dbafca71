"""What the merchant portal's overview and payments pages read, as values, and the pure rules
for reading a search box and a status filter."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from claimsvc.domain.balances import Wallet
from claimsvc.domain.claims import TRX_ID
from claimsvc.domain.devices import Device
from claimsvc.domain.outbox import Event
from claimsvc.domain.sessions import OPEN, TERMINAL, Session
from claimsvc.domain.transactions import Transaction

SESSION_STATUSES = (OPEN, *sorted(TERMINAL))
"""The statuses the payments list filters by."""
MAX_SEARCH = 128
"""The longest search text: an order id's longest (interface.md, initialize)."""
SEARCH_LIMIT = 50
"""The most sessions a search shows (each of its queries reads no more)."""

SUSPECT_WITHIN = timedelta(days=7)
"""Suspect transactions need attention for this long after they arrive; held ones until decided."""
ATTENTION_CAP = 100
"""Each attention figure is counted no further than this: "100+" needs no exact count, and the
count stays bounded for a merchant with a million sessions."""
LIST_CAP = 20
"""The most quiet devices or broken wallets named on the overview."""


class SearchProblem(ValueError):
    """Search text the payments page cannot search by (the message says why)."""


@dataclass(frozen=True)
class Search:
    """What a search box asks for: order ids starting with `order_prefix`, and (when the text
    can be one) the sessions and transactions of TrxID `trx_id`."""

    order_prefix: str
    trx_id: str | None


def parse_search(text: str | None) -> Search | None:
    """The search in a search box's text (None: nothing to search); SearchProblem if unusable."""
    text = (text or "").strip()
    if not text:
        return None
    if len(text) > MAX_SEARCH:
        raise SearchProblem(f"at most {MAX_SEARCH} characters")
    if not text.isprintable() or "\ufffd" in text:
        raise SearchProblem("control characters, or bytes that were not UTF-8")
    trx_id = text.upper()
    return Search(text, trx_id if TRX_ID.fullmatch(trx_id) else None)


def parse_status(value: str | None) -> str | None:
    """A status filter (None: all); SearchProblem if it names no status."""
    if not value:
        return None
    if value.upper() not in SESSION_STATUSES:
        raise SearchProblem("unknown status")
    return value.upper()


@dataclass(frozen=True)
class Filters:
    """What the payments list shows: a search (None: the newest payments) of one status
    (None: all)."""

    search: Search | None = None
    status: str | None = None


FILTER_FIELDS = ("q", "status")
"""The payments list's query fields (its search form)."""


def parse_filters(form: Mapping[str, str | None]) -> tuple[Filters | None, dict[str, str]]:
    """The list's search form (strings as given) as filters, or each wrong field's words key
    by field name."""
    problems = {}
    search = status = None
    try:
        search = parse_search(form.get("q"))
    except SearchProblem:
        problems["q"] = "payments.bad_search"
    try:
        status = parse_status(form.get("status"))
    except SearchProblem:
        problems["status"] = "payments.bad_status"
    if problems:
        return None, problems
    return Filters(search, status), {}


def newest_first(sessions: list[Session]) -> list[Session]:
    """Sessions without repeats, newest first (a search's queries may find one twice)."""
    unique = {s.id: s for s in sessions}
    return sorted(unique.values(), key=lambda s: (s.created_at, s.id), reverse=True)


@dataclass(frozen=True)
class SearchResult:
    sessions: list[Session]
    transactions: list[Transaction]
    """Those with the searched TrxID (none when the text cannot be one)."""


@dataclass(frozen=True)
class SessionDetail:
    """One session of the account with its transaction (the claimed or pending one, if any)
    and its webhook events, newest first."""

    session: Session
    transaction: Transaction | None
    events: list[Event]


@dataclass(frozen=True)
class Overview:
    """An account's figures at `now`: today's payments (the Asia/Dhaka day) and what needs
    attention. Attention counts stop at ATTENTION_CAP."""

    now: datetime
    day_start: datetime
    paid_count: int
    paid_poisha: int
    open_sessions: int
    held: int
    suspect: int
    stopped_events: int
    dead_events: int
    quiet_devices: list[Device]
    broken_wallets: list[Wallet]
    differing: int = 0
    """Payments of another amount than their order's, waiting for the merchant to settle."""

    @property
    def needs_attention(self) -> bool:
        counts = (self.held, self.suspect, self.stopped_events, self.dead_events, self.differing)
        return any(counts) or bool(self.quiet_devices or self.broken_wallets)
