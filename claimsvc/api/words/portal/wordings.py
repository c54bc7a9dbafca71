"""Words of the SMS wordings page (the account's taught wordings and the shared ones), and of
what it shares with the teach page: a wording's slots and the kinds of message."""

from __future__ import annotations

from claimsvc.api.words import Plural

EN = {
    "wordings.title": "SMS wordings you taught",
    "wordings.intro": (
        "When a wallet changes the wording of its SMS, pick one of those messages on the "
        "Transactions page and show which parts are the TrxID, the amount and the balance. Later "
        "messages in that wording from the wallet's own sender are then read. A wording never "
        "changes how a message we already understand is read, and never reads a message from "
        "another sender."
    ),
    "wordings.none": "You have taught no wording yet.",
    "wordings.shared_title": "Wordings shared by the service",
    "wordings.shared_intro": "The service operator made these apply to every shop.",
    "wordings.wallet": "Wallet",
    "wordings.wording": "Wording",
    "wordings.kind": "What it is",
    "wordings.by": "Taught by",
    "wordings.when": "When",
    "wordings.remove": "Remove",
    "wordings.remove_label": "Remove the wording taught {when}",
    "wordings.removed": "The wording is removed. Messages it already read keep their transactions.",
    "wordings.rereading": "Reading your stored messages again: reload to see it done.",
    "wordings.reread": Plural(
        "Stored messages read again: {n}.", "Stored messages read again: {n}."
    ),
    "wordings.not_found": "That wording is not one of yours.",
    "wordings.back": "Back to the messages",
    "wordings.slot_trx": "TrxID",
    "wordings.slot_amount": "amount",
    "wordings.slot_fee": "fee",
    "wordings.slot_balance": "balance",
    "wordings.slot_party": "name",
    "wordings.slot_phone": "phone number",
    "wordings.slot_num": "number",
    "wordings.slot_code": "code",
    "wordings.kind_received": "Money received (Send Money)",
    "wordings.kind_payment_received": "Payment received (merchant)",
    "wordings.kind_cash_in": "Cash In received",
    "wordings.kind_cash_out_received": "Cash Out received (agent)",
    "wordings.kind_b2b_received": "B2B transfer received",
    "wordings.kind_add_money": "Add money from a bank or card",
    "wordings.kind_remittance": "Remittance",
    "wordings.kind_refund": "Refund",
    "wordings.kind_cashback": "Cashback or reward",
    "wordings.kind_send_money": "Send Money",
    "wordings.kind_payment": "Payment to a merchant",
    "wordings.kind_cash_out": "Cash Out",
    "wordings.kind_cash_in_given": "Cash In given (agent)",
    "wordings.kind_mobile_recharge": "Mobile recharge",
    "wordings.kind_bank_transfer": "Transfer to a bank",
    "wordings.kind_b2b_sent": "B2B transfer sent",
    "wordings.kind_bill_payment": "Bill payment",
    "wordings.kind_charge": "Charge or fee",
}

BN = {
    "wordings.title": "আপনার শেখানো এসএমএসের ভাষা",
    "wordings.intro": (
        "কোনো ওয়ালেট তার এসএমএসের ভাষা বদলালে লেনদেন পাতায় তেমন একটি বার্তা বেছে নিন এবং দেখিয়ে "
        "দিন কোন অংশ TrxID, কোনটি টাকার পরিমাণ আর কোনটি ব্যালেন্স। এরপর ওই ওয়ালেটের নিজস্ব "
        "প্রেরকের পাঠানো একই ভাষার বার্তা পড়া হবে। শেখানো ভাষা আমরা যে বার্তা আগে থেকেই বুঝি তার "
        "পড়া বদলায় না, আর অন্য কোনো প্রেরকের বার্তা কখনো পড়ে না।"
    ),
    "wordings.none": "আপনি এখনো কোনো ভাষা শেখাননি।",
    "wordings.shared_title": "সার্ভিসের দেওয়া ভাষা",
    "wordings.shared_intro": "সার্ভিস পরিচালক এগুলো সব দোকানের জন্য চালু করেছেন।",
    "wordings.wallet": "ওয়ালেট",
    "wordings.wording": "ভাষা",
    "wordings.kind": "কী ধরনের",
    "wordings.by": "কে শিখিয়েছেন",
    "wordings.when": "কখন",
    "wordings.remove": "সরান",
    "wordings.remove_label": "{when} শেখানো ভাষাটি সরান",
    "wordings.removed": "ভাষাটি সরানো হয়েছে। এটি আগে যে বার্তা পড়েছে সেগুলোর লেনদেন থাকবে।",
    "wordings.rereading": "আপনার সংরক্ষিত বার্তাগুলো আবার পড়া হচ্ছে: শেষ হয়েছে কিনা দেখতে পাতাটি আবার খুলুন।",
    "wordings.reread": Plural("আবার পড়া সংরক্ষিত বার্তা: {n}টি।", "আবার পড়া সংরক্ষিত বার্তা: {n}টি।"),
    "wordings.not_found": "ওই ভাষাটি আপনার নয়।",
    "wordings.back": "বার্তাগুলোতে ফিরে যান",
    "wordings.slot_trx": "TrxID",
    "wordings.slot_amount": "পরিমাণ",
    "wordings.slot_fee": "ফি",
    "wordings.slot_balance": "ব্যালেন্স",
    "wordings.slot_party": "নাম",
    "wordings.slot_phone": "ফোন নম্বর",
    "wordings.slot_num": "সংখ্যা",
    "wordings.slot_code": "কোড",
    "wordings.kind_received": "টাকা পেয়েছেন (সেন্ড মানি)",
    "wordings.kind_payment_received": "পেমেন্ট পেয়েছেন (মার্চেন্ট)",
    "wordings.kind_cash_in": "ক্যাশ ইন পেয়েছেন",
    "wordings.kind_cash_out_received": "ক্যাশ আউট পেয়েছেন (এজেন্ট)",
    "wordings.kind_b2b_received": "বি২বি ট্রান্সফার পেয়েছেন",
    "wordings.kind_add_money": "ব্যাংক বা কার্ড থেকে অ্যাড মানি",
    "wordings.kind_remittance": "রেমিট্যান্স",
    "wordings.kind_refund": "রিফান্ড",
    "wordings.kind_cashback": "ক্যাশব্যাক বা পুরস্কার",
    "wordings.kind_send_money": "সেন্ড মানি",
    "wordings.kind_payment": "মার্চেন্টকে পেমেন্ট",
    "wordings.kind_cash_out": "ক্যাশ আউট",
    "wordings.kind_cash_in_given": "ক্যাশ ইন দিয়েছেন (এজেন্ট)",
    "wordings.kind_mobile_recharge": "মোবাইল রিচার্জ",
    "wordings.kind_bank_transfer": "ব্যাংকে ট্রান্সফার",
    "wordings.kind_b2b_sent": "বি২বি ট্রান্সফার পাঠিয়েছেন",
    "wordings.kind_bill_payment": "বিল পেমেন্ট",
    "wordings.kind_charge": "চার্জ বা ফি",
}
