"""Words of the portal's CSV export page (`/portal/export`): the form and its problems, shown
beside the fields (EN and BN, the same keys). The file's column names stay English
(domain/export.py)."""

from __future__ import annotations

EN = {
    "export.title": "Export",
    "export.intro": (
        "Download payments or wallet transactions as a CSV file (for a spreadsheet), with "
        "totals at the end. Days are Dhaka days."
    ),
    "export.what": "What",
    "export.kind_payments": "Payments (checkouts created in the range)",
    "export.kind_transactions": "Wallet transactions (received in the range)",
    "export.from": "From (Dhaka date)",
    "export.to": "To (Dhaka date, included)",
    "export.download": "Download CSV",
    "export.columns": (
        "Column names are in English so that spreadsheets and scripts read them the same in "
        "both languages. Amounts are in taka with two decimals."
    ),
    "export.bad_kind": "Choose payments or wallet transactions.",
    "export.bad_date": "Choose a date.",
    "export.last_before_first": "Choose a day on or after the first day.",
    "export.too_long": "Choose at most 366 days: a year at most in one file.",
    "export.test_hint": (
        "Test data: the file holds your test payments or test transactions only, never money. "
        "Its name ends in -test.csv and its last row says mode,test."
    ),
}

BN = {
    "export.title": "এক্সপোর্ট",
    "export.intro": (
        "পেমেন্ট বা ওয়ালেটের লেনদেন CSV ফাইল হিসেবে (স্প্রেডশিটের জন্য) ডাউনলোড করুন, শেষে মোট হিসাবসহ। "
        "দিনগুলো ঢাকার সময় অনুযায়ী।"
    ),
    "export.what": "কী",
    "export.kind_payments": "পেমেন্ট (এই সময়ে তৈরি চেকআউট)",
    "export.kind_transactions": "ওয়ালেটের লেনদেন (এই সময়ে আসা)",
    "export.from": "শুরু (ঢাকার তারিখ)",
    "export.to": "শেষ (ঢাকার তারিখ, এই দিনসহ)",
    "export.download": "CSV ডাউনলোড করুন",
    "export.columns": (
        "কলামের নাম ইংরেজিতে, যাতে স্প্রেডশিট ও স্ক্রিপ্ট দুই ভাষাতেই একইভাবে পড়তে পারে। "
        "পরিমাণ টাকায়, দুই দশমিক ঘর পর্যন্ত।"
    ),
    "export.bad_kind": "পেমেন্ট অথবা ওয়ালেটের লেনদেন বেছে নিন।",
    "export.bad_date": "একটি তারিখ বেছে নিন।",
    "export.last_before_first": "প্রথম দিনের দিন বা তার পরের একটি দিন বেছে নিন।",
    "export.too_long": "সর্বোচ্চ ৩৬৬ দিন বেছে নিন: এক ফাইলে বড়জোর এক বছর।",
    "export.test_hint": (
        "টেস্ট ডেটা: ফাইলে শুধু আপনার টেস্ট পেমেন্ট বা টেস্ট লেনদেন থাকবে, কখনো আসল টাকা নয়। "
        "ফাইলের নাম -test.csv দিয়ে শেষ হয় এবং শেষ সারিতে লেখা থাকে mode,test।"
    ),
}
