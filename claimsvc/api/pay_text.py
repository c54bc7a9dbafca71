"""Every word of the public payment-link pages (/pay), in English and Bangla (same keys).

The result page's state words (completed, cancelled, ...) are the hosted page's own
(api/page_text.py), so a buyer reads the same sentence for the same state on both.
"""

from __future__ import annotations

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "title": "Pay {merchant}",
        "heading": "Pay {merchant}",
        "for_label": "For",
        "reference": "Order reference",
        "pay": "Pay now",
        "pay_hint": "You will choose a wallet (bKash, Nagad, ...) on the next page.",
        "disabled_title": "This link is turned off",
        "disabled_text": "{merchant} has turned this payment link off. Ask the shop for a new one.",
        "expired_title": "This link has expired",
        "expired_text": "This payment link is past its end date. Ask {merchant} for a new one.",
        "used_title": "Already paid",
        "used_text": "This payment link was for one payment, and it has been paid.",
        "rate_title": "Too many tries",
        "rate_text": "Too many payments were started from here. Wait a minute and try again.",
        "closed_title": "The shop cannot take payments now",
        "closed_text": "{merchant} cannot take payments at the moment. Please contact the shop.",
        "busy_title": "Please try again later",
        "busy_text": "Payments are paused for a short while. Please try again in a few minutes.",
        "result_title": "Payment to {merchant}",
        "amount_paid": "Amount",
        "payment_ref": "Payment reference",
        "open_title": "Payment not finished",
        "open_text": "This payment is still waiting for you.",
        "continue": "Continue to payment",
        "back_to_link": "Start again",
    },
    "bn": {
        "title": "{merchant}-কে পেমেন্ট করুন",
        "heading": "{merchant}-কে পেমেন্ট করুন",
        "for_label": "যার জন্য",
        "reference": "অর্ডার রেফারেন্স",
        "pay": "এখন পেমেন্ট করুন",
        "pay_hint": "পরের পাতায় ওয়ালেট (বিকাশ, নগদ, ...) বেছে নেবেন।",
        "disabled_title": "এই লিংকটি বন্ধ",
        "disabled_text": "{merchant} এই পেমেন্ট লিংকটি বন্ধ করেছে। দোকান থেকে নতুন লিংক নিন।",
        "expired_title": "এই লিংকের মেয়াদ শেষ",
        "expired_text": "এই পেমেন্ট লিংকের মেয়াদ শেষ হয়ে গেছে। {merchant}-এর কাছ থেকে নতুন লিংক নিন।",
        "used_title": "পেমেন্ট আগেই হয়ে গেছে",
        "used_text": "এই লিংকটি একটি পেমেন্টের জন্য ছিল, এবং সেটি পরিশোধ হয়ে গেছে।",
        "rate_title": "অনেকবার চেষ্টা করা হয়েছে",
        "rate_text": "এখান থেকে অনেকগুলো পেমেন্ট শুরু করা হয়েছে। এক মিনিট পরে আবার চেষ্টা করুন।",
        "closed_title": "দোকানটি এখন পেমেন্ট নিতে পারছে না",
        "closed_text": "{merchant} এই মুহূর্তে পেমেন্ট নিতে পারছে না। দোকানের সাথে যোগাযোগ করুন।",
        "busy_title": "একটু পরে আবার চেষ্টা করুন",
        "busy_text": "পেমেন্ট কিছুক্ষণের জন্য বন্ধ আছে। কয়েক মিনিট পরে আবার চেষ্টা করুন।",
        "result_title": "{merchant}-কে পেমেন্ট",
        "amount_paid": "টাকার পরিমাণ",
        "payment_ref": "পেমেন্ট রেফারেন্স",
        "open_title": "পেমেন্ট শেষ হয়নি",
        "open_text": "এই পেমেন্টটি এখনো আপনার জন্য অপেক্ষা করছে।",
        "continue": "পেমেন্ট চালিয়ে যান",
        "back_to_link": "আবার শুরু করুন",
    },
}

REFUSALS = {
    # error status -> the page's (title, text) keys for a link that could not be opened
    402: ("closed_title", "closed_text"),
    403: ("closed_title", "closed_text"),
    409: ("closed_title", "closed_text"),
    429: ("rate_title", "rate_text"),
    503: ("busy_title", "busy_text"),
}


def text(lang: str, key: str, **fields: str) -> str:
    """One string of the pay pages in `lang`, with its fields filled in."""
    return TEXT[lang][key].format(**fields)
