"""Words of test mode shared by several pages (the Test badge and banner, the audit entry of
a test payment, the keys page's mode), in English and Bangla (the same keys). The payments
pages' test mode words are in test_mode.py."""

from __future__ import annotations

EN = {
    "test.badge": "Test",
    "test.viewing": "You are looking at test data. Test payments are never money.",
    "audit_test_payment.make": "Made a test payment",
}

BN = {
    "test.badge": "টেস্ট",
    "test.viewing": "আপনি টেস্ট ডেটা দেখছেন। টেস্ট পেমেন্ট কখনো আসল টাকা নয়।",
    "audit_test_payment.make": "টেস্ট পেমেন্ট করেছেন",
}
