"""Words of the local webhook inspector's page (`claimsvc dev`, claimsvc/inspector/app.py), for
the developer who reads what the stack sent."""

from __future__ import annotations

from claimsvc.api.words import Plural

EN = {
    "inspector.title": "Webhook inspector",
    "inspector.language": "Language",
    "inspector.intro": (
        "The local stack's webhooks arrive here. This receiver answers 200 when the "
        "x-svc-signature verifies with the account's callback secret of the event's mode (a "
        "test session's event with the test callback secret), and 401 when it does not, as "
        "your own receiver should."
    ),
    "inspector.latest": Plural(
        "Showing the latest {n} request; nothing is kept after the stack stops.",
        "Showing the latest {n} requests; nothing is kept after the stack stops.",
    ),
    "inspector.reload": "Reload to see new requests",
    "inspector.none": (
        "No request yet. Open a session with the banner's curl and pay it; its webhook "
        "appears here."
    ),
    "inspector.request": "Request {n}",
    "inspector.received_at": "Received",
    "inspector.path": "Path",
    "inspector.signature": "Signature",
    "inspector.mode": "Mode",
    "inspector.mode_live": "Live: signed with the live callback secret.",
    "inspector.mode_test": "Test: signed with the test callback secret; no money moved.",
    "inspector.answered": "Answered",
    "inspector.headers": "Headers",
    "inspector.body": "Body",
    "inspector.body_cut": "Cut to its first characters.",
    "inspector.empty": "(empty)",
    "inspector.verdict_current": (
        "Verified with the account's current callback secret of this mode."
    ),
    "inspector.verdict_previous": (
        "Verified with the account's previous callback secret of this mode (a rotation's grace "
        "period is running)."
    ),
    "inspector.verdict_mismatch": (
        "Does not verify with the account's callback secret of this mode."
    ),
    "inspector.verdict_unsigned": "No x-svc-signature header.",
    "inspector.verdict_unknown_event": (
        "No webhook event of the stack has this x-svc-event-id; cannot check."
    ),
}

# Bangla writes one form for every count.
LATEST_BN = "সর্বশেষ {n}টি অনুরোধ দেখানো হচ্ছে; স্ট্যাক বন্ধ হলে কিছুই রাখা হয় না।"

BN = {
    "inspector.title": "ওয়েবহুক পরিদর্শক",
    "inspector.language": "ভাষা",
    "inspector.intro": (
        "লোকাল স্ট্যাকের ওয়েবহুক এখানে আসে। x-svc-signature ইভেন্টের মোডের কলব্যাক সিক্রেট দিয়ে "
        "(টেস্ট সেশনের ইভেন্ট টেস্ট কলব্যাক সিক্রেট দিয়ে) মিললে এই রিসিভার 200 দেয়, না মিললে 401, "
        "যেমনটা আপনার নিজের রিসিভারের দেওয়া উচিত।"
    ),
    "inspector.latest": Plural(LATEST_BN, LATEST_BN),
    "inspector.reload": "নতুন অনুরোধ দেখতে আবার লোড করুন",
    "inspector.none": (
        "এখনো কোনো অনুরোধ আসেনি। ব্যানারের curl দিয়ে একটি সেশন খুলে পেমেন্ট করুন; তার ওয়েবহুক এখানে দেখা যাবে।"
    ),
    "inspector.request": "অনুরোধ {n}",
    "inspector.received_at": "এসেছে",
    "inspector.path": "পাথ",
    "inspector.signature": "স্বাক্ষর",
    "inspector.mode": "মোড",
    "inspector.mode_live": "লাইভ: লাইভ কলব্যাক সিক্রেট দিয়ে স্বাক্ষরিত।",
    "inspector.mode_test": "টেস্ট: টেস্ট কলব্যাক সিক্রেট দিয়ে স্বাক্ষরিত; কোনো টাকা লেনদেন হয়নি।",
    "inspector.answered": "উত্তর",
    "inspector.headers": "হেডার",
    "inspector.body": "বডি",
    "inspector.body_cut": "প্রথম অংশটুকু দেখানো হলো।",
    "inspector.empty": "(খালি)",
    "inspector.verdict_current": "এই মোডের বর্তমান কলব্যাক সিক্রেট দিয়ে মিলেছে।",
    "inspector.verdict_previous": (
        "এই মোডের আগের কলব্যাক সিক্রেট দিয়ে মিলেছে (সিক্রেট বদলের সময়সীমা চলছে)।"
    ),
    "inspector.verdict_mismatch": "এই মোডের কলব্যাক সিক্রেট দিয়ে মেলেনি।",
    "inspector.verdict_unsigned": "x-svc-signature হেডার নেই।",
    "inspector.verdict_unknown_event": (
        "এই x-svc-event-id-এর কোনো ওয়েবহুক ইভেন্ট স্ট্যাকে নেই; যাচাই করা যায়নি।"
    ),
}
