"""Words of webhook delivery problems: why an event stopped, what an attempt's error was."""

from __future__ import annotations

EN = {
    "stop.no_secret": "Your account has no callback secret yet, so nothing can be signed.",
    "stop.address": "The webhook address leads to a private or local network address.",
    "stop.host": "The webhook address's host is not in your allowed hosts.",
    "stop.no_account": "The account no longer exists.",
    "stop.no_webhook": "No webhook address: the payment came from a payment link without "
    "one. Nothing needs doing.",
    "stop.url": "The webhook address is not allowed (it must be https and a host in your "
    "allowed hosts).",
    "attempt.http": "Your server answered HTTP {code}",
    "attempt.timeout": "Your server did not answer within 10 seconds",
    "attempt.address": "Refused: the address is private or local",
    "attempt.host": "Refused: the host is not in your allowed hosts",
    "attempt.dns": "The host name was not found",
    "attempt.connect": "Could not connect to your server",
    "attempt.certificate": "Your server's certificate was not trusted",
    "attempt.tls": "The secure (TLS) connection failed",
    "attempt.disconnected": "Your server closed the connection before answering",
    "attempt.other": "The request failed",
}

BN = {
    "stop.no_secret": "আপনার অ্যাকাউন্টে এখনো কলব্যাক সিক্রেট নেই, তাই কিছু সই করা যায় না।",
    "stop.address": "ওয়েবহুক ঠিকানাটি একটি প্রাইভেট বা লোকাল নেটওয়ার্ক ঠিকানায় যায়।",
    "stop.host": "ওয়েবহুক ঠিকানার হোস্ট আপনার অনুমোদিত হোস্টের তালিকায় নেই।",
    "stop.no_account": "অ্যাকাউন্টটি আর নেই।",
    "stop.no_webhook": "ওয়েবহুক ঠিকানা নেই: পেমেন্টটি ঠিকানা ছাড়া একটি পেমেন্ট লিংক থেকে এসেছে। "
    "কিছু করতে হবে না।",
    "stop.url": "ওয়েবহুক ঠিকানাটি অনুমোদিত নয় (https হতে হবে এবং হোস্ট আপনার অনুমোদিত হোস্টের "
    "তালিকায় থাকতে হবে)।",
    "attempt.http": "আপনার সার্ভার HTTP {code} উত্তর দিয়েছে",
    "attempt.timeout": "আপনার সার্ভার ১০ সেকেন্ডের মধ্যে উত্তর দেয়নি",
    "attempt.address": "প্রত্যাখ্যাত: ঠিকানাটি প্রাইভেট বা লোকাল",
    "attempt.host": "প্রত্যাখ্যাত: হোস্টটি আপনার অনুমোদিত হোস্টের তালিকায় নেই",
    "attempt.dns": "হোস্টের নাম খুঁজে পাওয়া যায়নি",
    "attempt.connect": "আপনার সার্ভারের সঙ্গে সংযোগ করা যায়নি",
    "attempt.certificate": "আপনার সার্ভারের সার্টিফিকেট বিশ্বাসযোগ্য নয়",
    "attempt.tls": "নিরাপদ (TLS) সংযোগ ব্যর্থ হয়েছে",
    "attempt.disconnected": "উত্তর দেওয়ার আগেই আপনার সার্ভার সংযোগ বন্ধ করেছে",
    "attempt.other": "অনুরোধটি ব্যর্থ হয়েছে",
}
