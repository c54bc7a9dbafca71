"""Words of the portal's Alerts page (Telegram and email channels, which alerts, the quiet
threshold, the daily summary's hour) and of verifying an alert address; `nav_alerts` is the
menu's (shared)."""

from __future__ import annotations

from claimsvc.api.words import Plural

EN = {
    "alerts.title": "Alerts in Telegram and email",
    "alerts.intro": (
        "Get a message when a payment waits for you to confirm it, when a buyer claims a "
        "payment of another amount, when an SMS from a wallet could not be read, when webhooks "
        "fail, when a phone goes quiet, or when a balance check misses an SMS. A payment waiting "
        "for you comes with Confirm and Not received buttons."
    ),
    "alerts.off": (
        "The service operator has not set up Telegram alerts yet. If you run the service "
        "yourself, you are the operator: create a bot with @BotFather and give its token to the "
        "API and the worker in CLAIMSVC_TELEGRAM_BOT_TOKEN (its name in "
        'CLAIMSVC_TELEGRAM_BOT_USERNAME); docs/operations.md, "Merchant alerts", says how. '
        "`claimsvc dev` plays a bot in its inspector."
    ),
    "alerts.mine": "Your Telegram",
    "alerts.none": "Your Telegram is not linked.",
    "alerts.link": "Link Telegram",
    "alerts.code_title": "Send this code to the bot",
    "alerts.code_text": (
        "Open Telegram, start a chat with @{bot} and send this code. It works once, "
        "within 15 minutes."
    ),
    "alerts.code_text_nobot": "Open Telegram, start a chat with the shop's alert bot and send this "
    "code. It works once, within 15 minutes.",
    "alerts.code_open": "Open the chat with the code filled in",
    "alerts.code_after": "Then reload this page: your Telegram shows here as linked.",
    "alerts.state": "State",
    "alerts.linked_on": "Linked {date}",
    "alerts.broken": "Not working",
    "alerts.broken_text": "Messages to your Telegram kept failing ({error}), so alerts stopped. "
    "Link it again to start them.",
    "alerts.relink": "Link again",
    "alerts.choose": "Which alerts",
    "alerts.kind_payment_held": "A payment waits for me to confirm it",
    "alerts.kind_amount_differs": "A buyer claims a payment of another amount",
    "alerts.kind_sms_not_understood": "An SMS from a wallet could not be read",
    "alerts.kind_webhook_failed": "A webhook was stopped or given up on",
    "alerts.kind_phone_quiet": "A phone has not forwarded SMS for the time set below",
    "alerts.kind_phone_back": "A quiet phone forwards SMS again",
    "alerts.kind_chain_broken": "A balance check waits for a missing SMS",
    "alerts.kind_chain_gap": "A balance check went on past missing SMS",
    "alerts.kind_payment_completed": "Each payment completed (off until you choose it)",
    "alerts.kind_daily_summary": "The shop's daily summary, at the hour set below",
    "alerts.save": "Save choices",
    "alerts.saved": "Your choice of alerts is saved.",
    "alerts.quiet_title": "When a phone is quiet",
    "alerts.quiet_label": "Minutes without SMS before a phone counts as quiet",
    "alerts.quiet_hint": (
        "From {min} to {max} minutes (a day). Without a change: 60. The alert, the "
        "overview and the Devices page all use it."
    ),
    "alerts.quiet_now": Plural("Now: {n} minute.", "Now: {n} minutes."),
    "alerts.quiet_save": "Save",
    "alerts.quiet_saved": "Saved: phones count as quiet after the new number of minutes.",
    "alerts.quiet_bad": "Enter a whole number of minutes from 10 to 1440.",
    "alerts.summary_title": "Daily summary",
    "alerts.summary_label": "Send it at (Dhaka time)",
    "alerts.summary_hint": (
        "The day's completed payments and what waits for you, once a day, to each member who "
        "chose it above."
    ),
    "alerts.summary_off": "Off",
    "alerts.summary_now": "Now: every day at {time}, Dhaka time.",
    "alerts.summary_none": "Now: off.",
    "alerts.summary_save": "Save",
    "alerts.summary_saved": "Saved: the daily summary goes at the new hour.",
    "alerts.summary_bad": "Choose a whole hour, or Off.",
    "alerts.unlink": "Unlink",
    "alerts.unlink_label": "Unlink {channel} of {email}",
    "alerts.unlinked": "Unlinked: no more alerts go there.",
    "alerts.stop_hint": "You can also send /stop to the bot.",
    "alerts.shop": "The shop's alert channels",
    "alerts.shop_none": "Nobody in this shop gets alerts yet.",
    "alerts.who": "Who",
    "alerts.email_title": "Your email",
    "alerts.email_none": "No address gets alerts yet.",
    "alerts.email_address": "Address for alerts",
    "alerts.email_hint": "We email a link to it; alerts start once you open the link.",
    "alerts.email_send": "Send the link",
    "alerts.email_sent": "We sent a link to the address. Open it within 24 hours to start alerts.",
    "alerts.email_pending": "Waiting for you to open the link we sent to {address}.",
    "alerts.email_linked": "Alerts go to {address}.",
    "alerts.email_bad": "That is not an email address.",
    "alerts.email_not_sent": "The email could not be sent. Try again in a while.",
    "alerts.email_off": (
        "The service operator has not set up email alerts. If you run the service yourself, "
        "you are the operator: give the API and the worker your SMTP server in CLAIMSVC_SMTP_HOST "
        "and CLAIMSVC_SMTP_FROM (with CLAIMSVC_SMTP_USERNAME and CLAIMSVC_SMTP_PASSWORD if it "
        'asks); docs/operations.md, "Merchant alerts", says how. `claimsvc dev` catches its '
        "emails in its inspector."
    ),
    "alerts.verify_title": "Verify your alert address",
    "alerts.verify_text": "Start sending alerts to the address this link was sent to?",
    "alerts.verify_button": "Yes, send alerts there",
    "alerts.verify_cancel": "Not now",
    "alerts.email_verified": "Your address is verified: alerts will go there.",
    "alerts.email_link_bad": "That link does not work any more (used, too old, or another user's).",
    "alerts.channel": "Channel",
    "alerts.channel_telegram": "Telegram",
    "alerts.channel_email": "Email",
}

BN = {
    "alerts.title": "টেলিগ্রাম ও ইমেইলে সতর্কবার্তা",
    "alerts.intro": "কোনো পেমেন্ট আপনার নিশ্চিত করার অপেক্ষায় থাকলে, কোনো ক্রেতা অন্য পরিমাণের "
    "পেমেন্ট দাবি করলে, ওয়ালেটের কোনো SMS পড়া না গেলে, ওয়েবহুক ব্যর্থ হলে, কোনো ফোন চুপ "
    "হয়ে গেলে, বা ব্যালেন্স যাচাইয়ে কোনো SMS না পেলে বার্তা পান। অপেক্ষমাণ পেমেন্টের সাথে "
    "থাকে নিশ্চিত ও পাইনি বোতাম।",
    "alerts.off": (
        "সার্ভিস পরিচালক এখনও টেলিগ্রাম সতর্কবার্তা চালু করেননি। সার্ভিসটি নিজে চালালে আপনিই "
        "পরিচালক: @BotFather দিয়ে একটি বট বানিয়ে তার টোকেন API ও worker-কে "
        "CLAIMSVC_TELEGRAM_BOT_TOKEN-এ দিন (নাম CLAIMSVC_TELEGRAM_BOT_USERNAME-এ); কীভাবে, তা "
        'docs/operations.md-এর "Merchant alerts" অংশে আছে। `claimsvc dev` তার পরিদর্শকে '
        "একটি বট চালায়।"
    ),
    "alerts.mine": "আপনার টেলিগ্রাম",
    "alerts.none": "আপনার টেলিগ্রাম যুক্ত নেই।",
    "alerts.link": "টেলিগ্রাম যুক্ত করুন",
    "alerts.code_title": "বটকে এই কোডটি পাঠান",
    "alerts.code_text": "টেলিগ্রাম খুলে @{bot}-এর সাথে চ্যাট শুরু করুন এবং এই কোডটি পাঠান। এটি "
    "১৫ মিনিটের মধ্যে একবারই কাজ করে।",
    "alerts.code_text_nobot": "টেলিগ্রাম খুলে দোকানের সতর্কবার্তা বটের সাথে চ্যাট শুরু করুন এবং এই "
    "কোডটি পাঠান। এটি ১৫ মিনিটের মধ্যে একবারই কাজ করে।",
    "alerts.code_open": "কোডসহ চ্যাটটি খুলুন",
    "alerts.code_after": "তারপর এই পাতাটি আবার লোড করুন: আপনার টেলিগ্রাম যুক্ত দেখাবে।",
    "alerts.state": "অবস্থা",
    "alerts.linked_on": "যুক্ত হয়েছে {date}",
    "alerts.broken": "কাজ করছে না",
    "alerts.broken_text": "আপনার টেলিগ্রামে বার্তা বারবার ব্যর্থ হয়েছে ({error}), তাই সতর্কবার্তা বন্ধ। "
    "আবার চালু করতে আবার যুক্ত করুন।",
    "alerts.relink": "আবার যুক্ত করুন",
    "alerts.choose": "কোন সতর্কবার্তা",
    "alerts.kind_payment_held": "কোনো পেমেন্ট আমার নিশ্চিত করার অপেক্ষায়",
    "alerts.kind_amount_differs": "কোনো ক্রেতা অন্য পরিমাণের পেমেন্ট দাবি করেছেন",
    "alerts.kind_sms_not_understood": "ওয়ালেটের কোনো SMS পড়া যায়নি",
    "alerts.kind_webhook_failed": "কোনো ওয়েবহুক থামানো হয়েছে বা চেষ্টা বন্ধ হয়েছে",
    "alerts.kind_phone_quiet": "কোনো ফোন নিচে ঠিক করা সময় ধরে SMS পাঠায়নি",
    "alerts.kind_phone_back": "চুপ থাকা ফোন আবার SMS পাঠাচ্ছে",
    "alerts.kind_chain_broken": "কোনো ব্যালেন্স যাচাই হারানো SMS-এর অপেক্ষায়",
    "alerts.kind_chain_gap": "কোনো ব্যালেন্স যাচাই হারানো SMS পেরিয়ে এগিয়েছে",
    "alerts.kind_payment_completed": "প্রতিটি সম্পন্ন পেমেন্ট (বেছে না নিলে বন্ধ)",
    "alerts.kind_daily_summary": "দোকানের দৈনিক সারসংক্ষেপ, নিচে ঠিক করা সময়ে",
    "alerts.save": "পছন্দ সংরক্ষণ করুন",
    "alerts.saved": "আপনার সতর্কবার্তার পছন্দ সংরক্ষিত হয়েছে।",
    "alerts.quiet_title": "কখন ফোনকে নীরব ধরা হবে",
    "alerts.quiet_label": "কত মিনিট SMS না এলে ফোনকে নীরব ধরা হবে",
    "alerts.quiet_hint": "{min} থেকে {max} মিনিট (এক দিন)। না বদলালে: ৬০। সতর্কবার্তা, সারসংক্ষেপ ও "
    "ডিভাইস পাতা সবই এটি মেনে চলে।",
    "alerts.quiet_now": Plural("এখন: {n} মিনিট।", "এখন: {n} মিনিট।"),
    "alerts.quiet_save": "সংরক্ষণ করুন",
    "alerts.quiet_saved": "সংরক্ষিত: নতুন মিনিটের পর থেকে ফোনকে নীরব ধরা হবে।",
    "alerts.quiet_bad": "১০ থেকে ১৪৪০-এর মধ্যে পূর্ণ সংখ্যায় মিনিট লিখুন।",
    "alerts.summary_title": "দৈনিক সারসংক্ষেপ",
    "alerts.summary_label": "পাঠানোর সময় (ঢাকার সময়)",
    "alerts.summary_hint": "দিনের সম্পন্ন পেমেন্ট ও আপনার অপেক্ষায় থাকা বিষয়, দিনে একবার, ওপরে যে "
    "সদস্যরা এটি বেছে নিয়েছেন তাঁদের প্রত্যেককে।",
    "alerts.summary_off": "বন্ধ",
    "alerts.summary_now": "এখন: প্রতিদিন {time}, ঢাকার সময়।",
    "alerts.summary_none": "এখন: বন্ধ।",
    "alerts.summary_save": "সংরক্ষণ করুন",
    "alerts.summary_saved": "সংরক্ষিত: দৈনিক সারসংক্ষেপ নতুন সময়ে যাবে।",
    "alerts.summary_bad": "একটি পূর্ণ ঘণ্টা বেছে নিন, অথবা বন্ধ।",
    "alerts.unlink": "বিচ্ছিন্ন করুন",
    "alerts.unlink_label": "{email}-এর {channel} বিচ্ছিন্ন করুন",
    "alerts.unlinked": "বিচ্ছিন্ন হয়েছে: সেখানে আর সতর্কবার্তা যাবে না।",
    "alerts.stop_hint": "বটকে /stop পাঠিয়েও এটি করা যায়।",
    "alerts.shop": "দোকানের সতর্কবার্তা চ্যানেল",
    "alerts.shop_none": "এই দোকানের কেউ এখনও সতর্কবার্তা পান না।",
    "alerts.who": "কে",
    "alerts.email_title": "আপনার ইমেইল",
    "alerts.email_none": "এখনও কোনো ঠিকানায় সতর্কবার্তা যায় না।",
    "alerts.email_address": "সতর্কবার্তার ঠিকানা",
    "alerts.email_hint": "আমরা এতে একটি লিংক পাঠাব; লিংকটি খুললেই সতর্কবার্তা শুরু হবে।",
    "alerts.email_send": "লিংক পাঠান",
    "alerts.email_sent": "ঠিকানায় একটি লিংক পাঠানো হয়েছে। সতর্কবার্তা শুরু করতে ২৪ ঘণ্টার মধ্যে খুলুন।",
    "alerts.email_pending": "{address}-এ পাঠানো লিংকটি আপনার খোলার অপেক্ষায়।",
    "alerts.email_linked": "সতর্কবার্তা যায় {address}-এ।",
    "alerts.email_bad": "এটি কোনো ইমেইল ঠিকানা নয়।",
    "alerts.email_not_sent": "ইমেইলটি পাঠানো যায়নি। কিছুক্ষণ পরে আবার চেষ্টা করুন।",
    "alerts.email_off": (
        "সার্ভিস পরিচালক ইমেইল সতর্কবার্তা চালু করেননি। সার্ভিসটি নিজে চালালে আপনিই পরিচালক: "
        "API ও worker-কে আপনার SMTP সার্ভার CLAIMSVC_SMTP_HOST ও CLAIMSVC_SMTP_FROM-এ দিন "
        "(চাইলে CLAIMSVC_SMTP_USERNAME ও CLAIMSVC_SMTP_PASSWORD সহ); কীভাবে, তা "
        'docs/operations.md-এর "Merchant alerts" অংশে আছে। `claimsvc dev` তার ইমেইল '
        "পরিদর্শকে ধরে রাখে।"
    ),
    "alerts.verify_title": "আপনার সতর্কবার্তার ঠিকানা যাচাই করুন",
    "alerts.verify_text": "যে ঠিকানায় এই লিংক পাঠানো হয়েছিল সেখানে সতর্কবার্তা পাঠানো শুরু করবেন?",
    "alerts.verify_button": "হ্যাঁ, সেখানে সতর্কবার্তা পাঠান",
    "alerts.verify_cancel": "এখন নয়",
    "alerts.email_verified": "আপনার ঠিকানা যাচাই হয়েছে: সতর্কবার্তা সেখানে যাবে।",
    "alerts.email_link_bad": "এই লিংক আর কাজ করে না (ব্যবহৃত, পুরোনো, বা অন্য ব্যবহারকারীর)।",
    "alerts.channel": "চ্যানেল",
    "alerts.channel_telegram": "টেলিগ্রাম",
    "alerts.channel_email": "ইমেইল",
}
