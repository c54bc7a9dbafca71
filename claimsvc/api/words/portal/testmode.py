"""Words of test mode in the portal (test data, the Test badge, test payments, test keys), in
English and Bangla (the same keys)."""

from __future__ import annotations

EN = {
    "test.badge": "Test",
    "test.viewing": "You are looking at test data. Test payments are never money.",
    "test.switch": "Which data",
    "test.live_data": "Live data",
    "test.test_data": "Test data",
    "test.pay_title": "Make a test payment",
    "test.sent_title": "Your test payment",
    "test.pay_hint": (
        "As if your phone had forwarded the payment's SMS: it is read and checked like a real "
        "one, and no money moves."
    ),
    "test.outcome": "What happens",
    "test.outcome.paid": "Paid: the exact amount arrives",
    "test.outcome.wrong_amount": "Wrong amount: one taka less arrives",
    "test.outcome.late_sms": "Late SMS: you get a TrxID now, and its SMS arrives when you say",
    "test.outcome.held": "Held: the balance check waits for an SMS that never came",
    "test.provider": "Wallet",
    "test.provider_default": "The shop's first wallet",
    "test.send": "Make test payment",
    "test.sent": "Test payment made: {provider} TrxID {trx_id}, {amount}.",
    "test.sent_read": "The SMS has been read; claim the TrxID on the checkout page.",
    "test.sent_queued": "The SMS is on its way; reload this page in a moment.",
    "test.late": "Type this TrxID on the checkout page first: {trx_id}. Its SMS has not arrived.",
    "test.let_arrive": "Let the SMS arrive now",
    "test.open_checkout": "Open the checkout page (as the buyer)",
    "test.not_open": "Only an open test session takes a test payment.",
    "audit_test_payment.make": "Made a test payment",
}

BN = {
    "test.badge": "টেস্ট",
    "test.viewing": "আপনি টেস্ট ডেটা দেখছেন। টেস্ট পেমেন্ট কখনো আসল টাকা নয়।",
    "test.switch": "কোন ডেটা",
    "test.live_data": "লাইভ ডেটা",
    "test.test_data": "টেস্ট ডেটা",
    "test.pay_title": "টেস্ট পেমেন্ট করুন",
    "test.sent_title": "আপনার টেস্ট পেমেন্ট",
    "test.pay_hint": (
        "যেন আপনার ফোন পেমেন্টের এসএমএস পাঠিয়েছে: আসল এসএমএসের মতোই পড়া ও যাচাই করা হয়, "
        "কোনো টাকা লেনদেন হয় না।"
    ),
    "test.outcome": "কী ঘটবে",
    "test.outcome.paid": "পরিশোধিত: ঠিক সমান টাকা আসে",
    "test.outcome.wrong_amount": "ভুল পরিমাণ: এক টাকা কম আসে",
    "test.outcome.late_sms": "দেরিতে এসএমএস: এখন একটি TrxID পাবেন, আর এসএমএস আসবে আপনি যখন বলবেন",
    "test.outcome.held": "আটকে থাকা: ব্যালান্স যাচাই এমন একটি এসএমএসের অপেক্ষায় যা আসেনি",
    "test.provider": "ওয়ালেট",
    "test.provider_default": "দোকানের প্রথম ওয়ালেট",
    "test.send": "টেস্ট পেমেন্ট করুন",
    "test.sent": "টেস্ট পেমেন্ট হয়েছে: {provider} TrxID {trx_id}, {amount}।",
    "test.sent_read": "এসএমএস পড়া হয়েছে; চেকআউট পেজে TrxID দিন।",
    "test.sent_queued": "এসএমএস আসছে; একটু পরে পেজটি আবার লোড করুন।",
    "test.late": "আগে চেকআউট পেজে এই TrxID লিখুন: {trx_id}। এর এসএমএস এখনো আসেনি।",
    "test.let_arrive": "এখন এসএমএস আসতে দিন",
    "test.open_checkout": "চেকআউট পেজ খুলুন (ক্রেতা হিসেবে)",
    "test.not_open": "শুধু খোলা টেস্ট সেশনেই টেস্ট পেমেন্ট করা যায়।",
    "audit_test_payment.make": "টেস্ট পেমেন্ট করেছেন",
}
