"""The wallets a buyer pays into, as the buyer knows them: each provider's brand name in both
languages, its USSD code and the menu item of each flow (`BRANDS`, the providers' own names,
data rather than words), and the words of the lines telling a buyer how to pay one wallet
(`wallets.*`, used by the hosted page's wallet list, `page_view.how_to`)."""

from __future__ import annotations

from dataclasses import dataclass

from claimsvc.domain.accounts import PROVIDER_NAMES


@dataclass(frozen=True)
class WalletBrand:
    """A wallet provider as a buyer knows it."""

    name: dict[str, str]
    ussd: str | None
    # kind -> (English menu item, Bangla menu item) as the provider's own app labels it
    actions: dict[str, tuple[str, str]]


# The flow each wallet kind is paid by is the one whose SMS the service confirms (claims.FLOW_SMS):
# a personal wallet gets Send Money, an agent wallet a customer's Cash Out, a merchant wallet a
# Payment. Menu names, and where each was seen (issue 10; a name seen nowhere is a guess):
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

BRANDS: dict[str, WalletBrand] = {
    "bkash": WalletBrand(
        PROVIDER_NAMES["bkash"],
        "*247#",
        {"personal": SEND, "agent": CASH_OUT, "merchant": ("Payment", "পেমেন্ট")},
    ),
    "nagad": WalletBrand(
        PROVIDER_NAMES["nagad"],
        "*167#",
        {"personal": SEND, "agent": CASH_OUT, "merchant": MERCHANT_PAY},
    ),
    "rocket": WalletBrand(
        PROVIDER_NAMES["rocket"],
        "*322#",
        {"personal": SEND, "agent": CASH_OUT, "merchant": MERCHANT_PAY},
    ),
    "upay": WalletBrand(
        PROVIDER_NAMES["upay"],
        "*268#",
        {"personal": SEND, "agent": CASH_OUT, "merchant": ("Make Payment", "মেক পেমেন্ট")},
    ),
    "cellfin": WalletBrand(
        PROVIDER_NAMES["cellfin"],
        None,
        {
            "personal": ("Fund Transfer", "ফান্ড ট্রান্সফার"),
            "agent": CASH_OUT,
            "merchant": ("Merchant Payment", "মার্চেন্ট পেমেন্ট"),
        },
    ),
}


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
