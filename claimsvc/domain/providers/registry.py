"""What a wallet provider's spec holds, and the registry every per-provider list is built from.

A provider is declared once, in its own module beside this one (`bkash.py`, ...): its names in
English and Bangla, the sender ids its transaction SMS come from and its notice senders, the
shape of its TrxID, the wording of a test payment's SMS and its parse rules (issue 34).
`register` adds it; `PROVIDERS`, `PROVIDER_NAMES` (`domain/accounts.py`), the TrxID shapes
(`domain/trx_ids.py`), the test payments' senders and wordings (`domain/simulated_payments.py`),
the brands of the pages (`api/words/wallets.py`) and the SMS router (`domain/sms/routing.py`)
follow the registered specs, and tests/unit/test_provider_specs.py holds the OpenAPI document and
the three client libraries to the same list. Sender ids and their evidence:
docs/sms-wordings.md."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claimsvc.domain.sms.engine import Rule


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
    ussd: str | None = None
    """The USSD code its buyers dial to pay (None: app only)."""
    pay_actions: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """The menu item a buyer pays each wallet kind by ("personal", "agent", "merchant"), as the
    provider's app labels it in English and Bangla (a kind not listed: the usual name)."""
    rules: tuple[Rule, ...] = ()
    """Its parse rules, each a title and what it means (`claimsvc.domain.sms.engine.Rule`): the
    SMS router reads a message from its sender with them, the first title found deciding."""


# The menu items most wallets pay by (a spec names its own where they differ). Where each was
# seen (issue 10; a name seen nowhere is a guess):
# - bKash "Payment" (merchant): the *247# menu item "3 Payment" in the bKash WooCommerce
#   plugin's instructions, github:tareq1988/woocommerce-bkash:README.md.
# - Nagad "Send Money" (personal): "Go to your Nagad app or Dial *167#", "Choose Send Money" in
#   public checkout code found with the code search (repository not named by the index).
# - Nagad and Rocket "Cash Out", "ক্যাশ আউট": Bangla how-to pages (easycomputerbd.com,
#   2025/09/blog-post_94.html: "নগদ থেকে Cash Out করার নিয়ম"; mobile360.com.bd
#   what-is-rocket-mobile-banking: "ক্যাশ ইন, ক্যাশ আউট").
# - Rocket merchant: bankingnewsbd.com dutch-bangla-bank-mobile-banking-rocket names the service
#   "মার্চেন্ট পেমেন্ট"; the menu label "Merchant Pay" is a guess, as are Nagad "Merchant Pay",
#   Upay "Make Payment", every Upay and CellFin name, and all Bangla menu labels but Cash Out.
SEND, CASH_OUT = ("Send Money", "সেন্ড মানি"), ("Cash Out", "ক্যাশ আউট")
MERCHANT_PAY = ("Merchant Pay", "মার্চেন্ট পে")
USUAL_ACTIONS = {"personal": SEND, "agent": CASH_OUT, "merchant": MERCHANT_PAY}
"""The menu item of each wallet kind of a spec that names none."""

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
