"""Words of the payment-link pages (`/pay/<slug>` and `/pay/result/<id>`, api/pay.py).

The result page's state words (completed, cancelled, ...) are the hosted page's own
(`checkout.py`), so a buyer reads the same sentence for the same state on both.
"""

from __future__ import annotations

EN = {
    "pay.title": "Pay {merchant}",
    "pay.heading": "Pay {merchant}",
    "pay.for_label": "For",
    "pay.reference": "Order reference",
    "pay.pay": "Pay now",
    "pay.pay_hint": "You will choose a wallet (bKash, Nagad, ...) on the next page.",
    "pay.disabled_title": "This link is turned off",
    "pay.disabled_text": "{merchant} has turned this payment link off. Ask the shop for a new one.",
    "pay.expired_title": "This link has expired",
    "pay.expired_text": "This payment link is past its end date. Ask {merchant} for a new one.",
    "pay.used_title": "Already paid",
    "pay.used_text": "This payment link was for one payment, and it has been paid.",
    "pay.rate_title": "Too many tries",
    "pay.rate_text": "Too many payments were started from here. Wait a minute and try again.",
    "pay.closed_title": "The shop cannot take payments now",
    "pay.closed_text": "{merchant} cannot take payments at the moment. Please contact the shop.",
    "pay.busy_title": "Please try again later",
    "pay.busy_text": "Payments are paused for a short while. Please try again in a few minutes.",
    "pay.result_title": "Payment to {merchant}",
    "pay.amount_paid": "Amount",
    "pay.payment_ref": "Payment reference",
    "pay.open_title": "Payment not finished",
    "pay.open_text": "This payment is still waiting for you.",
    "pay.continue": "Continue to payment",
    "pay.back_to_link": "Start again",
}

BN = {
    "pay.title": "{merchant}-কে পেমেন্ট করুন",
    "pay.heading": "{merchant}-কে পেমেন্ট করুন",
    "pay.for_label": "যার জন্য",
    "pay.reference": "অর্ডার রেফারেন্স",
    "pay.pay": "এখন পেমেন্ট করুন",
    "pay.pay_hint": "পরের পাতায় ওয়ালেট (বিকাশ, নগদ, ...) বেছে নেবেন।",
    "pay.disabled_title": "এই লিংকটি বন্ধ",
    "pay.disabled_text": "{merchant} এই পেমেন্ট লিংকটি বন্ধ করেছে। দোকান থেকে নতুন লিংক নিন।",
    "pay.expired_title": "এই লিংকের মেয়াদ শেষ",
    "pay.expired_text": "এই পেমেন্ট লিংকের মেয়াদ শেষ হয়ে গেছে। {merchant}-এর কাছ থেকে নতুন লিংক নিন।",
    "pay.used_title": "পেমেন্ট আগেই হয়ে গেছে",
    "pay.used_text": "এই লিংকটি একটি পেমেন্টের জন্য ছিল, এবং সেটি পরিশোধ হয়ে গেছে।",
    "pay.rate_title": "অনেকবার চেষ্টা করা হয়েছে",
    "pay.rate_text": "এখান থেকে অনেকগুলো পেমেন্ট শুরু করা হয়েছে। এক মিনিট পরে আবার চেষ্টা করুন।",
    "pay.closed_title": "দোকানটি এখন পেমেন্ট নিতে পারছে না",
    "pay.closed_text": "{merchant} এই মুহূর্তে পেমেন্ট নিতে পারছে না। দোকানের সাথে যোগাযোগ করুন।",
    "pay.busy_title": "একটু পরে আবার চেষ্টা করুন",
    "pay.busy_text": "পেমেন্ট কিছুক্ষণের জন্য বন্ধ আছে। কয়েক মিনিট পরে আবার চেষ্টা করুন।",
    "pay.result_title": "{merchant}-কে পেমেন্ট",
    "pay.amount_paid": "টাকার পরিমাণ",
    "pay.payment_ref": "পেমেন্ট রেফারেন্স",
    "pay.open_title": "পেমেন্ট শেষ হয়নি",
    "pay.open_text": "এই পেমেন্টটি এখনো আপনার জন্য অপেক্ষা করছে।",
    "pay.continue": "পেমেন্ট চালিয়ে যান",
    "pay.back_to_link": "আবার শুরু করুন",
}
