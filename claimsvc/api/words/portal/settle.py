"""Words of settling a payment of another amount than its order's, and of the CSV export."""

from __future__ import annotations

EN: dict[str, str] = {
    "overview.differing": "payments of a different amount than their order waiting for you",
    "settle.title": "A different amount was paid",
    "settle.intro": (
        "The buyer claimed a payment that fits this order in everything but its amount. "
        "Decide what to do with the money; the buyer's page says the shop has been told."
    ),
    "settle.order_amount": "Order amount",
    "settle.paid_amount": "Paid",
    "settle.difference": "Difference",
    "settle.decision": "Decision",
    "settle.waiting": "Waiting for your decision",
    "settle.accepted": "Accepted for the order",
    "settle.refund": "To be refunded by hand",
    "settle.left": "Left as it is",
    "settle.by": "{who}, {when}",
    "settle.accept": "Accept for this order",
    "settle.accept_hint": (
        "The payment completes with this amount, and your server gets one COMPLETED webhook "
        "with the order's amount; what was paid stays here and in the export."
    ),
    "settle.refund_button": "Mark to refund by hand",
    "settle.refund_hint": (
        "Return the money to the buyer from your wallet app yourself; no money moves through "
        "us. The payment can then pay no order."
    ),
    "settle.leave": "Leave it",
    "settle.leave_hint": "Nothing changes; it no longer shows as needing attention.",
    "settle.accepted_flash": "Accepted: the payment is completed with the amount paid.",
    "settle.refund_flash": "Marked to be refunded by hand.",
    "settle.left_flash": "Left as it is.",
    "settle.repeated_flash": "That was already done; nothing changed.",
    "settle.no_mismatch": "This payment has no different amount to settle.",
    "settle.decided": "This was decided already.",
    "settle.ended": (
        "The checkout has ended, so it can no longer be completed: mark the money to be "
        "refunded, or leave it."
    ),
    "settle.waiting_claim": "The checkout waits on another payment's confirmation.",
    "settle.used": "This payment is already used for an order.",
    "settle.not_genuine": "This transaction is suspect or not money in: it cannot pay an order.",
    "settle.not_confirmed": (
        "Its balance check has not confirmed it yet: confirm it on the transactions page first."
    ),
    "settle.due_title": "Different amounts waiting for you",
    "settle.due_intro": "Each was claimed for an order of another amount. Open it to decide.",
    "paid.label": "Paid",
    "export.title": "Export",
    "export.intro": (
        "Download payments or wallet transactions as a CSV file (for a spreadsheet), with "
        "totals at the end. Days are Dhaka days."
    ),
    "export.what": "What",
    "export.payments": "Payments (checkouts created in the range)",
    "export.transactions": "Wallet transactions (received in the range)",
    "export.from": "From (Dhaka date)",
    "export.to": "To (Dhaka date, included)",
    "export.download": "Download CSV",
    "export.columns": (
        "Column names are in English so that spreadsheets and scripts read them the same in "
        "both languages. Amounts are in taka with two decimals."
    ),
    "export.bad_range": "Choose two dates, the first not after the second, at most 366 days apart.",
    "nav_export": "Export",
}

BN: dict[str, str] = {
    "overview.differing": "অর্ডারের চেয়ে ভিন্ন পরিমাণের পেমেন্ট আপনার সিদ্ধান্তের অপেক্ষায়",
    "settle.title": "ভিন্ন পরিমাণ টাকা পাঠানো হয়েছে",
    "settle.intro": (
        "ক্রেতা এমন একটি পেমেন্ট দাবি করেছেন যা পরিমাণ ছাড়া সব দিক থেকে এই অর্ডারের সাথে মেলে। "
        "টাকাটি নিয়ে কী করবেন ঠিক করুন; ক্রেতার পাতায় বলা হয়েছে যে দোকানকে জানানো হয়েছে।"
    ),
    "settle.order_amount": "অর্ডারের পরিমাণ",
    "settle.paid_amount": "পাঠানো হয়েছে",
    "settle.difference": "পার্থক্য",
    "settle.decision": "সিদ্ধান্ত",
    "settle.waiting": "আপনার সিদ্ধান্তের অপেক্ষায়",
    "settle.accepted": "অর্ডারের জন্য গ্রহণ করা হয়েছে",
    "settle.refund": "হাতে ফেরত দিতে হবে",
    "settle.left": "যেমন আছে রাখা হয়েছে",
    "settle.by": "{who}, {when}",
    "settle.accept": "এই অর্ডারের জন্য গ্রহণ করুন",
    "settle.accept_hint": (
        "পেমেন্টটি এই পরিমাণে সম্পন্ন হবে, এবং আপনার সার্ভার অর্ডারের পরিমাণসহ একটি COMPLETED "
        "ওয়েবহুক পাবে; কত টাকা পাঠানো হয়েছে তা এখানে ও এক্সপোর্টে থাকবে।"
    ),
    "settle.refund_button": "হাতে ফেরত দেওয়ার জন্য চিহ্নিত করুন",
    "settle.refund_hint": (
        "ওয়ালেট অ্যাপ থেকে নিজেই ক্রেতাকে টাকা ফেরত দিন; আমাদের মাধ্যমে কোনো টাকা যায় না। "
        "এরপর এই পেমেন্ট দিয়ে কোনো অর্ডার পরিশোধ হবে না।"
    ),
    "settle.leave": "যেমন আছে রাখুন",
    "settle.leave_hint": "কিছুই বদলাবে না; এটি আর মনোযোগের তালিকায় দেখাবে না।",
    "settle.accepted_flash": "গ্রহণ করা হয়েছে: পাঠানো পরিমাণে পেমেন্টটি সম্পন্ন হয়েছে।",
    "settle.refund_flash": "হাতে ফেরত দেওয়ার জন্য চিহ্নিত করা হয়েছে।",
    "settle.left_flash": "যেমন আছে রাখা হয়েছে।",
    "settle.repeated_flash": "এটি আগেই করা হয়েছে; কিছু বদলায়নি।",
    "settle.no_mismatch": "এই পেমেন্টে মেটানোর মতো কোনো ভিন্ন পরিমাণ নেই।",
    "settle.decided": "এটির সিদ্ধান্ত আগেই নেওয়া হয়েছে।",
    "settle.ended": (
        "চেকআউট শেষ হয়ে গেছে, তাই এটি আর সম্পন্ন করা যাবে না: টাকাটি ফেরত দেওয়ার জন্য চিহ্নিত করুন, "
        "অথবা যেমন আছে রাখুন।"
    ),
    "settle.waiting_claim": "চেকআউটটি অন্য একটি পেমেন্টের নিশ্চিতকরণের অপেক্ষায় আছে।",
    "settle.used": "এই পেমেন্ট ইতিমধ্যে একটি অর্ডারে ব্যবহার হয়েছে।",
    "settle.not_genuine": "এই লেনদেনটি সন্দেহজনক অথবা আসা টাকা নয়: এটি দিয়ে অর্ডার পরিশোধ হয় না।",
    "settle.not_confirmed": ("ব্যালেন্স যাচাইয়ে এটি এখনো নিশ্চিত হয়নি: আগে লেনদেনের পাতায় এটি নিশ্চিত করুন।"),
    "settle.due_title": "ভিন্ন পরিমাণ, আপনার সিদ্ধান্তের অপেক্ষায়",
    "settle.due_intro": "প্রতিটি অন্য পরিমাণের একটি অর্ডারের জন্য দাবি করা হয়েছে। সিদ্ধান্ত নিতে খুলুন।",
    "paid.label": "পরিশোধিত",
    "export.title": "এক্সপোর্ট",
    "export.intro": (
        "পেমেন্ট বা ওয়ালেটের লেনদেন CSV ফাইল হিসেবে (স্প্রেডশিটের জন্য) ডাউনলোড করুন, শেষে মোট হিসাবসহ। "
        "দিনগুলো ঢাকার সময় অনুযায়ী।"
    ),
    "export.what": "কী",
    "export.payments": "পেমেন্ট (এই সময়ে তৈরি চেকআউট)",
    "export.transactions": "ওয়ালেটের লেনদেন (এই সময়ে আসা)",
    "export.from": "শুরু (ঢাকার তারিখ)",
    "export.to": "শেষ (ঢাকার তারিখ, এই দিনসহ)",
    "export.download": "CSV ডাউনলোড করুন",
    "export.columns": (
        "কলামের নাম ইংরেজিতে, যাতে স্প্রেডশিট ও স্ক্রিপ্ট দুই ভাষাতেই একইভাবে পড়তে পারে। "
        "পরিমাণ টাকায়, দুই দশমিক ঘর পর্যন্ত।"
    ),
    "export.bad_range": "দুটি তারিখ বেছে নিন, প্রথমটি দ্বিতীয়টির পরে নয়, সর্বোচ্চ ৩৬৬ দিনের ব্যবধানে।",
    "nav_export": "এক্সপোর্ট",
}
