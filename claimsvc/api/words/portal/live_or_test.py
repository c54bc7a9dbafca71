"""Words of test mode on the payments pages: the switch between live and test data (also on
the transactions page), and a test session's card that makes a test payment, with the note of
the one just made (EN and BN, the same keys)."""

from __future__ import annotations

EN = {
    "test_mode.switch": "Which data",
    "test_mode.live_data": "Live data",
    "test_mode.test_data": "Test data",
    "test_mode.pay_title": "Make a test payment",
    "test_mode.pay_hint": (
        "As if your phone had forwarded the payment's SMS: it is read and checked like a real "
        "one, and no money moves."
    ),
    "test_mode.open_checkout": "Open the checkout page (as the buyer)",
    "test_mode.outcome": "What happens",
    "test_mode.outcome_paid": "Paid: the exact amount arrives",
    "test_mode.outcome_wrong_amount": "Wrong amount: one taka less arrives",
    "test_mode.outcome_late_sms": (
        "Late SMS: you get a TrxID now, and its SMS arrives when you say"
    ),
    "test_mode.outcome_held": "Held: the balance check waits for an SMS that never came",
    "test_mode.provider": "Wallet",
    "test_mode.provider_default": "The shop's first wallet",
    "test_mode.send": "Make test payment",
    "test_mode.bad_outcome": "Choose what happens.",
    "test_mode.bad_provider": "Choose one of the wallets.",
    "test_mode.bad_trx_id": "A TrxID is 6 to 20 letters A-Z and digits.",
    "test_mode.not_open": "Only an open test session takes a test payment.",
    "test_mode.trx_id_live": (
        "A live payment of this account has this TrxID: leave it empty or type another."
    ),
    "test_mode.sent_title": "Your test payment",
    "test_mode.sent": "Test payment made: {provider} TrxID {trx_id}, {amount}.",
    "test_mode.sent_read": "The SMS has been read; claim the TrxID on the checkout page.",
    "test_mode.sent_queued": "The SMS is on its way; reload this page in a moment.",
    "test_mode.late": (
        "Type this TrxID on the checkout page first: {trx_id}. Its SMS has not arrived."
    ),
    "test_mode.let_arrive": "Let the SMS arrive now",
    "test.badge": "Test",
    "test.viewing": "You are looking at test data. Test payments are never money.",
}

BN = {
    "test_mode.switch": "কোন ডেটা",
    "test_mode.live_data": "লাইভ ডেটা",
    "test_mode.test_data": "টেস্ট ডেটা",
    "test_mode.pay_title": "টেস্ট পেমেন্ট করুন",
    "test_mode.pay_hint": (
        "যেন আপনার ফোন পেমেন্টের এসএমএস পাঠিয়েছে: আসল এসএমএসের মতোই পড়া ও যাচাই করা হয়, "
        "কোনো টাকা লেনদেন হয় না।"
    ),
    "test_mode.open_checkout": "চেকআউট পেজ খুলুন (ক্রেতা হিসেবে)",
    "test_mode.outcome": "কী ঘটবে",
    "test_mode.outcome_paid": "পরিশোধিত: ঠিক সমান টাকা আসে",
    "test_mode.outcome_wrong_amount": "ভুল পরিমাণ: এক টাকা কম আসে",
    "test_mode.outcome_late_sms": (
        "দেরিতে এসএমএস: এখন একটি TrxID পাবেন, আর এসএমএস আসবে আপনি যখন বলবেন"
    ),
    "test_mode.outcome_held": "আটকে থাকা: ব্যালান্স যাচাই এমন একটি এসএমএসের অপেক্ষায় যা আসেনি",
    "test_mode.provider": "ওয়ালেট",
    "test_mode.provider_default": "দোকানের প্রথম ওয়ালেট",
    "test_mode.send": "টেস্ট পেমেন্ট করুন",
    "test_mode.bad_outcome": "কী ঘটবে তা বেছে নিন।",
    "test_mode.bad_provider": "ওয়ালেটগুলোর একটি বেছে নিন।",
    "test_mode.bad_trx_id": "TrxID হলো ৬ থেকে ২০টি A-Z অক্ষর ও অঙ্ক।",
    "test_mode.not_open": "শুধু খোলা টেস্ট সেশনেই টেস্ট পেমেন্ট করা যায়।",
    "test_mode.trx_id_live": (
        "এই অ্যাকাউন্টের একটি লাইভ পেমেন্টের এই TrxID আছে: ঘরটি ফাঁকা রাখুন বা অন্যটি লিখুন।"
    ),
    "test_mode.sent_title": "আপনার টেস্ট পেমেন্ট",
    "test_mode.sent": "টেস্ট পেমেন্ট হয়েছে: {provider} TrxID {trx_id}, {amount}।",
    "test_mode.sent_read": "এসএমএস পড়া হয়েছে; চেকআউট পেজে TrxID দিন।",
    "test_mode.sent_queued": "এসএমএস আসছে; একটু পরে পেজটি আবার লোড করুন।",
    "test_mode.late": "আগে চেকআউট পেজে এই TrxID লিখুন: {trx_id}। এর এসএমএস এখনো আসেনি।",
    "test_mode.let_arrive": "এখন এসএমএস আসতে দিন",
    "test.badge": "টেস্ট",
    "test.viewing": "আপনি টেস্ট ডেটা দেখছেন। টেস্ট পেমেন্ট কখনো আসল টাকা নয়।",
}
