"""Words of webhook delivery problems (domain/attempt_failures.py: why an event stopped, what
failed in an attempt), of an attempt's request and reply, of revealing the callback secret and
of the allowed hosts (issue 25, webhooks part)."""

from __future__ import annotations

EN = {
    "stop_no_secret": "Your account has no callback secret yet, so nothing can be signed.",
    "stop_address": "The webhook address leads to a private or local network address.",
    "stop_host": "The webhook address's host is not in your allowed hosts.",
    "stop_no_account": "The account no longer exists.",
    "stop_no_webhook": (
        "No webhook address: the payment came from a payment link without one. Nothing needs doing."
    ),
    "stop_url": (
        "The webhook address is not allowed (it must be https and a host in your allowed hosts)."
    ),
    "fail_timeout": "Your server did not answer within 10 seconds.",
    "fail_dns": "The host name could not be found (DNS): check the address for a typing error.",
    "fail_connect": (
        "Could not connect: nothing answered at that address and port, or a firewall refused."
    ),
    "fail_tls": (
        "Your server's HTTPS certificate was not accepted (expired, self-signed or for "
        "another name)."
    ),
    "fail_closed": "The connection closed before your server answered.",
    "fail_address": "The address is private (not on the internet); it was not contacted.",
    "fail_host": "The host is not one of your allowed hosts; it was not contacted.",
    "fail_redirect": (
        "Your server answered with a redirect ({code}); redirects are not followed. Use the "
        "final address."
    ),
    "fail_signature": (
        "Your server refused the request ({code}); if it checks the signature, check that it "
        "uses your current callback secret."
    ),
    "fail_client": "Your server refused the request ({code}).",
    "fail_server": "Your server failed while answering ({code}).",
    "fail_status": "Your server answered with an unusual status ({code}).",
    "fail_unknown": "The request could not be sent ({name}).",
    "att_details": "Request and reply of attempt {n}",
    "att_request": "Request sent",
    "att_reply": "Reply received",
    "att_headers": "Headers",
    "att_body": "Body",
    "att_no_reply": "No reply came.",
    "att_empty_body": "(empty)",
    "att_body_cut": "Cut to its first {n} characters.",
    "att_headers_cut": "More header lines came; the first {n} are shown.",
    "att_not_kept": "Not recorded for this attempt (it was made before details were kept).",
    "att_sent_body": "Body sent (the same on every attempt)",
    "att_masked": "Values that could be secrets are shown as •••; your secret never is.",
    "att_outcome": "Outcome",
    "att_delivered": "Delivered",
    "secret_show": "Show the secret",
    "secret_show_hint": (
        "Shows the current secret once, on the next page. Reload and it is gone again."
    ),
    "secret_current": "Your callback secret",
    "secret_shown_once": (
        "Shown on this page once: a reload hides it. Show it again from this page when needed."
    ),
    "secret_first": "Your callback secret is ready",
    "secret_first_text": (
        "Your webhooks are signed with it. Put it in your server's configuration: x-svc-"
        "signature is its HMAC-SHA256 of the body."
    ),
    "hosts_title": "Allowed hosts",
    "hosts_text": (
        "Webhook, success and cancel addresses must use one of these hosts. *.example.com "
        "allows every subdomain of example.com, but not example.com itself."
    ),
    "hosts_none": "No allowed hosts yet: every session's addresses are refused until you add one.",
    "hosts_host": "Host",
    "hosts_remove": "Remove",
    "hosts_remove_label": "Remove {host}",
    "hosts_add": "Add host",
    "hosts_new": "Host name, e.g. shop.example.com or *.example.com",
    "hosts_added": "The host was added.",
    "hosts_removed": "The host was removed.",
    "hosts_already": "That host is already on the list.",
    "hosts_ambiguous": (
        "That name contains ß, ς or a zero-width joiner, which tools encode differently; write "
        "it in its xn-- form."
    ),
    "hosts_not_listed": "That host is not on the list (someone may have removed it already).",
    "hosts_busy": "The list was being changed at the same time; try again.",
    "hosts_too_many": "At most {n} hosts.",
    "hosts_bad": (
        "Write a host name only, like shop.example.com (no https://, no path), or *.example.com."
    ),
    "hosts_in_form": "Allowed hosts: {hosts}.",
    "hosts_in_form_none": "No host is allowed yet; add one under Allowed hosts below.",
}

BN = {
    "stop_no_secret": "আপনার অ্যাকাউন্টে এখনো কলব্যাক সিক্রেট নেই, তাই কিছু সই করা যায় না।",
    "stop_address": "ওয়েবহুক ঠিকানাটি একটি প্রাইভেট বা লোকাল নেটওয়ার্ক ঠিকানায় যায়।",
    "stop_host": "ওয়েবহুক ঠিকানার হোস্ট আপনার অনুমোদিত হোস্টের তালিকায় নেই।",
    "stop_no_account": "অ্যাকাউন্টটি আর নেই।",
    "stop_no_webhook": (
        "ওয়েবহুক ঠিকানা নেই: পেমেন্টটি ঠিকানা ছাড়া একটি পেমেন্ট লিংক থেকে এসেছে। কিছু করতে হবে না।"
    ),
    "stop_url": (
        "ওয়েবহুক ঠিকানাটি অনুমোদিত নয় (https হতে হবে এবং হোস্ট আপনার অনুমোদিত হোস্টের তালিকায় থাকতে হবে)।"
    ),
    "fail_timeout": "আপনার সার্ভার ১০ সেকেন্ডের মধ্যে উত্তর দেয়নি।",
    "fail_dns": "হোস্টের নাম খুঁজে পাওয়া যায়নি (DNS): ঠিকানায় বানান ভুল আছে কি না দেখুন।",
    "fail_connect": ("সংযোগ করা যায়নি: ওই ঠিকানা ও পোর্টে কেউ উত্তর দেয়নি, বা ফায়ারওয়াল আটকে দিয়েছে।"),
    "fail_tls": ("আপনার সার্ভারের HTTPS সার্টিফিকেট গ্রহণ করা যায়নি (মেয়াদ শেষ, নিজে-স্বাক্ষরিত, বা অন্য নামের)।"),
    "fail_closed": "আপনার সার্ভার উত্তর দেওয়ার আগেই সংযোগ বন্ধ হয়ে গেছে।",
    "fail_address": "ঠিকানাটি ব্যক্তিগত (ইন্টারনেটে নয়); সেখানে যোগাযোগ করা হয়নি।",
    "fail_host": "হোস্টটি আপনার অনুমোদিত হোস্টের তালিকায় নেই; সেখানে যোগাযোগ করা হয়নি।",
    "fail_redirect": (
        "আপনার সার্ভার অন্য ঠিকানায় পাঠিয়েছে ({code}); রিডাইরেক্ট অনুসরণ করা হয় না। শেষ ঠিকানাটি দিন।"
    ),
    "fail_signature": (
        "আপনার সার্ভার অনুরোধটি ফিরিয়ে দিয়েছে ({code}); স্বাক্ষর যাচাই করলে দেখুন সেটি আপনার "
        "বর্তমান কলব্যাক সিক্রেট ব্যবহার করছে কি না।"
    ),
    "fail_client": "আপনার সার্ভার অনুরোধটি ফিরিয়ে দিয়েছে ({code})।",
    "fail_server": "উত্তর দিতে গিয়ে আপনার সার্ভারে সমস্যা হয়েছে ({code})।",
    "fail_status": "আপনার সার্ভার অস্বাভাবিক স্ট্যাটাস দিয়েছে ({code})।",
    "fail_unknown": "অনুরোধটি পাঠানো যায়নি ({name})।",
    "att_details": "চেষ্টা {n}-এর অনুরোধ ও উত্তর",
    "att_request": "পাঠানো অনুরোধ",
    "att_reply": "পাওয়া উত্তর",
    "att_headers": "হেডার",
    "att_body": "বডি",
    "att_no_reply": "কোনো উত্তর আসেনি।",
    "att_empty_body": "(খালি)",
    "att_body_cut": "প্রথম {n} অক্ষর পর্যন্ত দেখানো হলো।",
    "att_headers_cut": "আরও হেডার লাইন এসেছিল; প্রথম {n}টি দেখানো হলো।",
    "att_not_kept": "এই চেষ্টার বিবরণ রাখা হয়নি (বিবরণ রাখা শুরুর আগের চেষ্টা)।",
    "att_sent_body": "পাঠানো বডি (প্রতি চেষ্টায় একই)",
    "att_masked": "সিক্রেট হতে পারে এমন মান ••• হিসেবে দেখানো হয়; আপনার সিক্রেট কখনো দেখানো হয় না।",
    "att_outcome": "ফলাফল",
    "att_delivered": "পৌঁছেছে",
    "secret_show": "সিক্রেট দেখান",
    "secret_show_hint": "বর্তমান সিক্রেট পরের পাতায় একবার দেখানো হবে। আবার লোড করলে আর দেখা যাবে না।",
    "secret_current": "আপনার কলব্যাক সিক্রেট",
    "secret_shown_once": (
        "এই পাতায় একবার দেখানো হলো: আবার লোড করলে লুকিয়ে যাবে। দরকার হলে এই পাতা থেকে আবার দেখুন।"
    ),
    "secret_first": "আপনার কলব্যাক সিক্রেট তৈরি",
    "secret_first_text": (
        "আপনার ওয়েবহুক এটি দিয়ে স্বাক্ষরিত হয়। এটি আপনার সার্ভারের কনফিগারেশনে রাখুন: "
        "x-svc-signature হলো বডির ওপর এর HMAC-SHA256।"
    ),
    "hosts_title": "অনুমোদিত হোস্ট",
    "hosts_text": (
        "ওয়েবহুক, সফল ও বাতিল ঠিকানা এই হোস্টগুলোর একটিতে হতে হবে। *.example.com দিলে "
        "example.com-এর সব সাবডোমেইন চলবে, কিন্তু example.com নিজে নয়।"
    ),
    "hosts_none": "এখনো কোনো অনুমোদিত হোস্ট নেই: একটি যোগ না করা পর্যন্ত সব সেশনের ঠিকানা প্রত্যাখ্যাত হবে।",
    "hosts_host": "হোস্ট",
    "hosts_remove": "সরান",
    "hosts_remove_label": "{host} সরান",
    "hosts_add": "হোস্ট যোগ করুন",
    "hosts_new": "হোস্টের নাম, যেমন shop.example.com বা *.example.com",
    "hosts_added": "হোস্টটি যোগ হয়েছে।",
    "hosts_removed": "হোস্টটি সরানো হয়েছে।",
    "hosts_already": "এই হোস্ট আগেই তালিকায় আছে।",
    "hosts_ambiguous": (
        "নামটিতে ß, ς বা জিরো-উইডথ জয়নার আছে, যা বিভিন্ন টুল ভিন্নভাবে লেখে; এর xn-- রূপটি লিখুন।"
    ),
    "hosts_not_listed": "হোস্টটি তালিকায় নেই (হয়তো কেউ আগেই সরিয়ে দিয়েছেন)।",
    "hosts_busy": "একই সময়ে তালিকাটি বদলানো হচ্ছিল; আবার চেষ্টা করুন।",
    "hosts_too_many": "সর্বোচ্চ {n}টি হোস্ট।",
    "hosts_bad": (
        "শুধু হোস্টের নাম লিখুন, যেমন shop.example.com (https:// বা পাথ ছাড়া), অথবা *.example.com।"
    ),
    "hosts_in_form": "অনুমোদিত হোস্ট: {hosts}।",
    "hosts_in_form_none": "এখনো কোনো হোস্ট অনুমোদিত নয়; নিচে অনুমোদিত হোস্টে একটি যোগ করুন।",
}
