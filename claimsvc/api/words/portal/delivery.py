"""Words of webhook delivery problems (domain/attempt_failures.py: why an event stopped, what
failed in an attempt), shown on every page that shows an event or an attempt
(`view.failure_words`, `view.stop_words`, `view.outcome_words`)."""

from __future__ import annotations

EN = {
    "delivery.stop_no_secret": "Your account has no callback secret yet, so nothing can be signed.",
    "delivery.stop_address": "The webhook address leads to a private or local network address.",
    "delivery.stop_host": "The webhook address's host is not in your allowed hosts.",
    "delivery.stop_no_account": "The account no longer exists.",
    "delivery.stop_no_webhook": (
        "No webhook address: the payment came from a payment link without one. Nothing needs doing."
    ),
    "delivery.stop_url": (
        "The webhook address is not allowed (it must be https and a host in your allowed hosts)."
    ),
    "delivery.fail_timeout": "Your server did not answer within 10 seconds.",
    "delivery.fail_dns": (
        "The host name could not be found (DNS): check the address for a typing error."
    ),
    "delivery.fail_connect": (
        "Could not connect: nothing answered at that address and port, or a firewall refused."
    ),
    "delivery.fail_tls": (
        "Your server's HTTPS certificate was not accepted (expired, self-signed or for "
        "another name)."
    ),
    "delivery.fail_closed": "The connection closed before your server answered.",
    "delivery.fail_address": "The address is private (not on the internet); it was not contacted.",
    "delivery.fail_host": "The host is not one of your allowed hosts; it was not contacted.",
    "delivery.fail_redirect": (
        "Your server answered with a redirect ({code}); redirects are not followed. Use the "
        "final address."
    ),
    "delivery.fail_signature": (
        "Your server refused the request ({code}); if it checks the signature, check that it "
        "uses your current callback secret."
    ),
    "delivery.fail_client": "Your server refused the request ({code}).",
    "delivery.fail_server": "Your server failed while answering ({code}).",
    "delivery.fail_status": "Your server answered with an unusual status ({code}).",
    "delivery.fail_unknown": "The request could not be sent ({name}).",
    "delivery.delivered": "Delivered",
}

BN = {
    "delivery.stop_no_secret": "আপনার অ্যাকাউন্টে এখনো কলব্যাক সিক্রেট নেই, তাই কিছু সই করা যায় না।",
    "delivery.stop_address": "ওয়েবহুক ঠিকানাটি একটি প্রাইভেট বা লোকাল নেটওয়ার্ক ঠিকানায় যায়।",
    "delivery.stop_host": "ওয়েবহুক ঠিকানার হোস্ট আপনার অনুমোদিত হোস্টের তালিকায় নেই।",
    "delivery.stop_no_account": "অ্যাকাউন্টটি আর নেই।",
    "delivery.stop_no_webhook": (
        "ওয়েবহুক ঠিকানা নেই: পেমেন্টটি ঠিকানা ছাড়া একটি পেমেন্ট লিংক থেকে এসেছে। কিছু করতে হবে না।"
    ),
    "delivery.stop_url": (
        "ওয়েবহুক ঠিকানাটি অনুমোদিত নয় (https হতে হবে এবং হোস্ট আপনার অনুমোদিত হোস্টের তালিকায় থাকতে হবে)।"
    ),
    "delivery.fail_timeout": "আপনার সার্ভার ১০ সেকেন্ডের মধ্যে উত্তর দেয়নি।",
    "delivery.fail_dns": "হোস্টের নাম খুঁজে পাওয়া যায়নি (DNS): ঠিকানায় বানান ভুল আছে কি না দেখুন।",
    "delivery.fail_connect": (
        "সংযোগ করা যায়নি: ওই ঠিকানা ও পোর্টে কেউ উত্তর দেয়নি, বা ফায়ারওয়াল আটকে দিয়েছে।"
    ),
    "delivery.fail_tls": (
        "আপনার সার্ভারের HTTPS সার্টিফিকেট গ্রহণ করা যায়নি (মেয়াদ শেষ, নিজে-স্বাক্ষরিত, বা অন্য নামের)।"
    ),
    "delivery.fail_closed": "আপনার সার্ভার উত্তর দেওয়ার আগেই সংযোগ বন্ধ হয়ে গেছে।",
    "delivery.fail_address": "ঠিকানাটি ব্যক্তিগত (ইন্টারনেটে নয়); সেখানে যোগাযোগ করা হয়নি।",
    "delivery.fail_host": "হোস্টটি আপনার অনুমোদিত হোস্টের তালিকায় নেই; সেখানে যোগাযোগ করা হয়নি।",
    "delivery.fail_redirect": (
        "আপনার সার্ভার অন্য ঠিকানায় পাঠিয়েছে ({code}); রিডাইরেক্ট অনুসরণ করা হয় না। শেষ ঠিকানাটি দিন।"
    ),
    "delivery.fail_signature": (
        "আপনার সার্ভার অনুরোধটি ফিরিয়ে দিয়েছে ({code}); স্বাক্ষর যাচাই করলে দেখুন সেটি আপনার "
        "বর্তমান কলব্যাক সিক্রেট ব্যবহার করছে কি না।"
    ),
    "delivery.fail_client": "আপনার সার্ভার অনুরোধটি ফিরিয়ে দিয়েছে ({code})।",
    "delivery.fail_server": "উত্তর দিতে গিয়ে আপনার সার্ভারে সমস্যা হয়েছে ({code})।",
    "delivery.fail_status": "আপনার সার্ভার অস্বাভাবিক স্ট্যাটাস দিয়েছে ({code})।",
    "delivery.fail_unknown": "অনুরোধটি পাঠানো যায়নি ({name})।",
    "delivery.delivered": "পৌঁছেছে",
}
