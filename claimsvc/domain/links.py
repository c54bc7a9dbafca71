"""Payment links: a merchant's reusable or single-use address that opens a checkout session.

Pure rules only: the record, a new link, what a buyer is told about a link, and the order id
and result address each session opened from a link gets (docs/decisions.md, "Portal: payment
links (issue 16)").
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from claimsvc.domain import bounds
from claimsvc.domain.checkout import to_millis
from claimsvc.domain.i18n import DHAKA
from claimsvc.domain.money import MAX_AMOUNT_POISHA, parse_taka

ACTIVE, DISABLED = "active", "disabled"
LINK_STATUSES = (ACTIVE, DISABLED)

# What a buyer is told about a link (`buyer_state`): it can be paid, or why not.
PAYABLE, EXPIRED, USED = "payable", "expired", "used"
PORTAL_STATES = (ACTIVE, USED, DISABLED, EXPIRED)
"""What the portal shows of a link (`portal_state`)."""

MAX_DESCRIPTION = 500
MAX_ORDER_REF = 64
"""An order reference leaves room in the 128-character order id for the attempt suffix."""

SLUG_BYTES = 12
"""96 random bits: a slug can be neither guessed nor enumerated."""
SLUG_PATTERN = re.compile(r"^[A-Za-z0-9_-]{16}$")

TOKEN_PATTERN = re.compile(r"^[0-9a-f]{16}$")
"""The one-time token a reusable link's page form carries (`new_open_token`)."""

ORDER_SEPARATOR = "#"


@dataclass(frozen=True)
class PaymentLink:
    """A payment link (the `payment_links` collection; money in poisha)."""

    id: str
    account_id: str
    slug: str
    """The public, unguessable part of the link's address: /pay/{slug}."""
    amount_poisha: int
    description: str
    single_use: bool
    status: str
    created_at: datetime
    order_ref: str | None = None
    """The merchant's fixed order reference; sessions' order ids start with it."""
    expires_at: datetime | None = None
    webhook_url: str | None = None
    """Where this link's sessions send their webhook; None: no webhook is sent."""
    disabled_at: datetime | None = None
    attempt: int = 1
    """Single-use links: the number of the current attempt (a new one after a session ends
    without a payment)."""
    idempotency_key: str | None = None
    """The ledger-scoped `Idempotency-Key` it was created with (domain/idempotency.py), until
    its replay window ends; None: none."""
    idempotency_digest: str | None = None
    """The digest of the request body that created it with that key."""


@dataclass(frozen=True)
class NewLink:
    """A validated request to create a link."""

    amount_poisha: int
    description: str
    single_use: bool = False
    order_ref: str | None = None
    expires_at: datetime | None = None
    webhook_url: str | None = None


@dataclass(frozen=True)
class LinkTotals:
    """Completed payments of one link: how many, and how much in all."""

    payments: int = 0
    amount_poisha: int = 0


@dataclass(frozen=True)
class LinkView:
    """A link with its totals, as the API and the portal show it."""

    link: PaymentLink
    totals: LinkTotals
    url: str


def new_link(account_id: str, req: NewLink, now: datetime) -> PaymentLink:
    """A fresh active link with a random id and slug."""
    return PaymentLink(
        id="lnk_" + secrets.token_hex(12),
        account_id=account_id,
        slug=secrets.token_urlsafe(SLUG_BYTES),
        amount_poisha=req.amount_poisha,
        description=req.description,
        single_use=req.single_use,
        status=ACTIVE,
        created_at=to_millis(now),
        order_ref=req.order_ref,
        expires_at=None if req.expires_at is None else to_millis(req.expires_at),
        webhook_url=req.webhook_url,
    )


def expiry_problem(expires_at: datetime | None, now: datetime) -> str | None:
    """Why a requested expiry cannot be set (it must lie in the future); None when it can."""
    if expires_at is not None and expires_at <= now:
        return "expires_at must be in the future"
    return None


def is_expired(link: PaymentLink, now: datetime) -> bool:
    return link.expires_at is not None and now >= link.expires_at


def buyer_state(link: PaymentLink, now: datetime, paid: bool) -> str:
    """What a buyer opening the link is told: PAYABLE, DISABLED, EXPIRED or USED (`paid`: a
    single-use link's payment has completed)."""
    if link.status == DISABLED:
        return DISABLED
    if link.single_use and paid:
        return USED
    if is_expired(link, now):
        return EXPIRED
    return PAYABLE


def portal_state(view: LinkView, now: datetime) -> str:
    """What the portal shows of a link: active, used (a single-use link that has been paid),
    disabled or expired; the same reading as `buyer_state`, so both sides agree."""
    paid = view.link.single_use and view.totals.payments > 0
    state = buyer_state(view.link, now, paid)
    return ACTIVE if state == PAYABLE else state


def new_open_token() -> str:
    """A one-time token for the pay form: a reusable link's double submit opens one session."""
    return secrets.token_hex(8)


def order_base(link: PaymentLink) -> str:
    """The start of every order id of the link's sessions."""
    return link.order_ref or f"link-{link.slug}"


def attempt_order_id(link: PaymentLink, attempt: int) -> str:
    """A single-use link's order id for an attempt: the reference itself first, then `#n`."""
    base = order_base(link)
    return base if attempt == 1 else f"{base}{ORDER_SEPARATOR}{attempt}"


def reusable_order_id(link: PaymentLink, token: str) -> str:
    """A reusable link's order id for one buyer's form token."""
    return f"{order_base(link)}{ORDER_SEPARATOR}{token}"


def link_url(public_base_url: str, slug: str) -> str:
    """The address a merchant shares."""
    return f"{public_base_url}/pay/{slug}"


def result_url(public_base_url: str, session_id: str) -> str:
    """Our own page a link's session returns the buyer to, on success and on cancel alike:
    it shows the session's real state, so a made-up address proves nothing."""
    return f"{public_base_url}/pay/result/{session_id}"


def _has_control(text: str) -> bool:
    return any(ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 for ch in text)


def _form_text(value: str | None, limit: int) -> tuple[str | None, bool]:
    """A trimmed optional text field: (value or None when blank, whether it is acceptable)."""
    text = (value or "").strip()
    return (text or None), len(text) <= limit and not _has_control(text)


def _form_expiry(value: str | None, now: datetime) -> tuple[datetime | None, bool]:
    """A `datetime-local` value, read as Dhaka time; it must lie in the future, and in the
    window every time from a request keeps (claimsvc.domain.bounds)."""
    text = (value or "").strip()
    if not text:
        return None, True
    moment = bounds.iso_time(text, DHAKA)
    if moment is None:
        return None, False
    return moment, expiry_problem(moment, now) is None


def parse_link_form(
    form: Mapping[str, str | None], now: datetime
) -> tuple[NewLink | None, dict[str, str]]:
    """The portal's create form (strings as typed) as a request, or each wrong field's words
    key by field name. Amount in taka ("1,500.50"); expiry in Dhaka time."""
    problems = {}
    amount = parse_taka((form.get("amount") or "").strip()) if form.get("amount") else None
    if amount is None or not 0 < amount <= MAX_AMOUNT_POISHA:
        problems["amount"] = "links.bad_amount"
    description, ok = _form_text(form.get("description"), MAX_DESCRIPTION)
    if description is None or not ok:
        problems["description"] = "links.bad_description"
    order_ref, ok = _form_text(form.get("order_ref"), MAX_ORDER_REF)
    if not ok:
        problems["order_ref"] = "links.bad_order_ref"
    expires_at, ok = _form_expiry(form.get("expires_at"), now)
    if not ok:
        problems["expires_at"] = "links.bad_expiry"
    if problems:
        return None, problems
    assert amount is not None and description is not None
    single_use = form.get("single_use") in ("1", "on", "true")
    # No webhook_url: the portal's links are for shops without a server (docs/decisions.md).
    return NewLink(amount, description, single_use, order_ref, expires_at), {}
