"""Words of the portal's payments list (`/portal/payments`): the search, the status filter,
the payments of a different amount waiting for a decision, and the list (EN and BN, the same
keys)."""

from __future__ import annotations

EN = {
    "payments.title": "Payments",
    "payments.search_label": "Order ID or TrxID",
    "payments.search": "Search",
    "payments.status_label": "Status",
    "payments.status_all": "All",
    "payments.order": "Order",
    "payments.amount": "Amount",
    "payments.created": "Created",
    "payments.status": "Status",
    "payments.none": "No payments found.",
    "payments.bad_search": "Search by 1 to 128 printable characters.",
    "payments.bad_status": "Choose a status from the list.",
    "payments.results": "Payments matching",
    "payments.transactions": "Transactions with this TrxID",
    "payments.trx_id": "TrxID",
    "payments.provider": "Wallet",
    "payments.tx_status": "Check",
    "payments.received": "Received",
    "payments.for_session": "For payment",
    "payments.free": "not claimed",
    "payments.differing_title": "Different amounts waiting for you",
    "payments.differing_intro": (
        "Each was claimed for an order of another amount. Open it to decide."
    ),
    "payments.order_amount": "Order amount",
    "payments.paid_amount": "Paid",
}

BN = {
    "payments.title": "পেমেন্ট",
    "payments.search_label": "অর্ডার আইডি বা TrxID",
    "payments.search": "খুঁজুন",
    "payments.status_label": "অবস্থা",
    "payments.status_all": "সব",
    "payments.order": "অর্ডার",
    "payments.amount": "পরিমাণ",
    "payments.created": "তৈরি",
    "payments.status": "অবস্থা",
    "payments.none": "কোনো পেমেন্ট পাওয়া যায়নি।",
    "payments.bad_search": "১ থেকে ১২৮টি ছাপার যোগ্য অক্ষর দিয়ে খুঁজুন।",
    "payments.bad_status": "তালিকা থেকে একটি অবস্থা বেছে নিন।",
    "payments.results": "যে পেমেন্ট মিলেছে",
    "payments.transactions": "এই TrxID-এর লেনদেন",
    "payments.trx_id": "TrxID",
    "payments.provider": "ওয়ালেট",
    "payments.tx_status": "যাচাই",
    "payments.received": "পাওয়া গেছে",
    "payments.for_session": "যে পেমেন্টের জন্য",
    "payments.free": "দাবি করা হয়নি",
    "payments.differing_title": "ভিন্ন পরিমাণ, আপনার সিদ্ধান্তের অপেক্ষায়",
    "payments.differing_intro": "প্রতিটি অন্য পরিমাণের একটি অর্ডারের জন্য দাবি করা হয়েছে। সিদ্ধান্ত নিতে খুলুন।",
    "payments.order_amount": "অর্ডারের পরিমাণ",
    "payments.paid_amount": "পাঠানো হয়েছে",
}
