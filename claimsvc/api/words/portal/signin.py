"""Words of signing in: the sign-in form, the two-factor step and choosing a password by link."""

from __future__ import annotations

from claimsvc.api.words import Plural

EN = {
    "signin.email": "Email",
    "signin.password": "Password",
    "signin.signed_out": "You are signed out.",
    "signin.code_title": "Two-factor code",
    "signin.code_text": "Enter the 6-digit code your authenticator app shows now.",
    "signin.code_label": "Code",
    "signin.code_hint": "Lost your phone? Enter one of your recovery codes instead.",
    "signin.code_button": "Continue",
    "signin.code_failed": "That code is wrong or was already used.",
    "signin.code_used": (
        "That code was used already. Wait for your app to show the next code (up to 30 seconds) "
        "and enter that one."
    ),
    "signin.set_password_title": "Choose your password",
    "signin.set_password_text": "Choose a password for {email}.",
    "signin.set_password_button": "Save password",
    "signin.password_set": "Your password is set. Please sign in.",
    "signin.invite_invalid": (
        "This link has expired or was already used. Ask your account owner for a new one."
    ),
    "signin.title": "Sign in",
    "signin.button": "Sign in",
    "signin.failed": "Wrong email or password.",
    "signin.limited": "Too many sign-in attempts. {wait}",
    "signin.guarded": (
        "This account has had too many failed sign-ins, so a new browser gets only a few tries. "
        "If you use two-factor sign-in, enter your password and a code from your authenticator "
        "app together. If you do not, check your password and try again; after a few tries: "
        "{wait}"
    ),
    "signin.wait_minutes": Plural(
        "Please wait {n} minute and try again.", "Please wait {n} minutes and try again."
    ),
}

BN = {
    "signin.email": "ইমেইল",
    "signin.password": "পাসওয়ার্ড",
    "signin.signed_out": "আপনি সাইন আউট করেছেন।",
    "signin.code_title": "টু-ফ্যাক্টর কোড",
    "signin.code_text": "আপনার অথেনটিকেটর অ্যাপে এখন যে ৬ অঙ্কের কোড দেখাচ্ছে তা লিখুন।",
    "signin.code_label": "কোড",
    "signin.code_hint": "ফোন হারিয়েছেন? তার বদলে আপনার একটি রিকভারি কোড লিখুন।",
    "signin.code_button": "এগিয়ে যান",
    "signin.code_failed": "কোডটি ভুল অথবা আগেই ব্যবহার করা হয়েছে।",
    "signin.code_used": (
        "এই কোড আগেই ব্যবহার করা হয়েছে। অ্যাপে পরের কোড আসা পর্যন্ত (৩০ সেকেন্ড পর্যন্ত) অপেক্ষা করে সেটি লিখুন।"
    ),
    "signin.set_password_title": "পাসওয়ার্ড ঠিক করুন",
    "signin.set_password_text": "{email} এর জন্য একটি পাসওয়ার্ড ঠিক করুন।",
    "signin.set_password_button": "পাসওয়ার্ড সংরক্ষণ করুন",
    "signin.password_set": "আপনার পাসওয়ার্ড ঠিক হয়েছে। সাইন ইন করুন।",
    "signin.invite_invalid": (
        "এই লিংকের মেয়াদ শেষ অথবা আগেই ব্যবহার হয়েছে। অ্যাকাউন্টের মালিকের কাছে নতুন লিংক চান।"
    ),
    "signin.title": "সাইন ইন",
    "signin.button": "সাইন ইন",
    "signin.failed": "ইমেইল বা পাসওয়ার্ড ভুল।",
    "signin.limited": "অনেকবার সাইন ইনের চেষ্টা হয়েছে। {wait}",
    "signin.guarded": (
        "এই অ্যাকাউন্টে অনেকবার ভুল সাইন ইনের চেষ্টা হয়েছে, তাই নতুন ব্রাউজার অল্প কয়েকবার "
        "চেষ্টা করতে পারে। টু-ফ্যাক্টর সাইন ইন চালু থাকলে পাসওয়ার্ডের সাথে আপনার অথেনটিকেটর "
        "অ্যাপের কোড একসাথে লিখুন। তা না হলে পাসওয়ার্ড দেখে আবার চেষ্টা করুন; কয়েকবার পরে: {wait}"
    ),
    "signin.wait_minutes": Plural(
        "{n} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।", "{n} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।"
    ),
}
