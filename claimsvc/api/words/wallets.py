"""The wallets a buyer pays into, as the buyer knows them: each provider's brand name in both
languages, its USSD code and the menu item of each flow (`BRANDS`, the providers' own names,
data rather than words), and the words of the lines telling a buyer how to pay one wallet
(`wallets.*`, used by the hosted page's wallet list, `page_view.how_to`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from claimsvc.domain.providers import BY_NAME, NAMES
from claimsvc.domain.providers.registry import USUAL_ACTIONS


@dataclass(frozen=True)
class WalletBrand:
    """A wallet provider as a buyer knows it."""

    name: dict[str, str]
    ussd: str | None
    # kind -> (English menu item, Bangla menu item) as the provider's own app labels it
    actions: dict[str, tuple[str, str]]


# The flow each wallet kind is paid by is the one whose SMS the service confirms (claims.FLOW_SMS):
# a personal wallet gets Send Money, an agent wallet a customer's Cash Out, a merchant wallet a
# Payment. Each provider's names, code and menu items are in its spec (domain/providers/), with
# where each was seen.


class _Brands(Mapping[str, WalletBrand]):
    """Every registered provider's brand, read from its spec when asked (a provider registered
    later, a test's made-up one, is among them)."""

    def __getitem__(self, provider: str) -> WalletBrand:
        spec = BY_NAME[provider]
        return WalletBrand(dict(spec.names), spec.ussd, {**USUAL_ACTIONS, **spec.pay_actions})

    def __iter__(self) -> Iterator[str]:
        return iter(list(NAMES))

    def __len__(self) -> int:
        return len(NAMES)


BRANDS: Mapping[str, WalletBrand] = _Brands()


def brand_name(provider: str, lang: str) -> str:
    """A provider's name as its buyers know it (bKash, বিকাশ); an unknown one as it is."""
    known = BRANDS.get(provider)
    return known.name[lang] if known else provider


# One whole sentence per case (with or without a USSD code, per wallet kind), not fragments, so
# a translator sees each sentence as the buyer reads it.
EN = {
    "wallets.open_app": "Open the {app} app and choose “{action}”.",
    "wallets.open_app_or_dial": "Open the {app} app or dial {code} and choose “{action}”.",
    "wallets.enter_personal": (
        "Enter number {number} and exactly {amount} taka, then confirm with your PIN."
    ),
    "wallets.enter_agent": (
        "Enter the agent number {number} and exactly {amount} taka, then confirm with your PIN."
    ),
    "wallets.enter_merchant": (
        "Enter the merchant number {number} and exactly {amount} taka, then confirm with your PIN."
    ),
    # Paying an agent, the buyer's wallet takes its Cash Out charge on top of the amount; a buyer
    # who takes the charge out of the amount sends too little, and the claim cannot match.
    "wallets.agent_charge": (
        "The wallet adds its Cash Out charge on top: the agent gets exactly {amount} taka."
    ),
    "wallets.copy_trx": "Copy the TrxID from the confirmation SMS into the form below.",
}

BN = {
    "wallets.open_app": "{app} অ্যাপ খুলুন, তারপর “{action}” বেছে নিন।",
    "wallets.open_app_or_dial": "{app} অ্যাপ খুলুন অথবা {code} ডায়াল করুন, তারপর “{action}” বেছে নিন।",
    "wallets.enter_personal": "নম্বর {number} এবং ঠিক {amount} টাকা দিন, তারপর পিন দিয়ে নিশ্চিত করুন।",
    "wallets.enter_agent": (
        "এজেন্ট নম্বর {number} এবং ঠিক {amount} টাকা দিন, তারপর পিন দিয়ে নিশ্চিত করুন।"
    ),
    "wallets.enter_merchant": (
        "মার্চেন্ট নম্বর {number} এবং ঠিক {amount} টাকা দিন, তারপর পিন দিয়ে নিশ্চিত করুন।"
    ),
    "wallets.agent_charge": ("ক্যাশ আউট চার্জ ওয়ালেট আলাদাভাবে কাটবে; এজেন্টকে ঠিক {amount} টাকাই পাঠাতে হবে।"),
    "wallets.copy_trx": "কনফার্মেশন এসএমএস থেকে TrxID নিচের ফর্মে লিখুন।",
}
