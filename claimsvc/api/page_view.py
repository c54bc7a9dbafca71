"""What the hosted page shows of a session, built from the public session record."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from claimsvc.api import page_text
from claimsvc.domain.accounts import PROVIDERS, ShopWallet
from claimsvc.domain.sessions import PublicSession

STATES = {
    "COMPLETED": "completed",
    "FAILED": "failed",
    "CANCELLED": "cancelled",
    "EXPIRED": "expired",
}


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
        )

    def wallet_lines(self, lang: str, amount: str) -> list[WalletLine]:
        return [
            WalletLine(
                provider=w.provider,
                provider_name=page_text.provider_name(w.provider, lang),
                kind_name=page_text.kind_name(w.kind, lang),
                number=w.number,
                how_to=page_text.how_to(w.provider, w.kind, w.number, amount, lang),
            )
            for w in self.wallets
        ]

    def provider_choices(self, lang: str) -> list[tuple[str, str]]:
        """(code, name) of each provider the shop takes, in wallet order; all when it lists none."""
        codes = list(dict.fromkeys(w.provider for w in self.wallets)) or list(PROVIDERS)
        return [(code, page_text.provider_name(code, lang)) for code in codes]

    @property
    def amount_label(self) -> str:
        """The words key above the amount: to pay while open, paid once paid (or found), else
        the order's amount (a paid checkout must not still ask for money)."""
        return {
            "open": "amount_label",
            "pending": "amount_paid_label",
            "completed": "amount_paid_label",
        }.get(self.state, "amount_order_label")

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
