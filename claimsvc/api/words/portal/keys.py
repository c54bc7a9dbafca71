"""Words of the portal's API keys page: the keys, making one (shown once) and revoking one."""

from __future__ import annotations

EN = {
    "keys.title": "API keys",
    "keys.new": "Your new API key",
    "keys.new_once": "Copy it now: it is shown this once and never again.",
    "keys.server_only": "Keep it on your server: never in a browser, an app or a repository.",
    "keys.confirm_title": "Revoke this key?",
    "keys.confirm_text": (
        "Requests with the key {prefix}… ({label}) will be refused at once. This cannot be undone."
    ),
    "keys.no_label": "no label",
    "keys.revoke_now": "Revoke the key",
    "keys.cancel": "Keep it",
    "keys.list": "Keys",
    "keys.prefix": "Key",
    "keys.label": "Label",
    "keys.created": "Created",
    "keys.last_used": "Last used",
    "keys.state": "State",
    "keys.active": "active",
    "keys.never": "never",
    "keys.revoked_on": "revoked {date}",
    "keys.revoke": "Revoke",
    "keys.none": "No keys yet.",
    "keys.mint_title": "Make a new key",
    "keys.label_hint": "Where you use it, e.g. shop server (optional, up to 100 characters).",
    "keys.bad_label": "A label is at most 100 characters, without control characters.",
    "keys.mint": "Make key",
    "keys.revoked": "The key is revoked.",
    "keys.mode": "Mode",
    "keys.mode_live": "Live: real payments",
    "keys.mode_test": "Test: test sessions, never money",
    "keys.mode_hint": (
        "A test key (sk_test_…) opens test sessions: marked as tests everywhere, paid only "
        "by test payments, never counted as money."
    ),
    "keys.test_secret_title": "Test keys' webhooks",
    "keys.test_secret_text": (
        "The webhooks of your test keys' sessions are signed with the test callback secret, "
        "never the live one, so a receiver set up for live refuses them. It is shown once per "
        "click, and rotated, on the Webhooks page."
    ),
    "keys.test_secret_show": "Show the test callback secret",
    "keys.test_secret_page": "Rotate it on the Webhooks page",
}

BN = {
    "keys.title": "এপিআই কী",
    "keys.new": "আপনার নতুন এপিআই কী",
    "keys.new_once": "এখনই কপি করুন: এটি শুধু এবারই দেখানো হচ্ছে, আর কখনো নয়।",
    "keys.server_only": "কী শুধু আপনার সার্ভারে রাখুন: ব্রাউজার, অ্যাপ বা রিপোজিটরিতে কখনো নয়।",
    "keys.confirm_title": "এই কী প্রত্যাহার করবেন?",
    "keys.confirm_text": (
        "{prefix}… ({label}) কী দিয়ে আসা অনুরোধ সঙ্গে সঙ্গে প্রত্যাখ্যাত হবে। এটি ফেরানো যায় না।"
    ),
    "keys.no_label": "লেবেল নেই",
    "keys.revoke_now": "কী প্রত্যাহার করুন",
    "keys.cancel": "রেখে দিন",
    "keys.list": "কী-সমূহ",
    "keys.prefix": "কী",
    "keys.label": "লেবেল",
    "keys.created": "তৈরি",
    "keys.last_used": "শেষ ব্যবহার",
    "keys.state": "অবস্থা",
    "keys.active": "সক্রিয়",
    "keys.never": "কখনো না",
    "keys.revoked_on": "{date} প্রত্যাহার করা হয়েছে",
    "keys.revoke": "প্রত্যাহার করুন",
    "keys.none": "এখনো কোনো কী নেই।",
    "keys.mint_title": "নতুন কী বানান",
    "keys.label_hint": "কোথায় ব্যবহার করবেন, যেমন দোকানের সার্ভার (ঐচ্ছিক, ১০০ অক্ষর পর্যন্ত)।",
    "keys.bad_label": "লেবেল সর্বোচ্চ ১০০ অক্ষর, কোনো কন্ট্রোল অক্ষর ছাড়া।",
    "keys.mint": "কী বানান",
    "keys.revoked": "কী প্রত্যাহার করা হয়েছে।",
    "keys.mode": "মোড",
    "keys.mode_live": "লাইভ: আসল পেমেন্ট",
    "keys.mode_test": "টেস্ট: টেস্ট সেশন, কখনো আসল টাকা নয়",
    "keys.mode_hint": (
        "টেস্ট কী (sk_test_…) টেস্ট সেশন খোলে: সব জায়গায় টেস্ট হিসেবে চিহ্নিত, শুধু টেস্ট "
        "পেমেন্টে পরিশোধ হয়, কখনো আসল টাকা হিসেবে গোনা হয় না।"
    ),
    "keys.test_secret_title": "টেস্ট কী-র ওয়েবহুক",
    "keys.test_secret_text": (
        "আপনার টেস্ট কী-র সেশনের ওয়েবহুক টেস্ট কলব্যাক সিক্রেট দিয়ে স্বাক্ষরিত হয়, লাইভটি দিয়ে কখনো "
        "নয়, তাই লাইভের জন্য সাজানো রিসিভার সেগুলো ফিরিয়ে দেয়। ওয়েবহুক পাতায় প্রতি ক্লিকে একবার "
        "দেখানো হয়, সেখানেই বদলানো যায়।"
    ),
    "keys.test_secret_show": "টেস্ট কলব্যাক সিক্রেট দেখান",
    "keys.test_secret_page": "ওয়েবহুক পাতায় বদলান",
}
