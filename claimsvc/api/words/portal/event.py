"""Words of the portal's page of one webhook event: its delivery, its attempts and each attempt's
request and reply."""

from __future__ import annotations

from claimsvc.api.words import Plural

EN = {
    "event.order": "Order",
    "event.status": "Status",
    "event.attempts": "Attempts",
    "event.created": "Created",
    "event.test_badge": "test",
    "event.title": "Event #{id}",
    "event.back": "All events",
    "event.summary": "Delivery",
    "event.stopped_reason": "Why it stopped",
    "event.session": "Session",
    "event.next_attempt": "Next attempt",
    "event.delivered_at": "Delivered",
    "event.redeliver": "Send again",
    "event.redeliver_hint": (
        "Same event id and body; the attempt number goes on. An event waiting for a retry is "
        "sent now; a stopped one once the reason it stopped is gone."
    ),
    "event.reload": "Reload to see new attempts",
    "event.attempt_list": "Attempts",
    "event.col_attempt": "Attempt",
    "event.col_time": "Time",
    "event.col_code": "Status code",
    "event.col_duration": "Took",
    "event.ms": "{ms} ms",
    "event.no_attempts": "No attempt yet: the worker sends it within seconds.",
    "event.redelivered": "The event will be sent again.",
    "event.not_redeliverable": "This event is already on its way; nothing was changed.",
    "event.still_stopped": "The event is still stopped; fix the reason shown and try again.",
    "event.attempt_details": "Request and reply of attempt {n}",
    "event.request": "Request sent",
    "event.reply": "Reply received",
    "event.body": "Body",
    "event.no_reply": "No reply came.",
    "event.empty_body": "(empty)",
    "event.body_cut": Plural("Cut to its first {n} character.", "Cut to its first {n} characters."),
    "event.headers_cut": Plural(
        "More header lines came; the first {n} is shown.",
        "More header lines came; the first {n} are shown.",
    ),
    "event.not_kept": "Not recorded for this attempt (it was made before details were kept).",
    "event.sent_body": "Body sent (the same on every attempt)",
    "event.masked": "Values that could be secrets are shown as •••; your secret never is.",
    "event.col_outcome": "Outcome",
}

BN = {
    "event.order": "অর্ডার",
    "event.status": "অবস্থা",
    "event.attempts": "চেষ্টা",
    "event.created": "তৈরি",
    "event.test_badge": "পরীক্ষা",
    "event.title": "ইভেন্ট #{id}",
    "event.back": "সব ইভেন্ট",
    "event.summary": "পাঠানো",
    "event.stopped_reason": "থামার কারণ",
    "event.session": "সেশন",
    "event.next_attempt": "পরের চেষ্টা",
    "event.delivered_at": "পৌঁছেছে",
    "event.redeliver": "আবার পাঠান",
    "event.redeliver_hint": (
        "একই ইভেন্ট আইডি ও বডি; চেষ্টার নম্বর চলতে থাকে। পুনরায় চেষ্টার অপেক্ষায় থাকা ইভেন্ট "
        "এখনই যায়; থামানো ইভেন্ট যায় থামার কারণ দূর হলে।"
    ),
    "event.reload": "নতুন চেষ্টা দেখতে আবার লোড করুন",
    "event.attempt_list": "চেষ্টাগুলো",
    "event.col_attempt": "চেষ্টা",
    "event.col_time": "সময়",
    "event.col_code": "স্ট্যাটাস কোড",
    "event.col_duration": "সময় লেগেছে",
    "event.ms": "{ms} মি.সে.",
    "event.no_attempts": "এখনো চেষ্টা হয়নি: কয়েক সেকেন্ডের মধ্যে পাঠানো হবে।",
    "event.redelivered": "ইভেন্টটি আবার পাঠানো হবে।",
    "event.not_redeliverable": "ইভেন্টটি ইতিমধ্যে পাঠানোর পথে; কিছু বদলানো হয়নি।",
    "event.still_stopped": "ইভেন্টটি এখনো থামানো; দেখানো কারণটি ঠিক করে আবার চেষ্টা করুন।",
    "event.attempt_details": "চেষ্টা {n}-এর অনুরোধ ও উত্তর",
    "event.request": "পাঠানো অনুরোধ",
    "event.reply": "পাওয়া উত্তর",
    "event.body": "বডি",
    "event.no_reply": "কোনো উত্তর আসেনি।",
    "event.empty_body": "(খালি)",
    "event.body_cut": Plural("প্রথম {n} অক্ষর পর্যন্ত দেখানো হলো।", "প্রথম {n} অক্ষর পর্যন্ত দেখানো হলো।"),
    "event.headers_cut": Plural(
        "আরও হেডার লাইন এসেছিল; প্রথম {n}টি দেখানো হলো।",
        "আরও হেডার লাইন এসেছিল; প্রথম {n}টি দেখানো হলো।",
    ),
    "event.not_kept": "এই চেষ্টার বিবরণ রাখা হয়নি (বিবরণ রাখা শুরুর আগের চেষ্টা)।",
    "event.sent_body": "পাঠানো বডি (প্রতি চেষ্টায় একই)",
    "event.masked": "সিক্রেট হতে পারে এমন মান ••• হিসেবে দেখানো হয়; আপনার সিক্রেট কখনো দেখানো হয় না।",
    "event.col_outcome": "ফলাফল",
}
