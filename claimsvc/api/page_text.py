"""Every word of the hosted checkout page, in English and Bangla, and the how-to-pay lines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from claimsvc.domain import arrival, i18n


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
        {"en": "bKash", "bn": "বিকাশ"},
        "*247#",
        {"personal": SEND, "agent": CASH_OUT, "merchant": ("Payment", "পেমেন্ট")},
    ),
    "nagad": WalletBrand(
        {"en": "Nagad", "bn": "নগদ"},
        "*167#",
        {"personal": SEND, "agent": CASH_OUT, "merchant": MERCHANT_PAY},
    ),
    "rocket": WalletBrand(
        {"en": "Rocket", "bn": "রকেট"},
        "*322#",
        {"personal": SEND, "agent": CASH_OUT, "merchant": MERCHANT_PAY},
    ),
    "upay": WalletBrand(
        {"en": "Upay", "bn": "উপায়"},
        "*268#",
        {"personal": SEND, "agent": CASH_OUT, "merchant": ("Make Payment", "মেক পেমেন্ট")},
    ),
    "cellfin": WalletBrand(
        {"en": "CellFin", "bn": "সেলফিন"},
        None,
        {
            "personal": ("Fund Transfer", "ফান্ড ট্রান্সফার"),
            "agent": CASH_OUT,
            "merchant": ("Merchant Payment", "মার্চেন্ট পেমেন্ট"),
        },
    ),
}

KINDS = {
    "en": {"personal": "Personal", "agent": "Agent", "merchant": "Merchant"},
    "bn": {"personal": "পার্সোনাল", "agent": "এজেন্ট", "merchant": "মার্চেন্ট"},
}

HOW_TO = {
    "en": (
        "Open the {app} app{ussd} and choose “{action}”.",
        "Enter {whose}number {number} and exactly {amount} taka, then confirm with your PIN.",
        "Copy the TrxID from the confirmation SMS into the form below.",
    ),
    "bn": (
        "{app} অ্যাপ খুলুন{ussd}, তারপর “{action}” বেছে নিন।",
        "{whose}নম্বর {number} এবং ঠিক {amount} টাকা দিন, তারপর পিন দিয়ে নিশ্চিত করুন।",
        "কনফার্মেশন এসএমএস থেকে TrxID নিচের ফর্মে লিখুন।",
    ),
}
# Paying an agent, the buyer's wallet takes its Cash Out charge on top of the amount; a buyer who
# takes the charge out of the amount sends too little, and the claim cannot match.
AGENT_CHARGE = {
    "en": "The wallet adds its Cash Out charge on top: the agent gets exactly {amount} taka.",
    "bn": "ক্যাশ আউট চার্জ ওয়ালেট আলাদাভাবে কাটবে; এজেন্টকে ঠিক {amount} টাকাই পাঠাতে হবে।",
}
USSD = {"en": " or dial {code}", "bn": " অথবা {code} ডায়াল করুন"}
WHOSE = {
    "en": {"personal": "", "agent": "the agent ", "merchant": "the merchant "},
    "bn": {"personal": "", "agent": "এজেন্ট ", "merchant": "মার্চেন্ট "},
}


def provider_name(provider: str, lang: str) -> str:
    known = BRANDS.get(provider)
    return known.name[lang] if known else provider


def kind_name(kind: str, lang: str) -> str:
    return KINDS[lang].get(kind, kind)


def how_to(provider: str, kind: str, number: str, amount: str, lang: str) -> list[str]:
    """Short lines on paying `amount` (already formatted) to one wallet: three, and for an
    agent wallet a fourth on the Cash Out charge."""
    known = BRANDS.get(provider)
    if known is None:
        return []
    action = known.actions.get(kind, known.actions["personal"])
    action_text = action[0] if lang == "en" else f"{action[1]} ({action[0]})"
    fields = {
        "app": known.name[lang],
        "ussd": USSD[lang].format(code=known.ussd) if known.ussd else "",
        "action": action_text,
        "whose": WHOSE[lang].get(kind, ""),
        "number": number,
        "amount": amount,
    }
    lines = [line.format(**fields) for line in HOW_TO[lang]]
    if kind == "agent":
        lines.insert(2, AGENT_CHARGE[lang].format(amount=amount))
    return lines


TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "Pay {merchant}",
        "heading": "Pay {merchant}",
        "amount_label": "Amount to pay",
        "amount_paid_label": "Amount paid",
        "amount_order_label": "Order amount",
        "order_line": "Order {order}",
        "order_amount_line": "The order was {amount} taka; the shop accepted this amount for it.",
        "amount_told": (
            "The amount paid with this TrxID is different from this order's amount. {merchant} "
            "has been told and will decide: accept it for the order, or return it to you. "
            "You do not need to pay again now; keep this page open or contact the shop."
        ),
        "amount_told_ended": (
            "The amount paid with this TrxID was different from this order's amount. {merchant} "
            "has been told; contact the shop to have it returned."
        ),
        "amount_refund": (
            "The amount paid with this TrxID was different from this order's amount. {merchant} "
            "will return it to you by hand; contact the shop about it."
        ),
        "test_title": "Test checkout",
        "test_text": "The shop is testing its checkout. No real money is paid here.",
        "taka": "taka",
        "no_wallets": "This shop has not added a wallet yet; please contact the shop.",
        "time_left": "Time left",
        "pay_before": "Pay before {time} (Bangladesh time).",
        "language": "Language",
        "step_pay": "1. Send the money to one of these wallets",
        "step_claim": "2. Enter the TrxID from your payment SMS",
        "number_label": "Number",
        "copy": "Copy",
        "copied": "Number copied.",
        "copy_failed": "Could not copy; please select the number and copy it.",
        "provider_legend": "Wallet you paid with",
        "trx_label": "Transaction ID (TrxID)",
        "trx_hint": "6 to 20 letters and digits, e.g. 8N7A6D5EE7M. Find it in the SMS.",
        "submit": "Confirm payment",
        "checking": "Checking your payment…",
        "cancel": "Cancel payment",
        "cancel_question": "Cancel this payment and return to the shop?",
        "cancel_yes": "Yes, cancel",
        "cancel_no": "No, go back",
        "cancelling": "Cancelling…",
        "noscript": "Turn on JavaScript to confirm your payment on this page.",
        "invalid_trx": "A TrxID is 6 to 20 letters and digits; copy it from the payment SMS.",
        "choose_provider": "Choose the wallet you paid with.",
        "network": "Could not reach the server. Check your connection and try again.",
        "success": "Payment confirmed. Taking you back to the shop…",
        "return": "Return to the shop",
        "pending_title": "Payment found",
        "pending_text": "Payment found; the merchant is confirming it.",
        "pending_more": "This page moves on by itself when it is confirmed. Keep it open.",
        "waiting": (
            "We have not received this payment's SMS yet; we'll keep checking for up to "
            "{minutes} minutes. Keep this page open."
        ),
        "completed_title": "Payment received",
        "completed_text": "Thank you. {merchant} has received your payment.",
        "expired_title": "Session expired",
        "expired_text": "This checkout session has expired. Return to the shop to start again.",
        "cancelled_title": "Payment cancelled",
        "cancelled_text": "This payment was cancelled. No money was taken by this page.",
        "failed_title": "Payment locked",
        "failed_text": "Too many failed attempts on this session; contact the merchant.",
        "not_found_title": "Checkout not found",
        "not_found_text": (
            "This payment link is not valid. Check the link or ask the shop for a new one."
        ),
        "error_title": "Something went wrong",
        "error_text": "This page could not be shown. Please try again in a moment.",
    },
    "bn": {
        "title": "{merchant}-কে পেমেন্ট",
        "heading": "{merchant}-কে পেমেন্ট করুন",
        "amount_label": "যত টাকা দিতে হবে",
        "amount_paid_label": "পরিশোধিত টাকা",
        "amount_order_label": "অর্ডারের টাকা",
        "order_line": "অর্ডার {order}",
        "order_amount_line": "অর্ডারটি ছিল {amount} টাকার; দোকান এর জন্য এই পরিমাণ গ্রহণ করেছে।",
        "amount_told": (
            "এই TrxID দিয়ে পাঠানো টাকার পরিমাণ এই অর্ডারের পরিমাণ থেকে আলাদা। {merchant}-কে জানানো "
            "হয়েছে, তাঁরা ঠিক করবেন: অর্ডারের জন্য গ্রহণ করবেন, নাকি আপনাকে ফেরত দেবেন। এখন আবার "
            "টাকা পাঠানোর দরকার নেই; পাতাটি খোলা রাখুন অথবা দোকানের সাথে যোগাযোগ করুন।"
        ),
        "amount_told_ended": (
            "এই TrxID দিয়ে পাঠানো টাকার পরিমাণ এই অর্ডারের পরিমাণ থেকে আলাদা ছিল। {merchant}-কে "
            "জানানো হয়েছে; টাকা ফেরত পেতে দোকানের সাথে যোগাযোগ করুন।"
        ),
        "amount_refund": (
            "এই TrxID দিয়ে পাঠানো টাকার পরিমাণ এই অর্ডারের পরিমাণ থেকে আলাদা ছিল। {merchant} "
            "টাকাটি আপনাকে হাতে ফেরত দেবেন; এ বিষয়ে দোকানের সাথে যোগাযোগ করুন।"
        ),
        "test_title": "টেস্ট চেকআউট",
        "test_text": "দোকানটি তাদের চেকআউট পরীক্ষা করছে। এখানে আসল টাকা দেওয়া হয় না।",
        "taka": "টাকা",
        "no_wallets": "এই দোকান এখনো কোনো ওয়ালেট যোগ করেনি; দোকানের সাথে যোগাযোগ করুন।",
        "time_left": "বাকি সময়",
        "pay_before": "{time}-এর আগে পেমেন্ট করুন (বাংলাদেশ সময়)।",
        "language": "ভাষা",
        "step_pay": "১. এই ওয়ালেটগুলোর যেকোনো একটিতে টাকা পাঠান",
        "step_claim": "২. পেমেন্টের এসএমএস থেকে TrxID লিখুন",
        "number_label": "নম্বর",
        "copy": "কপি",
        "copied": "নম্বর কপি হয়েছে।",
        "copy_failed": "কপি করা যায়নি; নম্বরটি সিলেক্ট করে কপি করুন।",
        "provider_legend": "যে ওয়ালেট থেকে পেমেন্ট করেছেন",
        "trx_label": "ট্রানজেকশন আইডি (TrxID)",
        "trx_hint": "৬ থেকে ২০টি ইংরেজি অক্ষর ও সংখ্যা, যেমন 8N7A6D5EE7M। এসএমএস-এ পাবেন।",
        "submit": "পেমেন্ট নিশ্চিত করুন",
        "checking": "আপনার পেমেন্ট যাচাই করা হচ্ছে…",
        "cancel": "পেমেন্ট বাতিল করুন",
        "cancel_question": "এই পেমেন্ট বাতিল করে দোকানে ফিরে যাবেন?",
        "cancel_yes": "হ্যাঁ, বাতিল করুন",
        "cancel_no": "না, ফিরে যান",
        "cancelling": "বাতিল করা হচ্ছে…",
        "noscript": "এই পাতায় পেমেন্ট নিশ্চিত করতে জাভাস্ক্রিপ্ট চালু করুন।",
        "invalid_trx": "TrxID-তে ৬ থেকে ২০টি ইংরেজি অক্ষর ও সংখ্যা থাকে; এসএমএস থেকে দেখে লিখুন।",
        "choose_provider": "কোন ওয়ালেট থেকে পেমেন্ট করেছেন তা বেছে নিন।",
        "network": "সার্ভারে পৌঁছানো যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।",
        "success": "পেমেন্ট নিশ্চিত হয়েছে। আপনাকে দোকানে ফিরিয়ে নেওয়া হচ্ছে…",
        "return": "দোকানে ফিরে যান",
        "pending_title": "পেমেন্ট পাওয়া গেছে",
        "pending_text": "পেমেন্ট পাওয়া গেছে; মার্চেন্ট এটি যাচাই করছেন।",
        "pending_more": "নিশ্চিত হলে এই পাতা নিজে থেকেই এগিয়ে যাবে। পাতাটি খোলা রাখুন।",
        "waiting": (
            "এই পেমেন্টের এসএমএস আমরা এখনো পাইনি; {minutes} মিনিট পর্যন্ত আমরা দেখতে থাকব। পাতাটি খোলা রাখুন।"
        ),
        "completed_title": "পেমেন্ট সম্পন্ন হয়েছে",
        "completed_text": "ধন্যবাদ। {merchant} আপনার পেমেন্ট পেয়েছে।",
        "expired_title": "মেয়াদ শেষ",
        "expired_text": "এই চেকআউট সেশনের মেয়াদ শেষ হয়ে গেছে। আবার শুরু করতে দোকানে ফিরে যান।",
        "cancelled_title": "পেমেন্ট বাতিল হয়েছে",
        "cancelled_text": "এই পেমেন্ট বাতিল করা হয়েছে। এই পাতা থেকে কোনো টাকা কাটা হয়নি।",
        "failed_title": "পেমেন্ট বন্ধ",
        "failed_text": "এই সেশনে অনেকবার ভুল চেষ্টা হয়েছে; মার্চেন্টের সাথে যোগাযোগ করুন।",
        "not_found_title": "চেকআউট পাওয়া যায়নি",
        "not_found_text": "এই পেমেন্ট লিংকটি সঠিক নয়। লিংকটি দেখে নিন অথবা দোকান থেকে নতুন লিংক নিন।",
        "error_title": "কিছু একটা ভুল হয়েছে",
        "error_text": "পাতাটি দেখানো যায়নি। একটু পরে আবার চেষ্টা করুন।",
    },
}

# Claim outcomes in Bangla, by code; English pages show the service's own `message`.
OUTCOMES_BN = {
    "VERIFICATION_FAILED": "লেনদেন যাচাই করা যায়নি; TrxID ও টাকার পরিমাণ হুবহু মিলতে হবে।",
    "TOO_MANY_ATTEMPTS": TEXT["bn"]["failed_text"],
    "SESSION_EXPIRED": "এই চেকআউট সেশনের মেয়াদ শেষ হয়ে গেছে।",
    "SESSION_UNAVAILABLE": "এই চেকআউট সেশনটি আর পাওয়া যাচ্ছে না।",
    "ALREADY_COMPLETED": "এই সেশনটি অন্য একটি লেনদেন দিয়ে আগেই সম্পন্ন হয়েছে।",
    "NOT_FOUND": "চেকআউট সেশনটি সঠিক নয়।",
    "VENDOR_INACTIVE": "এই বিক্রেতার অ্যাকাউন্ট এখন সক্রিয় নয়।",
    "PENDING_VERIFICATION": TEXT["bn"]["pending_text"],
    "RATE_LIMITED": "অনেকবার চেষ্টা করা হয়েছে; এক মিনিট পরে আবার চেষ্টা করুন।",
}

# The words the script needs, handed over in a data attribute (the CSP allows no inline script).
SCRIPT_KEYS = (
    "copied",
    "copy_failed",
    "invalid_trx",
    "choose_provider",
    "network",
    "checking",
    "success",
    "cancelling",
    "pending_text",
    "pending_more",
    "expired_text",
    "waiting",
    "amount_told",
    "amount_refund",
)


def text(lang: str, key: str, **fields: str) -> str:
    """One string of the page in `lang`, with its fields filled in."""
    return TEXT[lang][key].format(**fields)


def script_texts(lang: str, merchant: str = "") -> dict[str, Any]:
    """The words the script shows: its own, and (Bangla) each claim outcome by code."""
    minutes = i18n.digits(str(arrival.WAIT_SECONDS // 60), lang)
    return {
        "text": {key: text(lang, key, minutes=minutes, merchant=merchant) for key in SCRIPT_KEYS},
        "outcomes": OUTCOMES_BN if lang == "bn" else {},
        # The buyer's wait (domain/arrival.py): how long and how often the page checks.
        "wait": {"seconds": arrival.WAIT_SECONDS, "every": arrival.CHECK_EVERY_SECONDS},
    }
