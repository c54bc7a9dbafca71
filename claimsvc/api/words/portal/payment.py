"""Words of one payment's page in the portal (`/portal/payments/<id>`): its fields, its claim
history, its transaction and webhook events, and the card that settles a payment of another
amount than its order's (EN and BN, the same keys)."""

from __future__ import annotations

EN = {
    "payment.title": "Payment",
    "payment.back": "All payments",
    "payment.amount": "Amount",
    "payment.paid": "Paid",
    "payment.status": "Status",
    "payment.created": "Created",
    "payment.session_id": "Session ID",
    "payment.payment_id": "Payment ID",
    "payment.expires": "Expires",
    "payment.ended": "Ended",
    "payment.failed_attempts": "Failed attempts",
    "payment.waiting": "Waiting for confirmation of TrxID",
    "payment.history": "Claim history",
    "payment.no_history": "No claims yet.",
    "payment.when": "When",
    "payment.trx_id": "TrxID",
    "payment.provider": "Wallet",
    "payment.outcome": "Result",
    "payment.by": "By",
    "payment.claim_completed": "Completed",
    "payment.claim_pending": "Found, waiting for confirmation",
    "payment.claim_failed": "Failed",
    "payment.claim_decided": "Decided",
    "payment.by_merchant": "Your server (verify)",
    "payment.by_buyer": "Buyer (checkout page)",
    "payment.by_person": "{person} (portal)",
    "payment.by_balance_check": "Balance check",
    "payment.by_operator": "Operator (admin API)",
    "payment.reason_no_transaction": "no SMS with this TrxID yet",
    "payment.reason_other_wallet": (
        "this TrxID is a {wallet} payment; the claim chose another wallet"
    ),
    "payment.reason_in_wallet": "a {wallet} payment, {reason}",
    "payment.reason_confirmed_by_hand": "the transaction was confirmed by hand",
    "payment.reason_confirmed_by_balance": "the balance check confirmed the transaction",
    "payment.reason_left_as_is": "the different amount was left as it is",
    "payment.reason_not_genuine": "not a genuine incoming payment",
    "payment.reason_not_from_buyer": "not a payment from a buyer",
    "payment.reason_amount_differs": "the amount differs",
    "payment.reason_before_session": "received before the checkout opened",
    "payment.reason_other_session": "already used for another payment",
    "payment.reason_to_refund": "marked to be refunded by hand",
    "payment.reason_amount_accepted": "a different amount, accepted by the shop",
    "payment.transaction": "Transaction",
    "payment.no_transaction": "No transaction is claimed for this payment.",
    "payment.received": "Received",
    "payment.tx_status": "Check",
    "payment.confirm_it": "Confirm it on the transactions page",
    "payment.events": "Webhook events",
    "payment.no_events": "No webhook event yet.",
    "payment.event": "Event",
    "payment.attempts": "Attempts",
    "payment.last_status": "Last answer",
    "payment.settle_title": "A different amount was paid",
    "payment.settle_intro": (
        "The buyer claimed a payment that fits this order in everything but its amount. "
        "Decide what to do with the money; the buyer's page says the shop has been told."
    ),
    "payment.settle_order_amount": "Order amount",
    "payment.settle_paid_amount": "Paid",
    "payment.settle_difference": "Difference",
    "payment.settle_decision": "Decision",
    "payment.settle_waiting": "Waiting for your decision",
    "payment.settle_accepted": "Accepted for the order",
    "payment.settle_refund": "To be refunded by hand",
    "payment.settle_left": "Left as it is",
    "payment.settle_by": "{who}, {when}",
    "payment.settle_accept": "Accept for this order",
    "payment.settle_accept_hint": (
        "The payment completes with this amount, and your server gets one COMPLETED webhook "
        "with the order's amount; what was paid stays here and in the export."
    ),
    "payment.settle_refund_button": "Mark to refund by hand",
    "payment.settle_refund_hint": (
        "Return the money to the buyer from your wallet app yourself; no money moves through "
        "us. The payment can then pay no order."
    ),
    "payment.settle_leave": "Leave it",
    "payment.settle_leave_hint": "Nothing changes; it no longer shows as needing attention.",
    "payment.settle_accepted_flash": "Accepted: the payment is completed with the amount paid.",
    "payment.settle_refund_flash": "Marked to be refunded by hand.",
    "payment.settle_left_flash": "Left as it is.",
    "payment.settle_repeated_flash": "That was already done; nothing changed.",
    "payment.settle_bad_action": "Choose one of the buttons below.",
    "payment.settle_no_mismatch": "This payment has no different amount to settle.",
    "payment.settle_decided": "This was decided already.",
    "payment.settle_ended": (
        "The checkout has ended, so it can no longer be completed: mark the money to be "
        "refunded, or leave it."
    ),
    "payment.settle_waiting_claim": "The checkout waits on another payment's confirmation.",
    "payment.settle_used": "This payment is already used for an order.",
    "payment.settle_not_genuine": (
        "This transaction is suspect or not money in: it cannot pay an order."
    ),
    "payment.settle_not_confirmed": (
        "Its balance check has not confirmed it yet: confirm it on the transactions page first."
    ),
}

BN = {
    "payment.title": "পেমেন্ট",
    "payment.back": "সব পেমেন্ট",
    "payment.amount": "পরিমাণ",
    "payment.paid": "পরিশোধিত",
    "payment.status": "অবস্থা",
    "payment.created": "তৈরি",
    "payment.session_id": "সেশন আইডি",
    "payment.payment_id": "পেমেন্ট আইডি",
    "payment.expires": "মেয়াদ শেষ হবে",
    "payment.ended": "শেষ হয়েছে",
    "payment.failed_attempts": "ব্যর্থ চেষ্টা",
    "payment.waiting": "নিশ্চিতকরণের অপেক্ষায় থাকা TrxID",
    "payment.history": "দাবির ইতিহাস",
    "payment.no_history": "এখনো কোনো দাবি নেই।",
    "payment.when": "কখন",
    "payment.trx_id": "TrxID",
    "payment.provider": "ওয়ালেট",
    "payment.outcome": "ফলাফল",
    "payment.by": "কে",
    "payment.claim_completed": "সম্পন্ন",
    "payment.claim_pending": "পাওয়া গেছে, নিশ্চিতকরণের অপেক্ষায়",
    "payment.claim_failed": "ব্যর্থ",
    "payment.claim_decided": "সিদ্ধান্ত নেওয়া হয়েছে",
    "payment.by_merchant": "আপনার সার্ভার (verify)",
    "payment.by_buyer": "ক্রেতা (চেকআউট পেজ)",
    "payment.by_person": "{person} (পোর্টাল)",
    "payment.by_balance_check": "ব্যালেন্স যাচাই",
    "payment.by_operator": "অপারেটর (admin API)",
    "payment.reason_no_transaction": "এই TrxID-এর এসএমএস এখনো আসেনি",
    "payment.reason_other_wallet": "এই TrxID একটি {wallet} পেমেন্টের; দাবিতে অন্য ওয়ালেট বাছা হয়েছিল",
    "payment.reason_in_wallet": "একটি {wallet} পেমেন্ট, {reason}",
    "payment.reason_confirmed_by_hand": "লেনদেনটি হাতে নিশ্চিত করা হয়েছে",
    "payment.reason_confirmed_by_balance": "ব্যালেন্স যাচাইয়ে লেনদেনটি নিশ্চিত হয়েছে",
    "payment.reason_left_as_is": "ভিন্ন পরিমাণটি যেমন আছে রাখা হয়েছে",
    "payment.reason_not_genuine": "প্রকৃত আগত পেমেন্ট নয়",
    "payment.reason_not_from_buyer": "ক্রেতার পেমেন্ট নয়",
    "payment.reason_amount_differs": "পরিমাণ মেলেনি",
    "payment.reason_before_session": "চেকআউট খোলার আগে পাওয়া",
    "payment.reason_other_session": "অন্য পেমেন্টে আগেই ব্যবহৃত",
    "payment.reason_to_refund": "হাতে ফেরত দেওয়ার জন্য চিহ্নিত",
    "payment.reason_amount_accepted": "ভিন্ন পরিমাণ, দোকান গ্রহণ করেছে",
    "payment.transaction": "লেনদেন",
    "payment.no_transaction": "এই পেমেন্টের জন্য কোনো লেনদেন দাবি করা হয়নি।",
    "payment.received": "পাওয়া গেছে",
    "payment.tx_status": "যাচাই",
    "payment.confirm_it": "লেনদেন পাতায় নিশ্চিত করুন",
    "payment.events": "ওয়েবহুক ইভেন্ট",
    "payment.no_events": "এখনো কোনো ওয়েবহুক ইভেন্ট নেই।",
    "payment.event": "ইভেন্ট",
    "payment.attempts": "চেষ্টা",
    "payment.last_status": "শেষ উত্তর",
    "payment.settle_title": "ভিন্ন পরিমাণ টাকা পাঠানো হয়েছে",
    "payment.settle_intro": (
        "ক্রেতা এমন একটি পেমেন্ট দাবি করেছেন যা পরিমাণ ছাড়া সব দিক থেকে এই অর্ডারের সাথে মেলে। "
        "টাকাটি নিয়ে কী করবেন ঠিক করুন; ক্রেতার পাতায় বলা হয়েছে যে দোকানকে জানানো হয়েছে।"
    ),
    "payment.settle_order_amount": "অর্ডারের পরিমাণ",
    "payment.settle_paid_amount": "পাঠানো হয়েছে",
    "payment.settle_difference": "পার্থক্য",
    "payment.settle_decision": "সিদ্ধান্ত",
    "payment.settle_waiting": "আপনার সিদ্ধান্তের অপেক্ষায়",
    "payment.settle_accepted": "অর্ডারের জন্য গ্রহণ করা হয়েছে",
    "payment.settle_refund": "হাতে ফেরত দিতে হবে",
    "payment.settle_left": "যেমন আছে রাখা হয়েছে",
    "payment.settle_by": "{who}, {when}",
    "payment.settle_accept": "এই অর্ডারের জন্য গ্রহণ করুন",
    "payment.settle_accept_hint": (
        "পেমেন্টটি এই পরিমাণে সম্পন্ন হবে, এবং আপনার সার্ভার অর্ডারের পরিমাণসহ একটি COMPLETED "
        "ওয়েবহুক পাবে; কত টাকা পাঠানো হয়েছে তা এখানে ও এক্সপোর্টে থাকবে।"
    ),
    "payment.settle_refund_button": "হাতে ফেরত দেওয়ার জন্য চিহ্নিত করুন",
    "payment.settle_refund_hint": (
        "ওয়ালেট অ্যাপ থেকে নিজেই ক্রেতাকে টাকা ফেরত দিন; আমাদের মাধ্যমে কোনো টাকা যায় না। "
        "এরপর এই পেমেন্ট দিয়ে কোনো অর্ডার পরিশোধ হবে না।"
    ),
    "payment.settle_leave": "যেমন আছে রাখুন",
    "payment.settle_leave_hint": "কিছুই বদলাবে না; এটি আর মনোযোগের তালিকায় দেখাবে না।",
    "payment.settle_accepted_flash": "গ্রহণ করা হয়েছে: পাঠানো পরিমাণে পেমেন্টটি সম্পন্ন হয়েছে।",
    "payment.settle_refund_flash": "হাতে ফেরত দেওয়ার জন্য চিহ্নিত করা হয়েছে।",
    "payment.settle_left_flash": "যেমন আছে রাখা হয়েছে।",
    "payment.settle_repeated_flash": "এটি আগেই করা হয়েছে; কিছু বদলায়নি।",
    "payment.settle_bad_action": "নিচের বোতামগুলোর একটি বেছে নিন।",
    "payment.settle_no_mismatch": "এই পেমেন্টে মেটানোর মতো কোনো ভিন্ন পরিমাণ নেই।",
    "payment.settle_decided": "এটির সিদ্ধান্ত আগেই নেওয়া হয়েছে।",
    "payment.settle_ended": (
        "চেকআউট শেষ হয়ে গেছে, তাই এটি আর সম্পন্ন করা যাবে না: টাকাটি ফেরত দেওয়ার জন্য চিহ্নিত করুন, "
        "অথবা যেমন আছে রাখুন।"
    ),
    "payment.settle_waiting_claim": "চেকআউটটি অন্য একটি পেমেন্টের নিশ্চিতকরণের অপেক্ষায় আছে।",
    "payment.settle_used": "এই পেমেন্ট ইতিমধ্যে একটি অর্ডারে ব্যবহার হয়েছে।",
    "payment.settle_not_genuine": ("এই লেনদেনটি সন্দেহজনক অথবা আসা টাকা নয়: এটি দিয়ে অর্ডার পরিশোধ হয় না।"),
    "payment.settle_not_confirmed": (
        "ব্যালেন্স যাচাইয়ে এটি এখনো নিশ্চিত হয়নি: আগে লেনদেনের পাতায় এটি নিশ্চিত করুন।"
    ),
}
