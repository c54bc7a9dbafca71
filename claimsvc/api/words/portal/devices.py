"""Words of the devices pages: the list with the pairing form, the page that shows a paired
phone's token once, and revoking a phone."""

from __future__ import annotations

EN = {
    "devices.title": "Devices",
    "devices.intro": (
        "Phones that forward your wallet SMS. A phone is quiet when it has not called in for the "
        "time set on the Alerts page (an hour unless changed): check that the forwarder app is "
        "running."
    ),
    "devices.name": "Name",
    "devices.token_prefix": "Token starts with",
    "devices.last_seen": "Last seen",
    "devices.never_seen": "Never",
    "devices.paired_at": "Paired",
    "devices.state": "State",
    "devices.state_active": "Active",
    "devices.state_quiet": "Quiet",
    "devices.state_revoked": "Revoked",
    "devices.none": "No phone is paired yet.",
    "devices.pair_title": "Pair a phone",
    "devices.name_hint": "A name you will recognise, such as “Shop phone”.",
    "devices.bad_name": "Enter a name of 1 to 100 characters.",
    "devices.signing_key": "Signing key (optional)",
    "devices.signing_key_hint": (
        "Only for SMS Gateway for Android (its Settings → Webhooks → Signing Key) or SMS Forwarder "
        "(its Webhook's Secret). With it, every request must be signed."
    ),
    "devices.bad_signing_key": (
        "A signing key has 8 to 256 characters; leave it empty if the app has none."
    ),
    "devices.pair": "Pair",
    "devices.paired_title": "Phone paired",
    "devices.paired_once": (
        "This token and QR code are shown only now. Set up the app before you leave this page; if "
        "you lose them, pair the phone again and revoke this one."
    ),
    "devices.token": "Device token",
    "devices.intake_url": "Address for the app (holds the token)",
    "devices.unreachable_title": "A phone cannot reach this address",
    "devices.unreachable_text": (
        "The address for the app starts with {url}: that is the server's own machine, so a phone "
        "that opens it reaches itself and its SMS never arrive here."
    ),
    "devices.unreachable_fix": (
        "Set CLAIMSVC_PUBLIC_SMS_URL to an address the phone can open (on the same Wi-Fi, this "
        "computer's network address and the SMS port; in production, your public https address for "
        "SMS), restart the service and pair the phone again. For example:"
    ),
    "devices.unreachable_more": 'More in docs/sms-forwarders.md, "Pairing a phone in the portal".',
    "devices.qr_alt": "QR code of the address for the app",
    "devices.qr_hint": "Scan it with the phone's camera and copy the address it shows.",
    "devices.setup_title": "Set up the forwarder app",
    "devices.app_bog": "Incoming SMS to URL forwarder",
    "devices.app_bog_1": "Install Incoming SMS to URL forwarder and allow it to read SMS.",
    "devices.app_bog_2": (
        "Add a forwarding rule. Sender: * (every SMS), or one rule per wallet sender ({senders})."
    ),
    "devices.app_bog_3": "Webhook URL: paste the address above (scan the QR code and copy it).",
    "devices.app_bog_4": (
        "Keep the default JSON template and save. Press Test: the phone's last seen time here "
        "moves."
    ),
    "devices.app_pppscn": "SMS Forwarder (pppscn)",
    "devices.app_pppscn_1": "Install SMS Forwarder and allow it to read SMS.",
    "devices.app_pppscn_2": (
        "Senders → Add sender → Webhook. Webhook Server: paste the address above (scan the QR code "
        "and copy it). Method: POST. Leave Params empty."
    ),
    "devices.app_pppscn_3": (
        "Secret: leave it empty, or type the signing key you gave above (then every request must "
        "carry its sign)."
    ),
    "devices.app_pppscn_4": (
        "Rules → Add rule: SMS, every sender or one rule per wallet sender ({senders}), "
        "sent through that Webhook; keep the default SMS template. Press Test: the "
        "phone's last seen time here moves."
    ),
    "devices.app_capcom": "SMS Gateway for Android",
    "devices.app_capcom_1": (
        "Install SMS Gateway for Android and start it (Local or Cloud mode). The Home tab shows "
        "its user name and password."
    ),
    "devices.app_capcom_2": (
        "The app takes webhooks only through its API, not by QR code: from a computer, register "
        "the address above for the event sms:received (Local mode: POST http://<phone "
        "address>:8080/webhooks; Cloud mode: POST https://api.sms-gate.app/3rdparty/v1/webhooks, "
        "or the SMS Gateway web dashboard)."
    ),
    "devices.app_capcom_3": (
        "Register the same address for system:ping and turn on Settings → Ping, so that a silent "
        "phone shows as quiet here."
    ),
    "devices.app_capcom_4": (
        "If you gave a signing key above, it must be the app's Settings → Webhooks → Signing Key."
    ),
    "devices.back": "Back to devices",
    "devices.revoke": "Revoke",
    "devices.revoke_title": "Revoke a phone",
    "devices.revoke_confirm": "Revoke {name}? Its token stops working at once.",
    "devices.cancel": "Cancel",
    "devices.revoked": "The phone is revoked; its token no longer works.",
}

BN = {
    "devices.title": "ডিভাইস",
    "devices.intro": (
        "যে ফোনগুলো আপনার ওয়ালেটের এসএমএস পাঠায়। সতর্কবার্তা পাতায় ঠিক করা সময় (না বদলালে এক "
        "ঘণ্টা) কোনো সাড়া না দিলে ফোনটি নীরব: ফরোয়ার্ডার অ্যাপ চলছে কি না দেখুন।"
    ),
    "devices.name": "নাম",
    "devices.token_prefix": "টোকেনের শুরু",
    "devices.last_seen": "শেষ দেখা",
    "devices.never_seen": "কখনো না",
    "devices.paired_at": "যুক্ত হয়েছে",
    "devices.state": "অবস্থা",
    "devices.state_active": "সক্রিয়",
    "devices.state_quiet": "নীরব",
    "devices.state_revoked": "প্রত্যাহার করা",
    "devices.none": "এখনো কোনো ফোন যুক্ত হয়নি।",
    "devices.pair_title": "ফোন যুক্ত করুন",
    "devices.name_hint": "চেনা যায় এমন একটি নাম, যেমন “দোকানের ফোন”।",
    "devices.bad_name": "১ থেকে ১০০ অক্ষরের একটি নাম লিখুন।",
    "devices.signing_key": "সাইনিং কী (ঐচ্ছিক)",
    "devices.signing_key_hint": (
        "শুধু SMS Gateway for Android (Settings → Webhooks → Signing Key) বা SMS Forwarder "
        "(Webhook-এর Secret)-এর জন্য। দিলে প্রতিটি অনুরোধ সাইন করা থাকতে হবে।"
    ),
    "devices.bad_signing_key": "সাইনিং কী ৮ থেকে ২৫৬ অক্ষরের হয়; অ্যাপে না থাকলে খালি রাখুন।",
    "devices.pair": "যুক্ত করুন",
    "devices.paired_title": "ফোন যুক্ত হয়েছে",
    "devices.paired_once": (
        "এই টোকেন ও কিউআর কোড শুধু এখনই দেখানো হচ্ছে। পাতা ছাড়ার আগে অ্যাপ সেট করুন; হারালে ফোনটি "
        "আবার যুক্ত করুন এবং এটি প্রত্যাহার করুন।"
    ),
    "devices.token": "ডিভাইস টোকেন",
    "devices.intake_url": "অ্যাপের ঠিকানা (টোকেনসহ)",
    "devices.unreachable_title": "ফোন এই ঠিকানায় পৌঁছাতে পারবে না",
    "devices.unreachable_text": (
        "অ্যাপের ঠিকানা শুরু হয় {url} দিয়ে: এটি সার্ভারের নিজের মেশিন, তাই ফোন এটি খুললে নিজের "
        "কাছেই পৌঁছায় এবং এর এসএমএস কখনো এখানে আসে না।"
    ),
    "devices.unreachable_fix": (
        "CLAIMSVC_PUBLIC_SMS_URL এমন একটি ঠিকানায় সেট করুন যা ফোন খুলতে পারে (একই ওয়াই-ফাইতে এই "
        "কম্পিউটারের নেটওয়ার্ক ঠিকানা ও এসএমএস পোর্ট; প্রোডাকশনে এসএমএসের জন্য আপনার পাবলিক https "
        "ঠিকানা), সার্ভিস আবার চালু করুন এবং ফোনটি আবার যুক্ত করুন। যেমন:"
    ),
    "devices.unreachable_more": (
        'আরও আছে docs/sms-forwarders.md-এর "Pairing a phone in the portal" অংশে।'
    ),
    "devices.qr_alt": "অ্যাপের ঠিকানার কিউআর কোড",
    "devices.qr_hint": "ফোনের ক্যামেরা দিয়ে স্ক্যান করে দেখানো ঠিকানাটি কপি করুন।",
    "devices.setup_title": "ফরোয়ার্ডার অ্যাপ সেট করুন",
    "devices.app_bog": "Incoming SMS to URL forwarder",
    "devices.app_bog_1": "Incoming SMS to URL forwarder ইনস্টল করুন এবং এসএমএস পড়ার অনুমতি দিন।",
    "devices.app_bog_2": (
        "একটি ফরোয়ার্ডিং নিয়ম যোগ করুন। Sender: * (সব এসএমএস), অথবা প্রতিটি ওয়ালেট প্রেরকের "
        "জন্য একটি নিয়ম ({senders})।"
    ),
    "devices.app_bog_3": "Webhook URL: উপরের ঠিকানা পেস্ট করুন (কিউআর কোড স্ক্যান করে কপি করুন)।",
    "devices.app_bog_4": (
        "ডিফল্ট JSON টেমপ্লেট রেখে সেভ করুন। Test চাপুন: এখানে ফোনের শেষ দেখার সময় বদলাবে।"
    ),
    "devices.app_pppscn": "SMS Forwarder (pppscn)",
    "devices.app_pppscn_1": "SMS Forwarder ইনস্টল করুন এবং এসএমএস পড়ার অনুমতি দিন।",
    "devices.app_pppscn_2": (
        "Senders → Add sender → Webhook। Webhook Server: উপরের ঠিকানা পেস্ট করুন (কিউআর কোড "
        "স্ক্যান করে কপি করুন)। Method: POST। Params খালি রাখুন।"
    ),
    "devices.app_pppscn_3": (
        "Secret: খালি রাখুন, অথবা উপরে দেওয়া সাইনিং কী লিখুন (তখন প্রতিটি অনুরোধে এর sign থাকতে হবে)।"
    ),
    "devices.app_pppscn_4": (
        "Rules → Add rule: SMS, সব প্রেরক অথবা প্রতিটি ওয়ালেট প্রেরকের জন্য একটি নিয়ম "
        "({senders}), ওই Webhook দিয়ে পাঠানো; ডিফল্ট SMS টেমপ্লেট রাখুন। Test "
        "চাপুন: এখানে ফোনের শেষ দেখার সময় বদলাবে।"
    ),
    "devices.app_capcom": "SMS Gateway for Android",
    "devices.app_capcom_1": (
        "SMS Gateway for Android ইনস্টল করে চালু করুন (Local বা Cloud মোড)। Home ট্যাবে এর ইউজার "
        "নাম ও পাসওয়ার্ড আছে।"
    ),
    "devices.app_capcom_2": (
        "অ্যাপটি কিউআর কোড নয়, শুধু এর এপিআই দিয়ে ওয়েবহুক নেয়: একটি কম্পিউটার থেকে "
        "sms:received ইভেন্টের জন্য উপরের ঠিকানা নিবন্ধন করুন (Local মোড: POST http://<ফোনের "
        "ঠিকানা>:8080/webhooks; Cloud মোড: POST https://api.sms-gate.app/3rdparty/v1/webhooks, "
        "অথবা SMS Gateway ওয়েব ড্যাশবোর্ড)।"
    ),
    "devices.app_capcom_3": (
        "একই ঠিকানা system:ping-এর জন্যও নিবন্ধন করুন এবং Settings → Ping চালু করুন, যাতে চুপ থাকা "
        "ফোন এখানে নীরব দেখায়।"
    ),
    "devices.app_capcom_4": (
        "উপরে সাইনিং কী দিলে সেটি অ্যাপের Settings → Webhooks → Signing Key হতে হবে।"
    ),
    "devices.back": "ডিভাইসে ফিরে যান",
    "devices.revoke": "প্রত্যাহার করুন",
    "devices.revoke_title": "ফোন প্রত্যাহার",
    "devices.revoke_confirm": "{name} প্রত্যাহার করবেন? এর টোকেন সঙ্গে সঙ্গে অকেজো হবে।",
    "devices.cancel": "ফিরে যান",
    "devices.revoked": "ফোনটি প্রত্যাহার করা হয়েছে; এর টোকেন আর কাজ করে না।",
}
