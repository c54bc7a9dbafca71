"""The inspector page's words in English and Bangla (same keys; a parity test holds them)."""

from __future__ import annotations

EN = {
    "title": "Webhook inspector",
    "language": "Language",
    "intro": (
        "The local stack's webhooks arrive here. This receiver answers 200 when the "
        "x-svc-signature verifies with the account's callback secret, and 401 when it does not, "
        "as your own receiver should."
    ),
    "latest": "Showing the latest {n} requests; nothing is kept after the stack stops.",
    "reload": "Reload to see new requests",
    "none": (
        "No request yet. Open a session with the banner's curl and pay it; its webhook "
        "appears here."
    ),
    "request": "Request {n}",
    "received_at": "Received",
    "path": "Path",
    "signature": "Signature",
    "answered": "Answered",
    "headers": "Headers",
    "body": "Body",
    "body_cut": "Cut to its first characters.",
    "empty": "(empty)",
    "v_current": "Verified with the account's current callback secret.",
    "v_previous": (
        "Verified with the account's previous callback secret (a rotation's grace period is "
        "running)."
    ),
    "v_mismatch": "Does not verify with the account's callback secret.",
    "v_unsigned": "No x-svc-signature header.",
    "v_unknown_event": "No webhook event of the stack has this x-svc-event-id; cannot check.",
}

BN = {
    "title": "ওয়েবহুক পরিদর্শক",
    "language": "ভাষা",
    "intro": (
        "লোকাল স্ট্যাকের ওয়েবহুক এখানে আসে। x-svc-signature অ্যাকাউন্টের কলব্যাক সিক্রেট দিয়ে "
        "মিললে এই রিসিভার 200 দেয়, না মিললে 401, যেমনটা আপনার নিজের রিসিভারের দেওয়া উচিত।"
    ),
    "latest": "সর্বশেষ {n}টি অনুরোধ দেখানো হচ্ছে; স্ট্যাক বন্ধ হলে কিছুই রাখা হয় না।",
    "reload": "নতুন অনুরোধ দেখতে আবার লোড করুন",
    "none": (
        "এখনো কোনো অনুরোধ আসেনি। ব্যানারের curl দিয়ে একটি সেশন খুলে পেমেন্ট করুন; তার ওয়েবহুক এখানে দেখা যাবে।"
    ),
    "request": "অনুরোধ {n}",
    "received_at": "এসেছে",
    "path": "পাথ",
    "signature": "স্বাক্ষর",
    "answered": "উত্তর",
    "headers": "হেডার",
    "body": "বডি",
    "body_cut": "প্রথম অংশটুকু দেখানো হলো।",
    "empty": "(খালি)",
    "v_current": "অ্যাকাউন্টের বর্তমান কলব্যাক সিক্রেট দিয়ে মিলেছে।",
    "v_previous": "অ্যাকাউন্টের আগের কলব্যাক সিক্রেট দিয়ে মিলেছে (সিক্রেট বদলের সময়সীমা চলছে)।",
    "v_mismatch": "অ্যাকাউন্টের কলব্যাক সিক্রেট দিয়ে মেলেনি।",
    "v_unsigned": "x-svc-signature হেডার নেই।",
    "v_unknown_event": "এই x-svc-event-id-এর কোনো ওয়েবহুক ইভেন্ট স্ট্যাকে নেই; যাচাই করা যায়নি।",
}

WORDS = {"en": EN, "bn": BN}
