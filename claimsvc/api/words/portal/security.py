"""Words of the security page: password, two-factor sign-in and recovery codes."""

from __future__ import annotations

EN = {
    "security.new_password": "New password",
    "security.password_again": "New password again",
    "security.password_rules": "10 to 128 characters; not your email and not a common password.",
    "security.password_mismatch": "The two passwords are not the same.",
    "security.password_too_short": "The password is too short: use at least 10 characters.",
    "security.password_too_long": "The password is too long: use at most 128 characters.",
    "security.password_is_email": "The password must not be your email address.",
    "security.password_too_common": "This password is too common. Choose another.",
    "security.codes_title": "Your recovery codes",
    "security.codes_text": (
        "Save these codes somewhere safe now: they are shown only this once. Each works once, "
        "instead of a code from your app."
    ),
    "security.codes_button": "Make new recovery codes",
    "security.enrol_title": "Set up two-factor sign-in",
    "security.enrol_text": (
        "Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft "
        "Authenticator or Aegis), then enter the code it shows."
    ),
    "security.enrol_qr_alt": "QR code for your authenticator app",
    "security.enrol_secret": "Or type this key into the app:",
    "security.enrol_code": "Code from the app",
    "security.enrol_button": "Turn on two-factor",
    "security.enrol_code_failed": (
        "That code did not match. Check that you typed the code of this entry in the app and try "
        "again ({left} tries left)."
    ),
    "security.enrol_tries": (
        "Tries left: {left}. The set-up stays until you turn it on or cancel it (30 minutes at "
        "most): the entry you scanned stays right."
    ),
    "security.enrol_ended": (
        "The set-up ended (too many wrong codes, or older than 30 minutes). Remove its entry from "
        "your app and set up two-factor again."
    ),
    "security.enrol_cancel": "Cancel the set-up",
    "security.enrol_cancelled": "The set-up is cancelled. Remove its entry from your app.",
    "security.codes_next_signin": (
        "Two-factor sign-in is on. Each code works once: when you next sign in, wait for your app "
        "to show a new code if it still shows the one you just typed."
    ),
    "security.codes_code_label": "Code for new recovery codes",
    "security.codes_code_hint": "A code from your app or one of your recovery codes.",
    "security.disable_code_label": "Code to turn two-factor off",
    "security.twofa_title": "Two-factor sign-in",
    "security.twofa_on": (
        "Two-factor sign-in is on. Enter a code to turn it off or to make new recovery codes."
    ),
    "security.twofa_off": (
        "Two-factor sign-in is off. Turn it on so a stolen password is not enough."
    ),
    "security.twofa_start": "Set up two-factor",
    "security.twofa_disable": "Turn off two-factor",
    "security.totp_disabled": "Two-factor sign-in is off.",
    "security.change_password": "Change password",
    "security.current_password": "Current password",
    "security.current_password_wrong": "The current password is wrong.",
    "security.password_changed": "Your password is changed. Your other sessions were signed out.",
    "security.copy_what_totp": "the key for the app",
    "security.title": "Security",
}

BN = {
    "security.new_password": "নতুন পাসওয়ার্ড",
    "security.password_again": "নতুন পাসওয়ার্ড আবার",
    "security.password_rules": "১০ থেকে ১২৮ অক্ষর; আপনার ইমেইল বা খুব প্রচলিত পাসওয়ার্ড নয়।",
    "security.password_mismatch": "দুটি পাসওয়ার্ড এক নয়।",
    "security.password_too_short": "পাসওয়ার্ড খুব ছোট: অন্তত ১০ অক্ষর দিন।",
    "security.password_too_long": "পাসওয়ার্ড খুব বড়: সর্বোচ্চ ১২৮ অক্ষর দিন।",
    "security.password_is_email": "পাসওয়ার্ড আপনার ইমেইল ঠিকানা হতে পারবে না।",
    "security.password_too_common": "এই পাসওয়ার্ডটি খুব প্রচলিত। অন্য একটি বেছে নিন।",
    "security.codes_title": "আপনার রিকভারি কোড",
    "security.codes_text": (
        "কোডগুলো এখনই নিরাপদ কোথাও রাখুন: এগুলো শুধু এবারই দেখানো হচ্ছে। অ্যাপের কোডের বদলে প্রতিটি একবার কাজ করে।"
    ),
    "security.codes_button": "নতুন রিকভারি কোড তৈরি করুন",
    "security.enrol_title": "টু-ফ্যাক্টর সাইন ইন চালু করুন",
    "security.enrol_text": (
        "একটি অথেনটিকেটর অ্যাপ (যেমন Google Authenticator, Microsoft Authenticator বা Aegis) দিয়ে "
        "এই QR কোড স্ক্যান করুন, তারপর অ্যাপের দেখানো কোড লিখুন।"
    ),
    "security.enrol_qr_alt": "আপনার অথেনটিকেটর অ্যাপের জন্য QR কোড",
    "security.enrol_secret": "অথবা এই কী অ্যাপে টাইপ করুন:",
    "security.enrol_code": "অ্যাপের কোড",
    "security.enrol_button": "টু-ফ্যাক্টর চালু করুন",
    "security.enrol_code_failed": (
        "কোড মেলেনি। অ্যাপে এই এন্ট্রির কোডই লিখেছেন কি না দেখে আবার চেষ্টা করুন (আর {left} বার চেষ্টা করা যাবে)।"
    ),
    "security.enrol_tries": (
        "আর {left} বার চেষ্টা করা যাবে। চালু বা বাতিল না করা পর্যন্ত (সর্বোচ্চ ৩০ মিনিট) এই সেট-আপ "
        "থাকবে: যে এন্ট্রি স্ক্যান করেছেন সেটিই ঠিক থাকবে।"
    ),
    "security.enrol_ended": (
        "সেট-আপ শেষ হয়ে গেছে (অনেকবার ভুল কোড, অথবা ৩০ মিনিটের বেশি পুরোনো)। অ্যাপ থেকে এর "
        "এন্ট্রি মুছে আবার টু-ফ্যাক্টর চালু করুন।"
    ),
    "security.enrol_cancel": "সেট-আপ বাতিল করুন",
    "security.enrol_cancelled": "সেট-আপ বাতিল হয়েছে। অ্যাপ থেকে এর এন্ট্রি মুছে দিন।",
    "security.codes_next_signin": (
        "টু-ফ্যাক্টর সাইন ইন চালু হয়েছে। প্রতিটি কোড একবারই কাজ করে: পরের বার সাইন ইন করার সময় "
        "অ্যাপে এখনো এইমাত্র লেখা কোডটি দেখালে নতুন কোডের জন্য অপেক্ষা করুন।"
    ),
    "security.codes_code_label": "নতুন রিকভারি কোডের জন্য কোড",
    "security.codes_code_hint": "অ্যাপের একটি কোড অথবা আপনার একটি রিকভারি কোড।",
    "security.disable_code_label": "টু-ফ্যাক্টর বন্ধ করার কোড",
    "security.twofa_title": "টু-ফ্যাক্টর সাইন ইন",
    "security.twofa_on": ("টু-ফ্যাক্টর সাইন ইন চালু আছে। বন্ধ করতে বা নতুন রিকভারি কোড পেতে একটি কোড লিখুন।"),
    "security.twofa_off": ("টু-ফ্যাক্টর সাইন ইন বন্ধ। চালু করুন, যাতে শুধু পাসওয়ার্ড চুরি হলেই যথেষ্ট না হয়।"),
    "security.twofa_start": "টু-ফ্যাক্টর চালু করুন",
    "security.twofa_disable": "টু-ফ্যাক্টর বন্ধ করুন",
    "security.totp_disabled": "টু-ফ্যাক্টর সাইন ইন বন্ধ হয়েছে।",
    "security.change_password": "পাসওয়ার্ড বদলান",
    "security.current_password": "বর্তমান পাসওয়ার্ড",
    "security.current_password_wrong": "বর্তমান পাসওয়ার্ড ভুল।",
    "security.password_changed": ("পাসওয়ার্ড বদলানো হয়েছে। আপনার অন্য সেশনগুলো সাইন আউট করা হয়েছে।"),
    "security.copy_what_totp": "অ্যাপের কী",
    "security.title": "নিরাপত্তা",
}
