"""Words of the alerts page (keys start with al_, and the menu's nav_alerts)."""

from __future__ import annotations

EN = {
    "nav_alerts": "Alerts",
    "al_title": "Alerts in Telegram",
    "al_intro": "Get a message when a payment waits for you to confirm it, when a buyer claims a "
    "payment of another amount, when an SMS from a wallet could not be read, when webhooks "
    "fail, when a phone goes quiet, or when a balance check misses an SMS. A payment waiting "
    "for you comes with Confirm and Not received buttons.",
    "al_off": "The service operator has not set up Telegram alerts yet.",
    "al_mine": "Your Telegram",
    "al_none": "Your Telegram is not linked.",
    "al_link": "Link Telegram",
    "al_code_title": "Send this code to the bot",
    "al_code_text": "Open Telegram, start a chat with @{bot} and send this code. It works once, "
    "within 15 minutes.",
    "al_code_text_nobot": "Open Telegram, start a chat with the shop's alert bot and send this "
    "code. It works once, within 15 minutes.",
    "al_code_open": "Open the chat with the code filled in",
    "al_code_after": "Then reload this page: your Telegram shows here as linked.",
    "al_state": "State",
    "al_linked_on": "Linked {date}",
    "al_broken": "Not working",
    "al_broken_text": "Messages to your Telegram kept failing ({error}), so alerts stopped. "
    "Link it again to start them.",
    "al_relink": "Link again",
    "al_choose": "Which alerts",
    "al_kind_payment_held": "A payment waits for me to confirm it",
    "al_kind_amount_differs": "A buyer claims a payment of another amount",
    "al_kind_sms_not_understood": "An SMS from a wallet could not be read",
    "al_kind_webhook_failed": "A webhook was stopped or given up on",
    "al_kind_phone_quiet": "A phone has not forwarded SMS for an hour",
    "al_kind_phone_back": "A quiet phone forwards SMS again",
    "al_kind_chain_broken": "A balance check waits for a missing SMS",
    "al_kind_chain_gap": "A balance check went on past missing SMS",
    "al_save": "Save choices",
    "al_saved": "Your choice of alerts is saved.",
    "al_unlink": "Unlink",
    "al_unlink_label": "Unlink Telegram of {email}",
    "al_unlinked": "Telegram is unlinked: no more alerts go there.",
    "al_stop_hint": "You can also send /stop to the bot.",
    "al_shop": "The shop's Telegram alerts",
    "al_shop_none": "Nobody in this shop has linked Telegram.",
    "al_who": "Who",
    "al_not_found": "That channel is not one you can change.",
}

BN = {
    "nav_alerts": "সতর্কবার্তা",
    "al_title": "টেলিগ্রামে সতর্কবার্তা",
    "al_intro": "কোনো পেমেন্ট আপনার নিশ্চিত করার অপেক্ষায় থাকলে, কোনো ক্রেতা অন্য পরিমাণের "
    "পেমেন্ট দাবি করলে, ওয়ালেটের কোনো SMS পড়া না গেলে, ওয়েবহুক ব্যর্থ হলে, কোনো ফোন চুপ "
    "হয়ে গেলে, বা ব্যালেন্স যাচাইয়ে কোনো SMS না পেলে বার্তা পান। অপেক্ষমাণ পেমেন্টের সাথে "
    "থাকে নিশ্চিত ও পাইনি বোতাম।",
    "al_off": "সার্ভিস পরিচালক এখনও টেলিগ্রাম সতর্কবার্তা চালু করেননি।",
    "al_mine": "আপনার টেলিগ্রাম",
    "al_none": "আপনার টেলিগ্রাম যুক্ত নেই।",
    "al_link": "টেলিগ্রাম যুক্ত করুন",
    "al_code_title": "বটকে এই কোডটি পাঠান",
    "al_code_text": "টেলিগ্রাম খুলে @{bot}-এর সাথে চ্যাট শুরু করুন এবং এই কোডটি পাঠান। এটি "
    "১৫ মিনিটের মধ্যে একবারই কাজ করে।",
    "al_code_text_nobot": "টেলিগ্রাম খুলে দোকানের সতর্কবার্তা বটের সাথে চ্যাট শুরু করুন এবং এই "
    "কোডটি পাঠান। এটি ১৫ মিনিটের মধ্যে একবারই কাজ করে।",
    "al_code_open": "কোডসহ চ্যাটটি খুলুন",
    "al_code_after": "তারপর এই পাতাটি আবার লোড করুন: আপনার টেলিগ্রাম যুক্ত দেখাবে।",
    "al_state": "অবস্থা",
    "al_linked_on": "যুক্ত হয়েছে {date}",
    "al_broken": "কাজ করছে না",
    "al_broken_text": "আপনার টেলিগ্রামে বার্তা বারবার ব্যর্থ হয়েছে ({error}), তাই সতর্কবার্তা বন্ধ। "
    "আবার চালু করতে আবার যুক্ত করুন।",
    "al_relink": "আবার যুক্ত করুন",
    "al_choose": "কোন সতর্কবার্তা",
    "al_kind_payment_held": "কোনো পেমেন্ট আমার নিশ্চিত করার অপেক্ষায়",
    "al_kind_amount_differs": "কোনো ক্রেতা অন্য পরিমাণের পেমেন্ট দাবি করেছেন",
    "al_kind_sms_not_understood": "ওয়ালেটের কোনো SMS পড়া যায়নি",
    "al_kind_webhook_failed": "কোনো ওয়েবহুক থামানো হয়েছে বা চেষ্টা বন্ধ হয়েছে",
    "al_kind_phone_quiet": "কোনো ফোন এক ঘণ্টা ধরে SMS পাঠায়নি",
    "al_kind_phone_back": "চুপ থাকা ফোন আবার SMS পাঠাচ্ছে",
    "al_kind_chain_broken": "কোনো ব্যালেন্স যাচাই হারানো SMS-এর অপেক্ষায়",
    "al_kind_chain_gap": "কোনো ব্যালেন্স যাচাই হারানো SMS পেরিয়ে এগিয়েছে",
    "al_save": "পছন্দ সংরক্ষণ করুন",
    "al_saved": "আপনার সতর্কবার্তার পছন্দ সংরক্ষিত হয়েছে।",
    "al_unlink": "বিচ্ছিন্ন করুন",
    "al_unlink_label": "{email}-এর টেলিগ্রাম বিচ্ছিন্ন করুন",
    "al_unlinked": "টেলিগ্রাম বিচ্ছিন্ন হয়েছে: সেখানে আর সতর্কবার্তা যাবে না।",
    "al_stop_hint": "বটকে /stop পাঠিয়েও এটি করা যায়।",
    "al_shop": "দোকানের টেলিগ্রাম সতর্কবার্তা",
    "al_shop_none": "এই দোকানের কেউ টেলিগ্রাম যুক্ত করেননি।",
    "al_who": "কে",
    "al_not_found": "এই চ্যানেলটি আপনি বদলাতে পারবেন না।",
}
