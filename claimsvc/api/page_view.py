"""What the hosted page shows of a session, built from the public session record, and the words
for it: each state's title and text, and each wallet's how-to-pay lines."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from claimsvc.api.words import Words
from claimsvc.api.words.wallets import BRANDS, brand_name
from claimsvc.domain.accounts import ShopWallet, wallet_providers
from claimsvc.domain.sessions import PublicSession

STATES = {
    "COMPLETED": "completed",
    "FAILED": "failed",
    "CANCELLED": "cancelled",
    "EXPIRED": "expired",
}

STATE_WORDS = {
    "pending": ("checkout.pending_title", "checkout.pending_text"),
    "completed": ("checkout.completed_title", "checkout.completed_text"),
    "failed": ("checkout.failed_title", "checkout.failed_text"),
    "cancelled": ("checkout.cancelled_title", "checkout.cancelled_text"),
    "expired": ("checkout.expired_title", "checkout.expired_text"),
}
"""Each page state's (title, text) words but open's: an open session shows the form."""

ENTER = {
    "personal": "wallets.enter_personal",
    "agent": "wallets.enter_agent",
    "merchant": "wallets.enter_merchant",
}
"""The how-to line naming the number and amount, by wallet kind."""


def state_words(t: Words, state: str, merchant: str) -> tuple[str, str]:
    """The title and text of a page state (both empty for open)."""
    if state not in STATE_WORDS:
        return "", ""
    title, text = STATE_WORDS[state]
    return t(title), t(text, merchant=merchant)


def how_to(t: Words, provider: str, kind: str, number: str, amount: str) -> list[str]:
    """Short lines on paying `amount` (already formatted) to one wallet: three, and for an
    agent wallet a fourth on the Cash Out charge."""
    known = BRANDS.get(provider)
    if known is None:
        return []
    app = known.name[t.lang]
    english, bangla = known.actions.get(kind, known.actions["personal"])
    action = english if t.lang == "en" else f"{bangla} ({english})"
    lines = [
        t("wallets.open_app_or_dial", app=app, code=known.ussd, action=action)
        if known.ussd
        else t("wallets.open_app", app=app, action=action),
        t(ENTER.get(kind, ENTER["personal"]), number=number, amount=amount),
        t("wallets.copy_trx"),
    ]
    if kind == "agent":
        lines.insert(2, t("wallets.agent_charge", amount=amount))
    return lines


@dataclass(frozen=True)
class WalletLine:
    """One wallet as the page lists it, worded for one language."""

    provider: str
    provider_name: str
    kind_name: str
    number: str
    how_to: list[str]


@dataclass(frozen=True)
class PageView:
    """The public facts of one session: nothing secret, nothing of another session."""

    session_id: str
    merchant: str
    amount_poisha: int
    status: str
    pending: bool
    expires_at: datetime
    wallets: tuple[ShopWallet, ...]
    redirect_url: str | None = None
    order_id: str = ""
    paid_poisha: int | None = None
    """What was paid, when the merchant accepted another amount for the order."""
    description: str | None = None
    """What a payment link's session is for; None for an API checkout (initialize has no such
    field, and metadata is the merchant's own)."""
    amount_note: str | None = None
    """settlement.TOLD or REFUNDING while the latest claim paid another amount; else None."""
    test: bool = False
    """A test session: the page says so at its top."""
    other_wallet: str | None = None
    """The wallet the latest claim's TrxID was paid with, when the claim chose another."""

    @classmethod
    def from_public(cls, public: PublicSession) -> PageView:
        """From the session service's public read (poisha and times as they are stored)."""
        return cls(
            session_id=public.session_id,
            merchant=public.merchant,
            amount_poisha=public.amount_poisha,
            status=public.status,
            pending=public.pending,
            expires_at=public.expires_at,
            wallets=public.wallets,
            redirect_url=public.redirect_url,
            order_id=public.order_id,
            paid_poisha=public.paid_poisha,
            amount_note=public.amount_note,
            description=public.description,
            test=public.test,
            other_wallet=public.other_wallet,
        )

    def wallet_lines(self, t: Words, amount: str) -> list[WalletLine]:
        return [
            WalletLine(
                provider=w.provider,
                provider_name=brand_name(w.provider, t.lang),
                kind_name=t.status("wallet_kind", w.kind),
                number=w.number,
                how_to=how_to(t, w.provider, w.kind, w.number, amount),
            )
            for w in self.wallets
        ]

    def provider_choices(self, t: Words) -> list[tuple[str, str]]:
        """(code, name) of each provider the shop takes, in wallet order; all when it lists none."""
        return [(code, brand_name(code, t.lang)) for code in wallet_providers(self.wallets)]

    @property
    def amount_label(self) -> str:
        """The words key above the amount: to pay while open, paid once paid (or found), else
        the order's amount (a paid checkout must not still ask for money)."""
        return {
            "open": "checkout.amount_label",
            "pending": "checkout.amount_paid_label",
            "completed": "checkout.amount_paid_label",
        }.get(self.state, "checkout.amount_order_label")

    @property
    def shown_poisha(self) -> int:
        """The amount shown: what was paid for a completed session, else the order's."""
        if self.state == "completed" and self.paid_poisha is not None:
            return self.paid_poisha
        return self.amount_poisha

    @property
    def state(self) -> str:
        """open, pending, completed, failed, cancelled or expired (the read already expires)."""
        if self.status in STATES:
            return STATES[self.status]
        return "pending" if self.pending else "open"
