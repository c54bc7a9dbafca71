"""Words of the pages a person lands on without a link to a page of ours: the site root and
any address that leads nowhere (claimsvc/api/home.py)."""

from __future__ import annotations

EN = {
    "home.title": "claimsvc: wallet payments for shops",
    "home.heading": "This is a payment service for shops",
    "home.text": (
        "Buyers reach their payment page from the shop's checkout, not from here. Shop owners "
        "and their team manage payments, keys and alerts in the merchant portal."
    ),
    "home.portal": "Sign in to the merchant portal",
    "home.api": "API reference (OpenAPI)",
    "home.missing_title": "Page not found",
    "home.missing_text": (
        "Nothing is at this address. If you followed or pasted a link, it may be cut short "
        "(a terminal or an email sometimes breaks long links): copy the whole link and try "
        "again. A set-password or invite link works once, for a limited time."
    ),
    "home.home": "Home",
}

BN = {
    "home.title": "claimsvc: দোকানের জন্য ওয়ালেট পেমেন্ট",
    "home.heading": "এটি একটি দোকানের পেমেন্ট সার্ভিস",
    "home.text": (
        "ক্রেতারা দোকানের চেকআউট থেকে তাদের পেমেন্ট পেজে পৌঁছান, এখান থেকে নয়। দোকানের মালিক ও "
        "তাদের টিম মার্চেন্ট পোর্টালে পেমেন্ট, কি ও অ্যালার্ট পরিচালনা করেন।"
    ),
    "home.portal": "মার্চেন্ট পোর্টালে সাইন ইন করুন",
    "home.api": "API রেফারেন্স (OpenAPI)",
    "home.missing_title": "পেজ পাওয়া যায়নি",
    "home.missing_text": (
        "এই ঠিকানায় কিছু নেই। কোনো লিংক খুলে বা পেস্ট করে এসে থাকলে, সেটি হয়তো কেটে গেছে "
        "(টার্মিনাল বা ইমেইল কখনো লম্বা লিংক ভেঙে দেয়): পুরো লিংকটি কপি করে আবার চেষ্টা করুন। "
        "পাসওয়ার্ড সেট বা আমন্ত্রণের লিংক একবারই, নির্দিষ্ট সময়ের জন্য কাজ করে।"
    ),
    "home.home": "হোম",
}
