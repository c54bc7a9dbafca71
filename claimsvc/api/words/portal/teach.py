"""Words of the teach page: choosing the parts of a message not understood, the preview of
what the wording reads, and each choice's problem."""

from __future__ import annotations

from claimsvc.api.words import Plural

EN = {
    "teach.title": "Teach a wording",
    "teach.intro": (
        "Choose which part of the message is each value. Numbers, dates and phone numbers "
        "elsewhere in the message may differ in later messages; every word must stay the same."
    ),
    "teach.message": "The message",
    "teach.from": "From {sender} ({provider}), received {when}",
    "teach.trx": "TrxID",
    "teach.amount": "Amount",
    "teach.fee": "Fee or charge",
    "teach.balance": "Balance after it",
    "teach.party": "Name of the other party (optional)",
    "teach.party_hint": (
        "Only when the message names a person or shop instead of a phone number: type the name "
        "exactly as the message shows it."
    ),
    "teach.none_in_text": "Not in this message",
    "teach.choose": "Choose…",
    "teach.what": "What the message is",
    "teach.money_in": "Money in (credit)",
    "teach.money_out": "Money out (debit)",
    "teach.claimable": "buyers can claim it",
    "teach.preview": "Preview",
    "teach.save": "Save the wording",
    "teach.back": "Back to the messages",
    "teach.preview_title": "What this wording reads",
    "teach.preview_shape": "The wording:",
    "teach.preview_count": Plural(
        "It reads {n} of your stored messages not understood, shown below. Saving it reads it "
        "again at once.",
        "It reads {n} of your stored messages not understood, shown below. Saving it reads them "
        "again at once.",
    ),
    "teach.preview_more": Plural(
        "Only your oldest message not understood was checked ({n}).",
        "Only your oldest {n} messages not understood were checked.",
    ),
    "teach.preview_none": "It reads none of your stored messages (check the choices above).",
    "teach.received": "Received",
    "teach.counterparty": "From / to",
    "teach.taught": "The wording is saved; your stored messages in it are being read again.",
    "teach.exists": "You already taught this wording.",
    "teach.not_teachable": (
        "This message cannot be taught: it was already read, or it did not come from a wallet's "
        "own sender."
    ),
    "teach.problem_outside": "choose a part of the message",
    "teach.problem_not_trx_id": "not a TrxID of this wallet",
    "teach.problem_not_money": "not an amount",
    "teach.problem_not_positive": "must be more than zero",
    "teach.problem_bad_party": "type a name of at most 80 characters",
    "teach.problem_not_in_text": "not found in the message",
    "teach.problem_overlaps": "the same part is chosen twice",
    "teach.problem_not_of_direction": "choose what the message is",
    "teach.problem_not_read_back": "these choices do not read the message back",
    "teach.problem_required": "required",
    "teach.problem_length": "this message is too long to teach a wording from",
    "teach.problem_too_many_parts": (
        "this message has too many numbers and codes to teach a wording from"
    ),
    "teach.problem_other": "not accepted",
}

BN = {
    "teach.title": "ভাষা শেখান",
    "teach.intro": (
        "বার্তার কোন অংশ কোন মান তা বেছে নিন। বার্তার অন্য জায়গার সংখ্যা, তারিখ ও ফোন নম্বর পরের "
        "বার্তায় আলাদা হতে পারে; প্রতিটি শব্দ একই থাকতে হবে।"
    ),
    "teach.message": "বার্তা",
    "teach.from": "প্রেরক {sender} ({provider}), পাওয়া গেছে {when}",
    "teach.trx": "TrxID",
    "teach.amount": "টাকার পরিমাণ",
    "teach.fee": "ফি বা চার্জ",
    "teach.balance": "এরপরের ব্যালেন্স",
    "teach.party": "অন্য পক্ষের নাম (ঐচ্ছিক)",
    "teach.party_hint": (
        "শুধু যখন বার্তায় ফোন নম্বরের বদলে কোনো ব্যক্তি বা দোকানের নাম থাকে: নামটি বার্তায় "
        "যেভাবে আছে ঠিক সেভাবে লিখুন।"
    ),
    "teach.none_in_text": "এই বার্তায় নেই",
    "teach.choose": "বেছে নিন…",
    "teach.what": "বার্তাটি কী",
    "teach.money_in": "টাকা এসেছে (ক্রেডিট)",
    "teach.money_out": "টাকা গেছে (ডেবিট)",
    "teach.claimable": "ক্রেতারা দাবি করতে পারেন",
    "teach.preview": "আগে দেখুন",
    "teach.save": "ভাষাটি সংরক্ষণ করুন",
    "teach.back": "বার্তাগুলোতে ফিরে যান",
    "teach.preview_title": "এই ভাষা যা পড়ে",
    "teach.preview_shape": "ভাষা:",
    "teach.preview_count": Plural(
        (
            "এটি আপনার না-বোঝা সংরক্ষিত বার্তার {n}টি পড়ে, নিচে দেখানো হলো। "
            "সংরক্ষণ করলে সেগুলো সঙ্গে সঙ্গে আবার পড়া হবে।"
        ),
        (
            "এটি আপনার না-বোঝা সংরক্ষিত বার্তার {n}টি পড়ে, নিচে দেখানো হলো। "
            "সংরক্ষণ করলে সেগুলো সঙ্গে সঙ্গে আবার পড়া হবে।"
        ),
    ),
    "teach.preview_more": Plural(
        "শুধু আপনার সবচেয়ে পুরোনো {n}টি না-বোঝা বার্তা দেখা হয়েছে।",
        "শুধু আপনার সবচেয়ে পুরোনো {n}টি না-বোঝা বার্তা দেখা হয়েছে।",
    ),
    "teach.preview_none": "এটি আপনার সংরক্ষিত কোনো বার্তা পড়ে না (উপরের পছন্দগুলো দেখুন)।",
    "teach.received": "পাওয়া গেছে",
    "teach.counterparty": "প্রেরক / প্রাপক",
    "teach.taught": "ভাষাটি সংরক্ষিত হয়েছে; এই ভাষার সংরক্ষিত বার্তাগুলো আবার পড়া হচ্ছে।",
    "teach.exists": "এই ভাষাটি আপনি আগেই শিখিয়েছেন।",
    "teach.not_teachable": (
        "এই বার্তা দিয়ে শেখানো যায় না: এটি আগেই পড়া হয়েছে, অথবা কোনো ওয়ালেটের নিজস্ব প্রেরক থেকে আসেনি।"
    ),
    "teach.problem_outside": "বার্তার একটি অংশ বেছে নিন",
    "teach.problem_not_trx_id": "এই ওয়ালেটের TrxID নয়",
    "teach.problem_not_money": "টাকার পরিমাণ নয়",
    "teach.problem_not_positive": "শূন্যের বেশি হতে হবে",
    "teach.problem_bad_party": "৮০ অক্ষরের মধ্যে একটি নাম লিখুন",
    "teach.problem_not_in_text": "বার্তায় পাওয়া যায়নি",
    "teach.problem_overlaps": "একই অংশ দুবার বেছে নেওয়া হয়েছে",
    "teach.problem_not_of_direction": "বার্তাটি কী তা বেছে নিন",
    "teach.problem_not_read_back": "এই পছন্দগুলো দিয়ে বার্তাটি আবার পড়া যায় না",
    "teach.problem_required": "আবশ্যক",
    "teach.problem_length": "এই বার্তাটি ভাষা শেখানোর জন্য খুব লম্বা",
    "teach.problem_too_many_parts": "এই বার্তায় ভাষা শেখানোর জন্য খুব বেশি সংখ্যা ও কোড আছে",
    "teach.problem_other": "গ্রহণযোগ্য নয়",
}
