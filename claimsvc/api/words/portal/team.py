"""Words of the team page: the account's users, invites, roles and sign-in links."""

from __future__ import annotations

EN = {
    "team.link_title": "Link for {email}",
    "team.link_text": (
        "Send this link to them yourself. It works once, for 72 hours, and is shown only now."
    ),
    "team.role": "Role",
    "team.status": "Status",
    "team.you": "you",
    "team.role_for": "Role of {email}",
    "team.role_button": "Change role",
    "team.link_button": "New sign-in link",
    "team.link_button_for": "New sign-in link for {email}",
    "team.disable_button": "Disable",
    "team.disable_button_for": "Disable {email}",
    "team.invite_title": "Invite someone",
    "team.name_optional": "Name (optional)",
    "team.roles_hint": (
        "Owner: everything. Developer: API keys, webhooks, devices, wallets. Staff: payments, "
        "confirming payments, payment links."
    ),
    "team.invite_button": "Invite",
    "team.role_changed": "The role is changed.",
    "team.user_disabled": "The user is disabled and signed out.",
    "team.user_exists": "Someone with this email already has a portal user.",
    "team.last_owner": "The last active owner cannot be demoted or disabled.",
    "team.copy_what_invite": "the sign-in link",
    "team.twofa_short": "two-factor",
    "team.title": "Team",
    "team.caption": "People who can sign in to this account",
    "team.self": (
        "You cannot change your own role or access, nor make your own sign-in link: ask another "
        "owner. Your password and two-factor are on the Security page."
    ),
    "team.self_hint": (
        "You: another owner changes your role or access. Your password is on the Security page."
    ),
    "team.bad_email": "Enter an email address, such as name@example.com.",
    "team.bad_role": "Choose one of the roles: owner, developer or staff.",
    "team.email": "Email",
}

BN = {
    "team.link_title": "{email} এর জন্য লিংক",
    "team.link_text": (
        "লিংকটি আপনি নিজে তাকে পাঠান। এটি ৭২ ঘণ্টার মধ্যে একবার কাজ করে এবং শুধু এখনই দেখানো হচ্ছে।"
    ),
    "team.role": "ভূমিকা",
    "team.status": "অবস্থা",
    "team.you": "আপনি",
    "team.role_for": "{email} এর ভূমিকা",
    "team.role_button": "ভূমিকা বদলান",
    "team.link_button": "নতুন সাইন-ইন লিংক",
    "team.link_button_for": "{email} এর জন্য নতুন সাইন-ইন লিংক",
    "team.disable_button": "নিষ্ক্রিয় করুন",
    "team.disable_button_for": "{email} কে নিষ্ক্রিয় করুন",
    "team.invite_title": "কাউকে আমন্ত্রণ জানান",
    "team.name_optional": "নাম (ঐচ্ছিক)",
    "team.roles_hint": (
        "মালিক: সবকিছু। ডেভেলপার: এপিআই কী, ওয়েবহুক, ডিভাইস, ওয়ালেট। কর্মী: পেমেন্ট, পেমেন্ট "
        "নিশ্চিত করা, পেমেন্ট লিংক।"
    ),
    "team.invite_button": "আমন্ত্রণ জানান",
    "team.role_changed": "ভূমিকা বদলানো হয়েছে।",
    "team.user_disabled": "ব্যবহারকারী নিষ্ক্রিয় ও সাইন আউট হয়েছেন।",
    "team.user_exists": "এই ইমেইলে আগেই একজন পোর্টাল ব্যবহারকারী আছেন।",
    "team.last_owner": "শেষ সক্রিয় মালিকের ভূমিকা বদলানো বা তাকে নিষ্ক্রিয় করা যায় না।",
    "team.copy_what_invite": "সাইন-ইন লিংক",
    "team.twofa_short": "টু-ফ্যাক্টর",
    "team.title": "টিম",
    "team.caption": "যারা এই অ্যাকাউন্টে সাইন ইন করতে পারেন",
    "team.self": (
        "নিজের ভূমিকা বা প্রবেশাধিকার বদলানো, বা নিজের সাইন-ইন লিংক তৈরি করা যায় না: অন্য একজন "
        "মালিককে বলুন। আপনার পাসওয়ার্ড ও টু-ফ্যাক্টর নিরাপত্তা পাতায়।"
    ),
    "team.self_hint": ("আপনি: আপনার ভূমিকা বা প্রবেশাধিকার অন্য একজন মালিক বদলান। আপনার পাসওয়ার্ড নিরাপত্তা পাতায়।"),
    "team.bad_email": "একটি ইমেইল ঠিকানা লিখুন, যেমন name@example.com।",
    "team.bad_role": "ভূমিকাগুলোর একটি বেছে নিন: মালিক, ডেভেলপার বা কর্মী।",
    "team.email": "ইমেইল",
}
