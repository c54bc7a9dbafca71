"""Words of the hosted checkout page (`/checkout/<id>`, api/page.py): its summary, the claim
form, each state's title and text, the words its script shows, and the not-found and error
pages that every buyer page shares. The wallet list's how-to lines are `wallets.py`'s."""

from __future__ import annotations

from claimsvc import errors
from claimsvc.api.words import Plural

EN = {
    "checkout.title": "Pay {merchant}",
    "checkout.heading": "Pay {merchant}",
    "checkout.amount_label": "Amount to pay",
    "checkout.amount_paid_label": "Amount paid",
    "checkout.amount_order_label": "Order amount",
    "checkout.order_line": "Order {order}",
    "checkout.order_amount_line": (
        "The order was {amount} taka; the shop accepted this amount for it."
    ),
    "checkout.amount_told": (
        "The amount paid with this TrxID is different from this order's amount. {merchant} "
        "has been told and will decide: accept it for the order, or return it to you. "
        "You do not need to pay again now; keep this page open or contact the shop."
    ),
    "checkout.amount_told_ended": (
        "The amount paid with this TrxID was different from this order's amount. {merchant} "
        "has been told; contact the shop to have it returned."
    ),
    "checkout.amount_refund": (
        "The amount paid with this TrxID was different from this order's amount. {merchant} "
        "will return it to you by hand; contact the shop about it."
    ),
    "checkout.test_title": "Test checkout",
    "checkout.test_text": "The shop is testing its checkout. No real money is paid here.",
    "checkout.taka": "taka",
    "checkout.no_wallets": "This shop has not added a wallet yet; please contact the shop.",
    "checkout.time_left": "Time left",
    "checkout.pay_before": "Pay before {time} (Bangladesh time).",
    "checkout.language": "Language",
    "checkout.step_pay": "1. Send the money to one of these wallets",
    "checkout.step_claim": "2. Enter the TrxID from your payment SMS",
    "checkout.number_label": "Number",
    "checkout.copy": "Copy",
    "checkout.copied": "Number copied.",
    "checkout.copy_failed": "Could not copy; please select the number and copy it.",
    "checkout.provider_legend": "Wallet you paid with",
    "checkout.trx_label": "Transaction ID (TrxID)",
    "checkout.trx_hint": "6 to 20 letters and digits, e.g. 8N7A6D5EE7M. Find it in the SMS.",
    "checkout.submit": "Confirm payment",
    "checkout.checking": "Checking your payment…",
    "checkout.cancel": "Cancel payment",
    "checkout.cancel_question": "Cancel this payment and return to the shop?",
    "checkout.cancel_yes": "Yes, cancel",
    "checkout.cancel_no": "No, go back",
    "checkout.cancelling": "Cancelling…",
    "checkout.noscript": "Turn on JavaScript to confirm your payment on this page.",
    "checkout.invalid_trx": "A TrxID is 6 to 20 letters and digits; copy it from the payment SMS.",
    "checkout.choose_provider": "Choose the wallet you paid with.",
    "checkout.network": "Could not reach the server. Check your connection and try again.",
    "checkout.success": "Payment confirmed. Taking you back to the shop…",
    "checkout.return": "Return to the shop",
    "checkout.pending_title": "Payment found",
    "checkout.pending_text": "Payment found; the merchant is confirming it.",
    "checkout.pending_more": "This page moves on by itself when it is confirmed. Keep it open.",
    "checkout.waiting": Plural(
        "We have not received this payment's SMS yet; we'll keep checking for up to "
        "{n} minute. Keep this page open.",
        "We have not received this payment's SMS yet; we'll keep checking for up to "
        "{n} minutes. Keep this page open.",
    ),
    "checkout.not_arrived": (
        "We still have not received an SMS with this TrxID, so nothing was checked and no "
        "attempt was counted. Check the TrxID in your payment SMS and press Confirm payment "
        "again. If it is right, the shop's SMS may be late: try again in a few minutes, or "
        "contact {merchant}."
    ),
    "checkout.other_wallet": (
        "This TrxID is a {wallet} payment. Choose {wallet} as the wallet you paid with and "
        "press Confirm payment again."
    ),
    "checkout.completed_title": "Payment received",
    "checkout.completed_text": "Thank you. {merchant} has received your payment.",
    "checkout.expired_title": "Session expired",
    "checkout.expired_text": (
        "This checkout session has expired. Return to the shop to start again."
    ),
    "checkout.cancelled_title": "Payment cancelled",
    "checkout.cancelled_text": "This payment was cancelled. No money was taken by this page.",
    "checkout.failed_title": "Payment locked",
    "checkout.failed_text": "Too many failed attempts on this session; contact the merchant.",
    "checkout.not_found_title": "Checkout not found",
    "checkout.not_found_text": (
        "This payment link is not valid. Check the link or ask the shop for a new one."
    ),
    "checkout.error_title": "Something went wrong",
    "checkout.error_text": "This page could not be shown. Please try again in a moment.",
    # A claim's outcome in English is the API's own message (contract.md fixes it), so the
    # page and a merchant's integration say the same.
    "checkout.outcome_verification_failed": errors.VerificationFailed.message,
    "checkout.outcome_session_expired": errors.SessionExpired.message,
    "checkout.outcome_session_unavailable": errors.SessionUnavailable.message,
    "checkout.outcome_already_completed": errors.AlreadyCompleted.message,
    "checkout.outcome_not_found": errors.SessionNotFound.message,
    "checkout.outcome_vendor_inactive": errors.VendorInactive.message,
    "checkout.outcome_rate_limited": errors.BuyerRateLimited.message,
}

# Bangla writes one form for every count.
WAITING_BN = "এই পেমেন্টের এসএমএস আমরা এখনো পাইনি; {n} মিনিট পর্যন্ত আমরা দেখতে থাকব। পাতাটি খোলা রাখুন।"

BN = {
    "checkout.title": "{merchant}-কে পেমেন্ট",
    "checkout.heading": "{merchant}-কে পেমেন্ট করুন",
    "checkout.amount_label": "যত টাকা দিতে হবে",
    "checkout.amount_paid_label": "পরিশোধিত টাকা",
    "checkout.amount_order_label": "অর্ডারের টাকা",
    "checkout.order_line": "অর্ডার {order}",
    "checkout.order_amount_line": "অর্ডারটি ছিল {amount} টাকার; দোকান এর জন্য এই পরিমাণ গ্রহণ করেছে।",
    "checkout.amount_told": (
        "এই TrxID দিয়ে পাঠানো টাকার পরিমাণ এই অর্ডারের পরিমাণ থেকে আলাদা। {merchant}-কে জানানো "
        "হয়েছে, তাঁরা ঠিক করবেন: অর্ডারের জন্য গ্রহণ করবেন, নাকি আপনাকে ফেরত দেবেন। এখন আবার "
        "টাকা পাঠানোর দরকার নেই; পাতাটি খোলা রাখুন অথবা দোকানের সাথে যোগাযোগ করুন।"
    ),
    "checkout.amount_told_ended": (
        "এই TrxID দিয়ে পাঠানো টাকার পরিমাণ এই অর্ডারের পরিমাণ থেকে আলাদা ছিল। {merchant}-কে "
        "জানানো হয়েছে; টাকা ফেরত পেতে দোকানের সাথে যোগাযোগ করুন।"
    ),
    "checkout.amount_refund": (
        "এই TrxID দিয়ে পাঠানো টাকার পরিমাণ এই অর্ডারের পরিমাণ থেকে আলাদা ছিল। {merchant} "
        "টাকাটি আপনাকে হাতে ফেরত দেবেন; এ বিষয়ে দোকানের সাথে যোগাযোগ করুন।"
    ),
    "checkout.test_title": "টেস্ট চেকআউট",
    "checkout.test_text": "দোকানটি তাদের চেকআউট পরীক্ষা করছে। এখানে আসল টাকা দেওয়া হয় না।",
    "checkout.taka": "টাকা",
    "checkout.no_wallets": "এই দোকান এখনো কোনো ওয়ালেট যোগ করেনি; দোকানের সাথে যোগাযোগ করুন।",
    "checkout.time_left": "বাকি সময়",
    "checkout.pay_before": "{time}-এর আগে পেমেন্ট করুন (বাংলাদেশ সময়)।",
    "checkout.language": "ভাষা",
    "checkout.step_pay": "১. এই ওয়ালেটগুলোর যেকোনো একটিতে টাকা পাঠান",
    "checkout.step_claim": "২. পেমেন্টের এসএমএস থেকে TrxID লিখুন",
    "checkout.number_label": "নম্বর",
    "checkout.copy": "কপি",
    "checkout.copied": "নম্বর কপি হয়েছে।",
    "checkout.copy_failed": "কপি করা যায়নি; নম্বরটি সিলেক্ট করে কপি করুন।",
    "checkout.provider_legend": "যে ওয়ালেট থেকে পেমেন্ট করেছেন",
    "checkout.trx_label": "ট্রানজেকশন আইডি (TrxID)",
    "checkout.trx_hint": "৬ থেকে ২০টি ইংরেজি অক্ষর ও সংখ্যা, যেমন 8N7A6D5EE7M। এসএমএস-এ পাবেন।",
    "checkout.submit": "পেমেন্ট নিশ্চিত করুন",
    "checkout.checking": "আপনার পেমেন্ট যাচাই করা হচ্ছে…",
    "checkout.cancel": "পেমেন্ট বাতিল করুন",
    "checkout.cancel_question": "এই পেমেন্ট বাতিল করে দোকানে ফিরে যাবেন?",
    "checkout.cancel_yes": "হ্যাঁ, বাতিল করুন",
    "checkout.cancel_no": "না, ফিরে যান",
    "checkout.cancelling": "বাতিল করা হচ্ছে…",
    "checkout.noscript": "এই পাতায় পেমেন্ট নিশ্চিত করতে জাভাস্ক্রিপ্ট চালু করুন।",
    "checkout.invalid_trx": "TrxID-তে ৬ থেকে ২০টি ইংরেজি অক্ষর ও সংখ্যা থাকে; এসএমএস থেকে দেখে লিখুন।",
    "checkout.choose_provider": "কোন ওয়ালেট থেকে পেমেন্ট করেছেন তা বেছে নিন।",
    "checkout.network": "সার্ভারে পৌঁছানো যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।",
    "checkout.success": "পেমেন্ট নিশ্চিত হয়েছে। আপনাকে দোকানে ফিরিয়ে নেওয়া হচ্ছে…",
    "checkout.return": "দোকানে ফিরে যান",
    "checkout.pending_title": "পেমেন্ট পাওয়া গেছে",
    "checkout.pending_text": "পেমেন্ট পাওয়া গেছে; মার্চেন্ট এটি যাচাই করছেন।",
    "checkout.pending_more": "নিশ্চিত হলে এই পাতা নিজে থেকেই এগিয়ে যাবে। পাতাটি খোলা রাখুন।",
    "checkout.waiting": Plural(WAITING_BN, WAITING_BN),
    "checkout.not_arrived": (
        "এই TrxID-এর কোনো এসএমএস আমরা এখনো পাইনি, তাই কিছু যাচাই হয়নি এবং কোনো চেষ্টা গোনা "
        "হয়নি। পেমেন্টের এসএমএস থেকে TrxID মিলিয়ে দেখে আবার পেমেন্ট নিশ্চিত করুন চাপুন। TrxID "
        "ঠিক থাকলে দোকানের এসএমএস দেরিতে আসতে পারে: কয়েক মিনিট পরে আবার চেষ্টা করুন, অথবা "
        "{merchant}-এর সাথে যোগাযোগ করুন।"
    ),
    "checkout.other_wallet": (
        "এই TrxID একটি {wallet} পেমেন্টের। যে ওয়ালেট থেকে পেমেন্ট করেছেন সেখানে {wallet} বেছে "
        "নিয়ে আবার পেমেন্ট নিশ্চিত করুন চাপুন।"
    ),
    "checkout.completed_title": "পেমেন্ট সম্পন্ন হয়েছে",
    "checkout.completed_text": "ধন্যবাদ। {merchant} আপনার পেমেন্ট পেয়েছে।",
    "checkout.expired_title": "মেয়াদ শেষ",
    "checkout.expired_text": "এই চেকআউট সেশনের মেয়াদ শেষ হয়ে গেছে। আবার শুরু করতে দোকানে ফিরে যান।",
    "checkout.cancelled_title": "পেমেন্ট বাতিল হয়েছে",
    "checkout.cancelled_text": "এই পেমেন্ট বাতিল করা হয়েছে। এই পাতা থেকে কোনো টাকা কাটা হয়নি।",
    "checkout.failed_title": "পেমেন্ট বন্ধ",
    "checkout.failed_text": "এই সেশনে অনেকবার ভুল চেষ্টা হয়েছে; মার্চেন্টের সাথে যোগাযোগ করুন।",
    "checkout.not_found_title": "চেকআউট পাওয়া যায়নি",
    "checkout.not_found_text": (
        "এই পেমেন্ট লিংকটি সঠিক নয়। লিংকটি দেখে নিন অথবা দোকান থেকে নতুন লিংক নিন।"
    ),
    "checkout.error_title": "কিছু একটা ভুল হয়েছে",
    "checkout.error_text": "পাতাটি দেখানো যায়নি। একটু পরে আবার চেষ্টা করুন।",
    "checkout.outcome_verification_failed": (
        "লেনদেন যাচাই করা যায়নি; TrxID ও টাকার পরিমাণ হুবহু মিলতে হবে।"
    ),
    "checkout.outcome_session_expired": "এই চেকআউট সেশনের মেয়াদ শেষ হয়ে গেছে।",
    "checkout.outcome_session_unavailable": "এই চেকআউট সেশনটি আর পাওয়া যাচ্ছে না।",
    "checkout.outcome_already_completed": "এই সেশনটি অন্য একটি লেনদেন দিয়ে আগেই সম্পন্ন হয়েছে।",
    "checkout.outcome_not_found": "চেকআউট সেশনটি সঠিক নয়।",
    "checkout.outcome_vendor_inactive": "এই বিক্রেতার অ্যাকাউন্ট এখন সক্রিয় নয়।",
    "checkout.outcome_rate_limited": "অনেকবার চেষ্টা করা হয়েছে; এক মিনিট পরে আবার চেষ্টা করুন।",
}
