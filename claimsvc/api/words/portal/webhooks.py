# ruff: noqa: RUF001  (Bengali digits are the Bangla words, not look-alikes of Latin ones)
"""Words of the portal's Webhooks page: the event log and its filters, the test event, the callback
secret and the allowed hosts."""

from __future__ import annotations

EN = {
    "webhooks.title": "Webhooks",
    "webhooks.events": "Events",
    "webhooks.filter_status": "Status",
    "webhooks.filter_session": "Session id",
    "webhooks.filter_any": "Any",
    "webhooks.filter_show": "Show",
    "webhooks.bad_filter": "That filter is not one we can show; showing every event instead.",
    "webhooks.col_event": "Event",
    "webhooks.col_order": "Order",
    "webhooks.col_status": "Status",
    "webhooks.col_attempts": "Attempts",
    "webhooks.col_last_code": "Last status code",
    "webhooks.col_last_error": "Last error",
    "webhooks.col_created": "Created",
    "webhooks.test_badge": "test",
    "webhooks.none": "No events yet.",
    "webhooks.test_title": "Send a test event",
    "webhooks.test_text": (
        "One signed request with status TEST and amount 0, and the header x-svc-test: true. "
        "It is never a payment and is tried once."
    ),
    "webhooks.test_url": "Your webhook address (https, an allowed host)",
    "webhooks.test_send": "Send test event",
    "webhooks.test_queued": "Test event queued; its attempt appears below within seconds.",
    "webhooks.secret_title": "Callback secret",
    "webhooks.secret_set": "Your live webhooks are signed with your callback secret.",
    "webhooks.secret_none": "No callback secret yet: events wait, stopped, until you make one.",
    "webhooks.grace": "Keep the old secret valid for",
    "webhooks.grace_0": "No time (the old secret leaked)",
    "webhooks.grace_1": "1 hour",
    "webhooks.grace_24": "24 hours",
    "webhooks.grace_72": "3 days",
    "webhooks.grace_168": "7 days",
    "webhooks.grace_hint": (
        "Meanwhile webhook-signature carries both signatures and x-svc-signature stays on the "
        "old secret."
    ),
    "webhooks.bad_grace": "Choose one of the listed periods.",
    "webhooks.rotate": "Rotate secret",
    "webhooks.make_secret": "Make a secret",
    "webhooks.new_secret": "Your new callback secret",
    "webhooks.new_secret_once": "Copy it now: it is shown this once and never again.",
    "webhooks.grace_until": "The old secret stays valid until {time}.",
    "webhooks.no_grace": "Only the new secret signs from now on.",
    "webhooks.secret_show": "Show the secret",
    "webhooks.secret_show_hint": (
        "Shows the current secret once, on the next page. Reload and it is gone again."
    ),
    "webhooks.secret_current": "Your callback secret",
    "webhooks.secret_shown_once": (
        "Shown on this page once: a reload hides it. Show it again from this page when needed."
    ),
    "webhooks.secret_first": "Your callback secret is ready",
    "webhooks.secret_first_text": (
        "Your webhooks are signed with it. Put it in your server's configuration: x-svc-"
        "signature is its HMAC-SHA256 of the body."
    ),
    "webhooks.test_secret_title": "Test callback secret",
    "webhooks.test_secret_text": (
        "Signs the webhooks of sessions opened with a test key (sk_test_…), never the live "
        "secret above: a receiver that holds only the live secret refuses a test event by its "
        "signature. Give it to your test set-up; keep the live one for real payments."
    ),
    "webhooks.test_secret_show": "Show the test secret",
    "webhooks.test_rotate": "Rotate test secret",
    "webhooks.test_secret_current": "Your test callback secret",
    "webhooks.new_test_secret": "Your new test callback secret",
    "webhooks.test_grace_until": "The old test secret stays valid until {time}.",
    "webhooks.hosts_title": "Allowed hosts",
    "webhooks.hosts_text": (
        "Webhook, success and cancel addresses must use one of these hosts. *.example.com "
        "allows every subdomain of example.com, but not example.com itself."
    ),
    "webhooks.hosts_none": (
        "No allowed hosts yet: every session's addresses are refused until you add one."
    ),
    "webhooks.hosts_remove": "Remove",
    "webhooks.hosts_remove_label": "Remove {host}",
    "webhooks.hosts_add": "Add host",
    "webhooks.hosts_new": "Host name, e.g. shop.example.com or *.example.com",
    "webhooks.hosts_added": "The host was added.",
    "webhooks.hosts_removed": "The host was removed.",
    "webhooks.hosts_already": "That host is already on the list.",
    "webhooks.hosts_ambiguous": (
        "That name contains ß, ς or a zero-width joiner, which tools encode differently; write "
        "it in its xn-- form."
    ),
    "webhooks.hosts_not_listed": (
        "That host is not on the list (someone may have removed it already)."
    ),
    "webhooks.hosts_busy": "The list was being changed at the same time; try again.",
    "webhooks.hosts_too_many": "At most {n} hosts.",
    "webhooks.hosts_bad": (
        "Write a host name only, like shop.example.com (no https://, no path), or *.example.com."
    ),
    "webhooks.hosts_in_form": "Allowed hosts: {hosts}.",
    "webhooks.hosts_in_form_none": "No host is allowed yet; add one under Allowed hosts below.",
    "webhooks.url_required": "Enter your webhook address.",
    "webhooks.url_too_long": "The address is too long (at most 2,048 characters).",
    "webhooks.url_malformed": (
        "That is not a web address. Write it in full, like https://shop.example.com/hook."
    ),
    "webhooks.url_host_invalid": "The host must be a domain name or an IP address written in full.",
    "webhooks.url_host_ambiguous": (
        "The host contains ß, ς or a zero-width joiner, which tools encode differently; write "
        "it in its xn-- form."
    ),
    "webhooks.url_credentials": "The address must not contain a user name or a password.",
    "webhooks.url_not_https": "The address must start with https://.",
    "webhooks.url_host_not_allowed": (
        "The address's host is not one of your allowed hosts (add it under Allowed hosts below)."
    ),
}

BN = {
    "webhooks.title": "ওয়েবহুক",
    "webhooks.events": "ইভেন্ট",
    "webhooks.filter_status": "অবস্থা",
    "webhooks.filter_session": "সেশন আইডি",
    "webhooks.filter_any": "যেকোনো",
    "webhooks.filter_show": "দেখান",
    "webhooks.bad_filter": "এই ফিল্টার দেখানো যায় না; সব ইভেন্ট দেখানো হচ্ছে।",
    "webhooks.col_event": "ইভেন্ট",
    "webhooks.col_order": "অর্ডার",
    "webhooks.col_status": "অবস্থা",
    "webhooks.col_attempts": "চেষ্টা",
    "webhooks.col_last_code": "শেষ স্ট্যাটাস কোড",
    "webhooks.col_last_error": "শেষ ত্রুটি",
    "webhooks.col_created": "তৈরি",
    "webhooks.test_badge": "পরীক্ষা",
    "webhooks.none": "এখনো কোনো ইভেন্ট নেই।",
    "webhooks.test_title": "পরীক্ষার ইভেন্ট পাঠান",
    "webhooks.test_text": (
        "স্ট্যাটাস TEST, পরিমাণ ০ এবং x-svc-test: true হেডারসহ একটি স্বাক্ষরিত অনুরোধ। "
        "এটি কখনো পেমেন্ট নয় এবং একবারই পাঠানো হয়।"
    ),
    "webhooks.test_url": "আপনার ওয়েবহুক ঠিকানা (https, অনুমোদিত হোস্ট)",
    "webhooks.test_send": "পরীক্ষার ইভেন্ট পাঠান",
    "webhooks.test_queued": "পরীক্ষার ইভেন্ট সারিতে; কয়েক সেকেন্ডে নিচে চেষ্টা দেখা যাবে।",
    "webhooks.secret_title": "কলব্যাক সিক্রেট",
    "webhooks.secret_set": "আপনার লাইভ ওয়েবহুক আপনার কলব্যাক সিক্রেট দিয়ে স্বাক্ষরিত হয়।",
    "webhooks.secret_none": "এখনো কলব্যাক সিক্রেট নেই: একটি না বানানো পর্যন্ত ইভেন্ট থেমে থাকবে।",
    "webhooks.grace": "পুরোনো সিক্রেট বৈধ থাকবে",
    "webhooks.grace_0": "একটুও না (পুরোনো সিক্রেট ফাঁস হয়েছে)",
    "webhooks.grace_1": "১ ঘণ্টা",
    "webhooks.grace_24": "২৪ ঘণ্টা",
    "webhooks.grace_72": "৩ দিন",
    "webhooks.grace_168": "৭ দিন",
    "webhooks.grace_hint": (
        "এই সময়ে webhook-signature-এ দুটি স্বাক্ষরই থাকে এবং x-svc-signature পুরোনো সিক্রেটেই থাকে।"
    ),
    "webhooks.bad_grace": "তালিকার একটি সময় বেছে নিন।",
    "webhooks.rotate": "সিক্রেট বদলান",
    "webhooks.make_secret": "সিক্রেট বানান",
    "webhooks.new_secret": "আপনার নতুন কলব্যাক সিক্রেট",
    "webhooks.new_secret_once": "এখনই কপি করুন: এটি শুধু এবারই দেখানো হচ্ছে, আর কখনো নয়।",
    "webhooks.grace_until": "পুরোনো সিক্রেট {time} পর্যন্ত বৈধ।",
    "webhooks.no_grace": "এখন থেকে শুধু নতুন সিক্রেট দিয়ে স্বাক্ষর হবে।",
    "webhooks.secret_show": "সিক্রেট দেখান",
    "webhooks.secret_show_hint": "বর্তমান সিক্রেট পরের পাতায় একবার দেখানো হবে। আবার লোড করলে আর দেখা যাবে না।",
    "webhooks.secret_current": "আপনার কলব্যাক সিক্রেট",
    "webhooks.secret_shown_once": (
        "এই পাতায় একবার দেখানো হলো: আবার লোড করলে লুকিয়ে যাবে। দরকার হলে এই পাতা থেকে আবার দেখুন।"
    ),
    "webhooks.secret_first": "আপনার কলব্যাক সিক্রেট তৈরি",
    "webhooks.secret_first_text": (
        "আপনার ওয়েবহুক এটি দিয়ে স্বাক্ষরিত হয়। এটি আপনার সার্ভারের কনফিগারেশনে রাখুন: "
        "x-svc-signature হলো বডির ওপর এর HMAC-SHA256।"
    ),
    "webhooks.test_secret_title": "টেস্ট কলব্যাক সিক্রেট",
    "webhooks.test_secret_text": (
        "টেস্ট কী (sk_test_…) দিয়ে খোলা সেশনের ওয়েবহুক এটি দিয়ে স্বাক্ষরিত হয়, উপরের লাইভ সিক্রেট "
        "দিয়ে কখনো নয়: যে রিসিভারের কাছে শুধু লাইভ সিক্রেট আছে, সে স্বাক্ষর দেখেই টেস্ট ইভেন্ট "
        "ফিরিয়ে দেয়। এটি আপনার টেস্ট সেটআপে দিন; লাইভটি আসল পেমেন্টের জন্য রাখুন।"
    ),
    "webhooks.test_secret_show": "টেস্ট সিক্রেট দেখান",
    "webhooks.test_rotate": "টেস্ট সিক্রেট বদলান",
    "webhooks.test_secret_current": "আপনার টেস্ট কলব্যাক সিক্রেট",
    "webhooks.new_test_secret": "আপনার নতুন টেস্ট কলব্যাক সিক্রেট",
    "webhooks.test_grace_until": "পুরোনো টেস্ট সিক্রেট {time} পর্যন্ত বৈধ।",
    "webhooks.hosts_title": "অনুমোদিত হোস্ট",
    "webhooks.hosts_text": (
        "ওয়েবহুক, সফল ও বাতিল ঠিকানা এই হোস্টগুলোর একটিতে হতে হবে। *.example.com দিলে "
        "example.com-এর সব সাবডোমেইন চলবে, কিন্তু example.com নিজে নয়।"
    ),
    "webhooks.hosts_none": (
        "এখনো কোনো অনুমোদিত হোস্ট নেই: একটি যোগ না করা পর্যন্ত সব সেশনের ঠিকানা প্রত্যাখ্যাত হবে।"
    ),
    "webhooks.hosts_remove": "সরান",
    "webhooks.hosts_remove_label": "{host} সরান",
    "webhooks.hosts_add": "হোস্ট যোগ করুন",
    "webhooks.hosts_new": "হোস্টের নাম, যেমন shop.example.com বা *.example.com",
    "webhooks.hosts_added": "হোস্টটি যোগ হয়েছে।",
    "webhooks.hosts_removed": "হোস্টটি সরানো হয়েছে।",
    "webhooks.hosts_already": "এই হোস্ট আগেই তালিকায় আছে।",
    "webhooks.hosts_ambiguous": (
        "নামটিতে ß, ς বা জিরো-উইডথ জয়নার আছে, যা বিভিন্ন টুল ভিন্নভাবে লেখে; এর xn-- রূপটি লিখুন।"
    ),
    "webhooks.hosts_not_listed": "হোস্টটি তালিকায় নেই (হয়তো কেউ আগেই সরিয়ে দিয়েছেন)।",
    "webhooks.hosts_busy": "একই সময়ে তালিকাটি বদলানো হচ্ছিল; আবার চেষ্টা করুন।",
    "webhooks.hosts_too_many": "সর্বোচ্চ {n}টি হোস্ট।",
    "webhooks.hosts_bad": (
        "শুধু হোস্টের নাম লিখুন, যেমন shop.example.com (https:// বা পাথ ছাড়া), অথবা *.example.com।"
    ),
    "webhooks.hosts_in_form": "অনুমোদিত হোস্ট: {hosts}।",
    "webhooks.hosts_in_form_none": "এখনো কোনো হোস্ট অনুমোদিত নয়; নিচে অনুমোদিত হোস্টে একটি যোগ করুন।",
    "webhooks.url_required": "আপনার ওয়েবহুক ঠিকানা লিখুন।",
    "webhooks.url_too_long": "ঠিকানাটি খুব লম্বা (সর্বোচ্চ ২,০৪৮ অক্ষর)।",
    "webhooks.url_malformed": (
        "এটি কোনো ওয়েব ঠিকানা নয়। পুরোটা লিখুন, যেমন https://shop.example.com/hook।"
    ),
    "webhooks.url_host_invalid": "হোস্টটি একটি ডোমেইন নাম বা পুরো লেখা IP ঠিকানা হতে হবে।",
    "webhooks.url_host_ambiguous": (
        "হোস্টে ß, ς বা জিরো-উইডথ জয়নার আছে, যা বিভিন্ন টুল ভিন্নভাবে লেখে; এর xn-- রূপটি লিখুন।"
    ),
    "webhooks.url_credentials": "ঠিকানায় ব্যবহারকারীর নাম বা পাসওয়ার্ড থাকা চলবে না।",
    "webhooks.url_not_https": "ঠিকানাটি https:// দিয়ে শুরু হতে হবে।",
    "webhooks.url_host_not_allowed": (
        "ঠিকানার হোস্টটি আপনার অনুমোদিত হোস্টের তালিকায় নেই (নিচে অনুমোদিত হোস্টে যোগ করুন)।"
    ),
}
