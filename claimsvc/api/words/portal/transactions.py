"""Words of the transactions & SMS page: the wallet transactions read from the phones' SMS,
the SMS that gave none with the reason, and confirming by hand."""

from __future__ import annotations

EN = {
    "transactions.title": "Transactions and SMS",
    "transactions.intro": (
        "Wallet transactions read from your phone's SMS, and the SMS that gave none."
    ),
    "transactions.status": "Status",
    "transactions.result": "Result",
    "transactions.all": "All",
    "transactions.not_understood": "Not read or suspect",
    "transactions.apply": "Show",
    "transactions.received": "Received",
    "transactions.wallet": "Wallet",
    "transactions.trx_id": "TrxID",
    "transactions.amount": "Amount",
    "transactions.direction": "In / out",
    "transactions.credit": "In",
    "transactions.debit": "Out",
    "transactions.counterparty": "From / to",
    "transactions.reason": "Why",
    "transactions.read_by": "Read by",
    "transactions.read_by_rule": "Known wording",
    "transactions.read_by_arithmetic": "Its balance (new wording)",
    "transactions.read_by_taught": "Your taught wording",
    "transactions.confirm": "Confirm payment",
    "transactions.override": (
        "I checked the wallet app: the money is there (confirm although suspect)"
    ),
    "transactions.confirmed": "The transaction is confirmed; a payment waiting on it is completed.",
    "transactions.suspect_refused": (
        "This transaction is suspect. Tick the box to confirm it anyway, only if the wallet app "
        "shows the money."
    ),
    "transactions.none": "No transactions.",
    "transactions.pages": "Pages of transactions",
    "transactions.msgs_title": "SMS not understood",
    "transactions.msgs_intro": "SMS that gave no transaction a payment can use, with the reason.",
    "transactions.msgs_pages": "Pages of SMS",
    "transactions.sender": "Sender",
    "transactions.text": "Text",
    "transactions.msgs_none": "No SMS.",
    "transactions.teach": "Teach this wording",
    "transactions.teach_label": "Teach the wording of the message received {when}",
    "transactions.why_no_trx_id": "Looks like a payment, but no TrxID or amount was found.",
    "transactions.why_no_pattern": "A wording we do not know yet; kept for a parser update.",
    "transactions.why_too_long": "Too long to be a wallet SMS.",
    "transactions.why_parser_error": "The reader failed on it; kept for review.",
    "transactions.why_processing_failed": "Processing kept failing; kept for review.",
    "transactions.why_invalid_transaction": (
        "Its figures cannot be a transaction (such as a zero amount)."
    ),
    "transactions.why_otp": "A one-time code.",
    "transactions.why_promotion": "An offer or promotion.",
    "transactions.why_balance_inquiry": "A balance inquiry.",
    "transactions.why_failed": "A failed or reversed transaction: no money moved.",
    "transactions.why_info": "A notice that moved no money.",
    "transactions.why_not_wallet": "Not from a wallet.",
    "transactions.why_unknown_sender": (
        "Looks like a payment but comes from a sender no wallet uses."
    ),
    "transactions.why_trx_id_conflict": "Reuses a known TrxID with other figures.",
    "transactions.why_duplicate_transaction": "The same transaction arrived before.",
    "transactions.why_reversal": "A reversal of an earlier transaction.",
    "transactions.why_no_balance": (
        "The SMS states no balance: confirm by hand if the wallet shows it."
    ),
    "transactions.why_before_anchor": (
        "Received before your balance anchor: confirm by hand if right."
    ),
    "transactions.why_chain_start": (
        "The first SMS of this wallet: nothing to check it against yet."
    ),
    "transactions.why_chained": "Fits the wallet's balance.",
    "transactions.why_chained_after_gap": "Fits the balance after a missed SMS.",
    "transactions.why_gap_start": "First after a missed SMS: check the wallet app.",
    "transactions.why_gap_filled": "The missed SMS arrived; it fits now.",
    "transactions.why_gap": "Does not fit the balance yet; another SMS may be on its way.",
    "transactions.why_held_overflow": "Too many SMS were waiting; released for review.",
    "transactions.why_never_chains": (
        "Can never fit the balance: do not hand over goods unless the wallet app shows the money."
    ),
    "transactions.why_reversed": "The wallet reversed it.",
    "transactions.why_other": "Other ({code}).",
    "transactions.why_confirmed_by_hand": "Confirmed by hand by {who}.",
    "transactions.by_operator": "the operator (admin API)",
    "transactions.verification_off": (
        "Balance verification is off for this account, so a payment with it completed "
        "without waiting for this check."
    ),
}

BN = {
    "transactions.title": "লেনদেন ও এসএমএস",
    "transactions.intro": (
        "আপনার ফোনের এসএমএস থেকে পড়া ওয়ালেট লেনদেন, এবং যে এসএমএস থেকে কিছু পাওয়া যায়নি।"
    ),
    "transactions.status": "অবস্থা",
    "transactions.result": "ফল",
    "transactions.all": "সব",
    "transactions.not_understood": "পড়া যায়নি বা সন্দেহজনক",
    "transactions.apply": "দেখান",
    "transactions.received": "পাওয়া গেছে",
    "transactions.wallet": "ওয়ালেট",
    "transactions.trx_id": "TrxID",
    "transactions.amount": "পরিমাণ",
    "transactions.direction": "আসা / যাওয়া",
    "transactions.credit": "আসা",
    "transactions.debit": "যাওয়া",
    "transactions.counterparty": "প্রেরক / প্রাপক",
    "transactions.reason": "কারণ",
    "transactions.read_by": "যেভাবে পড়া হয়েছে",
    "transactions.read_by_rule": "পরিচিত ভাষা",
    "transactions.read_by_arithmetic": "ব্যালেন্সের হিসাবে (নতুন ভাষা)",
    "transactions.read_by_taught": "আপনার শেখানো ভাষা",
    "transactions.confirm": "পেমেন্ট নিশ্চিত করুন",
    "transactions.override": "আমি ওয়ালেট অ্যাপে দেখেছি: টাকা এসেছে (সন্দেহজনক হলেও নিশ্চিত করুন)",
    "transactions.confirmed": "লেনদেন নিশ্চিত হয়েছে; এর অপেক্ষায় থাকা পেমেন্ট সম্পন্ন হয়েছে।",
    "transactions.suspect_refused": (
        "এই লেনদেন সন্দেহজনক। ওয়ালেট অ্যাপে টাকা দেখা গেলে তবেই বক্সে টিক দিয়ে নিশ্চিত করুন।"
    ),
    "transactions.none": "কোনো লেনদেন নেই।",
    "transactions.pages": "লেনদেনের পাতা",
    "transactions.msgs_title": "বোঝা যায়নি এমন এসএমএস",
    "transactions.msgs_intro": ("যে এসএমএস থেকে পেমেন্টে ব্যবহারযোগ্য কোনো লেনদেন পাওয়া যায়নি, কারণসহ।"),
    "transactions.msgs_pages": "এসএমএসের পাতা",
    "transactions.sender": "প্রেরক",
    "transactions.text": "লেখা",
    "transactions.msgs_none": "কোনো এসএমএস নেই।",
    "transactions.teach": "এই ভাষা শেখান",
    "transactions.teach_label": "{when} পাওয়া বার্তার ভাষা শেখান",
    "transactions.why_no_trx_id": "পেমেন্টের মতো, কিন্তু TrxID বা পরিমাণ পাওয়া যায়নি।",
    "transactions.why_no_pattern": "অজানা ভাষা; পার্সার হালনাগাদের জন্য রাখা হয়েছে।",
    "transactions.why_too_long": "ওয়ালেট এসএমএস হওয়ার জন্য অনেক লম্বা।",
    "transactions.why_parser_error": "পড়তে গিয়ে ত্রুটি হয়েছে; পর্যালোচনার জন্য রাখা হয়েছে।",
    "transactions.why_processing_failed": ("প্রক্রিয়া বারবার ব্যর্থ হয়েছে; পর্যালোচনার জন্য রাখা হয়েছে।"),
    "transactions.why_invalid_transaction": "এর অঙ্কগুলো লেনদেন হতে পারে না (যেমন শূন্য পরিমাণ)।",
    "transactions.why_otp": "একবার ব্যবহারের কোড।",
    "transactions.why_promotion": "অফার বা প্রচার।",
    "transactions.why_balance_inquiry": "ব্যালান্স জানার বার্তা।",
    "transactions.why_failed": "ব্যর্থ বা ফেরত লেনদেন: টাকা নড়েনি।",
    "transactions.why_info": "এমন নোটিশ যাতে টাকা নড়েনি।",
    "transactions.why_not_wallet": "ওয়ালেট থেকে নয়।",
    "transactions.why_unknown_sender": (
        "পেমেন্টের মতো, কিন্তু এমন প্রেরক থেকে যা কোনো ওয়ালেট ব্যবহার করে না।"
    ),
    "transactions.why_trx_id_conflict": "পরিচিত TrxID ভিন্ন অঙ্কে আবার এসেছে।",
    "transactions.why_duplicate_transaction": "একই লেনদেন আগেই এসেছে।",
    "transactions.why_reversal": "আগের একটি লেনদেনের ফেরত।",
    "transactions.why_no_balance": "এসএমএসে ব্যালান্স নেই: ওয়ালেটে দেখা গেলে হাতে নিশ্চিত করুন।",
    "transactions.why_before_anchor": "ব্যালান্স অ্যাংকরের আগে পাওয়া: ঠিক হলে হাতে নিশ্চিত করুন।",
    "transactions.why_chain_start": "এই ওয়ালেটের প্রথম এসএমএস: মেলানোর মতো কিছু এখনো নেই।",
    "transactions.why_chained": "ওয়ালেটের ব্যালান্সের সঙ্গে মেলে।",
    "transactions.why_chained_after_gap": "হারানো এসএমএসের পরের ব্যালান্সের সঙ্গে মেলে।",
    "transactions.why_gap_start": "হারানো এসএমএসের পর প্রথম: ওয়ালেট অ্যাপ দেখুন।",
    "transactions.why_gap_filled": "হারানো এসএমএস এসেছে; এখন মেলে।",
    "transactions.why_gap": "এখনো ব্যালান্সের সঙ্গে মেলে না; আরেকটি এসএমএস আসছে হয়তো।",
    "transactions.why_held_overflow": "অনেক এসএমএস অপেক্ষায় ছিল; পর্যালোচনার জন্য ছাড়া হয়েছে।",
    "transactions.why_never_chains": (
        "কখনো ব্যালান্সের সঙ্গে মিলবে না: ওয়ালেট অ্যাপে টাকা না দেখলে পণ্য দেবেন না।"
    ),
    "transactions.why_reversed": "ওয়ালেট এটি ফেরত নিয়েছে।",
    "transactions.why_other": "অন্যান্য ({code})।",
    "transactions.why_confirmed_by_hand": "{who} হাতে নিশ্চিত করেছেন।",
    "transactions.by_operator": "অপারেটর (admin API)",
    "transactions.verification_off": (
        "এই অ্যাকাউন্টে ব্যালান্স যাচাই বন্ধ, তাই এর পেমেন্ট এই যাচাইয়ের অপেক্ষা না করেই সম্পন্ন হয়েছে।"
    ),
}
