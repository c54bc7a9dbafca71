"""Words of the overview page."""

from __future__ import annotations

EN = {
    "overview.text": "Welcome, {name}. Today's payments and what needs attention appear here.",
    "overview.title": "Overview",
    "overview.today": "Today",
    "overview.day_note": "Since midnight, Dhaka time",
    "overview.paid_count": "Payments completed",
    "overview.paid_amount": "Received",
    "overview.open": "Open checkouts",
    "overview.attention": "Needs attention",
    "overview.all_clear": "Nothing needs your attention.",
    "overview.held": "Held transactions waiting for confirmation",
    "overview.suspect": "Suspect transactions in the last 7 days",
    "overview.stopped": "Webhook events stopped",
    "overview.dead": "Webhook events that gave up",
    "overview.quiet": "Quiet phones (no SMS for the time set on the Alerts page)",
    "overview.broken": "Wallets with a missing SMS (balance check waiting)",
    "overview.more": "or more",
    "overview.never_seen": "never seen",
    "overview.last_seen": "last seen",
    "overview.steps_title": "First steps",
    "overview.steps_text": "{done} of {total} done. Each step ticks itself once it has happened.",
    "overview.step_done": "Done",
    "overview.step_todo": "To do",
    "overview.step_key": "Make an API key",
    "overview.step_key_hint": "Your server opens checkouts with it.",
    "overview.step_webhook": "Receive a webhook",
    "overview.step_webhook_hint": (
        "Send a test event to your webhook address; ticked once your server accepts one."
    ),
    "overview.step_phone": "Pair a phone",
    "overview.step_phone_hint": "The phone that gets your wallet's SMS forwards them here.",
    "overview.step_anchor": "Set a balance anchor",
    "overview.step_anchor_hint": (
        "Type the balance the wallet app shows, so payments can be checked."
    ),
    "overview.step_session": "Open a first checkout",
    "overview.step_session_hint": (
        "Make a payment link and open it, or call initialize from your server."
    ),
    "overview.step_other_role": "(An owner or developer does this step.)",
    "overview.differing": "payments of a different amount than their order waiting for you",
}

BN = {
    "overview.text": "স্বাগতম, {name}। আজকের পেমেন্ট আর যা দেখা দরকার তা এখানে দেখা যাবে।",
    "overview.title": "সারসংক্ষেপ",
    "overview.today": "আজ",
    "overview.day_note": "ঢাকা সময় মধ্যরাত থেকে",
    "overview.paid_count": "সম্পন্ন পেমেন্ট",
    "overview.paid_amount": "প্রাপ্ত",
    "overview.open": "খোলা চেকআউট",
    "overview.attention": "মনোযোগ দিন",
    "overview.all_clear": "এখন কিছুতে মনোযোগ দিতে হবে না।",
    "overview.held": "নিশ্চিতকরণের অপেক্ষায় আটকে থাকা লেনদেন",
    "overview.suspect": "গত সাত দিনের সন্দেহজনক লেনদেন",
    "overview.stopped": "থেমে থাকা ওয়েবহুক ইভেন্ট",
    "overview.dead": "যে ওয়েবহুক ইভেন্টের চেষ্টা শেষ",
    "overview.quiet": "নীরব ফোন (সতর্কবার্তা পাতায় ঠিক করা সময় ধরে SMS নেই)",
    "overview.broken": "যে ওয়ালেটের একটি এসএমএস আসেনি (ব্যালেন্স যাচাই অপেক্ষায়)",
    "overview.more": "বা তার বেশি",
    "overview.never_seen": "কখনো দেখা যায়নি",
    "overview.last_seen": "শেষ দেখা",
    "overview.steps_title": "প্রথম ধাপগুলো",
    "overview.steps_text": (
        "{total}টির মধ্যে {done}টি হয়েছে। প্রতিটি ধাপ হয়ে গেলে নিজে থেকেই টিক পড়ে।"
    ),
    "overview.step_done": "হয়েছে",
    "overview.step_todo": "বাকি",
    "overview.step_key": "একটি এপিআই কী তৈরি করুন",
    "overview.step_key_hint": "এটি দিয়ে আপনার সার্ভার চেকআউট খোলে।",
    "overview.step_webhook": "একটি ওয়েবহুক গ্রহণ করুন",
    "overview.step_webhook_hint": (
        "আপনার ওয়েবহুক ঠিকানায় একটি পরীক্ষা ইভেন্ট পাঠান; আপনার সার্ভার একটি গ্রহণ করলে টিক পড়বে।"
    ),
    "overview.step_phone": "একটি ফোন যুক্ত করুন",
    "overview.step_phone_hint": "যে ফোনে আপনার ওয়ালেটের এসএমএস আসে, সেটি এসএমএসগুলো এখানে পাঠায়।",
    "overview.step_anchor": "ব্যালান্স অ্যাংকর দিন",
    "overview.step_anchor_hint": ("ওয়ালেট অ্যাপে দেখানো ব্যালান্স লিখুন, যাতে পেমেন্ট যাচাই করা যায়।"),
    "overview.step_session": "প্রথম চেকআউট খুলুন",
    "overview.step_session_hint": (
        "একটি পেমেন্ট লিংক তৈরি করে খুলুন, অথবা আপনার সার্ভার থেকে initialize কল করুন।"
    ),
    "overview.step_other_role": "(এই ধাপটি একজন মালিক বা ডেভেলপার করেন।)",
    "overview.differing": "অর্ডারের চেয়ে ভিন্ন পরিমাণের পেমেন্ট আপনার সিদ্ধান্তের অপেক্ষায়",
}
