"""Words of test mode shared by several pages (the Test badge and banner, the audit entry of
a test payment, the keys page's mode), in English and Bangla (the same keys). The payments
pages' test mode words are in test_mode.py."""

from __future__ import annotations

EN = {
    "test.badge": "Test",
    "test.viewing": "You are looking at test data. Test payments are never money.",
    "audit_test_payment.make": "Made a test payment",
    "keys_mode": "Mode",
    "keys_mode_live": "Live: real payments",
    "keys_mode_test": "Test: test sessions, never money",
    "keys_mode_hint": (
        "A test key (sk_test_…) opens test sessions: marked as tests everywhere, paid only "
        "by test payments, never counted as money."
    ),
}

BN = {
    "test.badge": "টেস্ট",
    "test.viewing": "আপনি টেস্ট ডেটা দেখছেন। টেস্ট পেমেন্ট কখনো আসল টাকা নয়।",
    "audit_test_payment.make": "টেস্ট পেমেন্ট করেছেন",
    "keys_mode": "মোড",
    "keys_mode_live": "লাইভ: আসল পেমেন্ট",
    "keys_mode_test": "টেস্ট: টেস্ট সেশন, কখনো আসল টাকা নয়",
    "keys_mode_hint": (
        "টেস্ট কী (sk_test_…) টেস্ট সেশন খোলে: সব জায়গায় টেস্ট হিসেবে চিহ্নিত, শুধু টেস্ট "
        "পেমেন্টে পরিশোধ হয়, কখনো আসল টাকা হিসেবে গোনা হয় না।"
    ),
}
