"""Words of the wallets page: the wallets buyers pay into, and balance verification (each
phone's balance chains and setting a balance anchor)."""

from __future__ import annotations

EN = {
    "wallets.title": "Wallets and balance verification",
    "wallets.intro": "The wallets buyers pay into, as the payment page shows them.",
    "wallets.wallet": "Wallet",
    "wallets.number": "Number",
    "wallets.kind": "Kind",
    "wallets.none": "No wallet is listed: buyers see every provider without a number.",
    "wallets.add_title": "Add a wallet",
    "wallets.add": "Add",
    "wallets.remove": "Remove",
    "wallets.remove_label": "Remove {provider} {number}",
    "wallets.added": "The wallet is added.",
    "wallets.removed": "The wallet is removed.",
    "wallets.listed": "That wallet is already listed.",
    "wallets.not_listed": "That wallet is not listed.",
    "wallets.full": "The account lists as many wallets as it may: remove one first.",
    "wallets.bad_provider": "Choose a wallet.",
    "wallets.bad_number": (
        "Enter the wallet's number: 6 to 20 digits, with a + at the start if you like."
    ),
    "wallets.bad_kind": "Choose the kind of wallet.",
    "wallets.chains_title": "Balance verification",
    "wallets.verification_title": "Wait for the balance check before a payment completes",
    "wallets.verification_on": (
        "On. A buyer's payment completes only once its SMS fits the wallet's running balance "
        "(or you confirm it by hand on the transactions page). Until then the buyer's page "
        "says the payment was found and the shop is confirming it. This protects you from a "
        "forged or replayed SMS."
    ),
    "wallets.verification_off": (
        "Off. A buyer's payment completes as soon as its SMS arrives and matches, even while "
        "the balance check still holds the SMS; the transactions page then says so beside it. "
        "Faster for the buyer, but a forged SMS could complete a payment."
    ),
    "wallets.verification_turn_on": "Turn balance verification on",
    "wallets.verification_turn_off": "Turn balance verification off",
    "wallets.verification_owner_only": "Only an owner can change this.",
    "wallets.verification_now_on": "Balance verification is on: payments wait for the check.",
    "wallets.verification_now_off": (
        "Balance verification is off: payments complete when their SMS matches."
    ),
    "wallets.verification_bad": "Choose on or off.",
    "wallets.chains_intro": (
        "Each phone, wallet and SIM keeps a running balance from its SMS. Set an anchor to the "
        "balance the wallet app shows now, when you pair a phone or after a missed SMS."
    ),
    "wallets.device": "Phone",
    "wallets.sim_slot": "SIM slot",
    "wallets.sim_any": "Not reported",
    "wallets.running": "Running balance",
    "wallets.not_started": "Not started",
    "wallets.anchored": "Anchored",
    "wallets.held_count": "Waiting SMS",
    "wallets.no_chains": "No balance is kept yet: it starts with the first SMS or an anchor.",
    "wallets.anchor_title": "Set a balance anchor",
    "wallets.balance": "Balance now (taka)",
    "wallets.sim_slot_hint": "As the forwarder reports it; leave empty if it reports none.",
    "wallets.gap_recovery": "Recover by itself after a missed SMS",
    "wallets.anchor": "Set anchor",
    "wallets.anchor_set": "The balance anchor is set; waiting SMS are checked again.",
    "wallets.no_device_for_anchor": "Pair a phone first: an anchor belongs to a phone.",
    "wallets.bad_device": "Choose one of your paired phones.",
    "wallets.bad_balance": (
        "Enter the balance the wallet app shows, in taka, with at most 2 decimals."
    ),
    "wallets.bad_sim_slot": (
        "A SIM slot is a number from 0 to 16; leave it empty if the forwarder reports none."
    ),
    "wallets.bad_gap_recovery": "Tick the box or leave it empty.",
}

BN = {
    "wallets.title": "ওয়ালেট ও ব্যালান্স যাচাই",
    "wallets.intro": "ক্রেতারা যে ওয়ালেটে টাকা পাঠান, পেমেন্ট পাতায় যেমন দেখায়।",
    "wallets.wallet": "ওয়ালেট",
    "wallets.number": "নম্বর",
    "wallets.kind": "ধরন",
    "wallets.none": "কোনো ওয়ালেট নেই: ক্রেতারা নম্বর ছাড়া সব প্রোভাইডার দেখেন।",
    "wallets.add_title": "ওয়ালেট যোগ করুন",
    "wallets.add": "যোগ করুন",
    "wallets.remove": "সরান",
    "wallets.remove_label": "{provider} {number} সরান",
    "wallets.added": "ওয়ালেট যোগ হয়েছে।",
    "wallets.removed": "ওয়ালেট সরানো হয়েছে।",
    "wallets.listed": "এই ওয়ালেট আগেই আছে।",
    "wallets.not_listed": "এই ওয়ালেট তালিকায় নেই।",
    "wallets.full": "অ্যাকাউন্টে যত ওয়ালেট রাখা যায় তত আছে: আগে একটি সরান।",
    "wallets.bad_provider": "একটি ওয়ালেট বেছে নিন।",
    "wallets.bad_number": "ওয়ালেটের নম্বর লিখুন: ৬ থেকে ২০টি অঙ্ক, চাইলে শুরুতে +।",
    "wallets.bad_kind": "ওয়ালেটের ধরন বেছে নিন।",
    "wallets.chains_title": "ব্যালান্স যাচাই",
    "wallets.verification_title": "পেমেন্ট সম্পন্ন হওয়ার আগে ব্যালান্স যাচাইয়ের অপেক্ষা",
    "wallets.verification_on": (
        "চালু। ক্রেতার পেমেন্ট তখনই সম্পন্ন হয় যখন এর এসএমএস ওয়ালেটের চলতি ব্যালান্সের সঙ্গে মেলে "
        "(অথবা আপনি লেনদেন পাতায় হাতে নিশ্চিত করেন)। ততক্ষণ ক্রেতার পাতায় দেখায় যে পেমেন্ট পাওয়া "
        "গেছে এবং দোকান যাচাই করছে। এটি জাল বা পুরোনো এসএমএস থেকে আপনাকে রক্ষা করে।"
    ),
    "wallets.verification_off": (
        "বন্ধ। এসএমএস এসে মিলে গেলেই ক্রেতার পেমেন্ট সম্পন্ন হয়, ব্যালান্স যাচাই এসএমএসটি আটকে "
        "রাখলেও; লেনদেন পাতায় তখন এর পাশে তা লেখা থাকে। ক্রেতার জন্য দ্রুত, কিন্তু জাল এসএমএস "
        "দিয়েও পেমেন্ট সম্পন্ন হতে পারে।"
    ),
    "wallets.verification_turn_on": "ব্যালান্স যাচাই চালু করুন",
    "wallets.verification_turn_off": "ব্যালান্স যাচাই বন্ধ করুন",
    "wallets.verification_owner_only": "শুধু মালিক এটি বদলাতে পারেন।",
    "wallets.verification_now_on": "ব্যালান্স যাচাই চালু: পেমেন্ট যাচাইয়ের অপেক্ষা করবে।",
    "wallets.verification_now_off": "ব্যালান্স যাচাই বন্ধ: এসএমএস মিললেই পেমেন্ট সম্পন্ন হবে।",
    "wallets.verification_bad": "চালু বা বন্ধ বেছে নিন।",
    "wallets.chains_intro": (
        "প্রতিটি ফোন, ওয়ালেট ও সিম এর এসএমএস থেকে চলতি ব্যালান্স রাখে। ফোন যুক্ত করার সময় বা "
        "কোনো এসএমএস হারালে ওয়ালেট অ্যাপে এখন যে ব্যালান্স দেখায় তা অ্যাংকর করুন।"
    ),
    "wallets.device": "ফোন",
    "wallets.sim_slot": "সিম স্লট",
    "wallets.sim_any": "জানানো হয়নি",
    "wallets.running": "চলতি ব্যালান্স",
    "wallets.not_started": "শুরু হয়নি",
    "wallets.anchored": "অ্যাংকর",
    "wallets.held_count": "অপেক্ষমাণ এসএমএস",
    "wallets.no_chains": "এখনো কোনো ব্যালান্স রাখা হয়নি: প্রথম এসএমএস বা অ্যাংকর থেকে শুরু হয়।",
    "wallets.anchor_title": "ব্যালান্স অ্যাংকর দিন",
    "wallets.balance": "এখনকার ব্যালান্স (টাকা)",
    "wallets.sim_slot_hint": "ফরোয়ার্ডার যেমন জানায়; না জানালে খালি রাখুন।",
    "wallets.gap_recovery": "হারানো এসএমএসের পর নিজে থেকে সামলে নিক",
    "wallets.anchor": "অ্যাংকর দিন",
    "wallets.anchor_set": "ব্যালান্স অ্যাংকর দেওয়া হয়েছে; অপেক্ষমাণ এসএমএস আবার যাচাই হবে।",
    "wallets.no_device_for_anchor": "আগে একটি ফোন যুক্ত করুন: অ্যাংকর একটি ফোনের।",
    "wallets.bad_device": "আপনার যুক্ত করা একটি ফোন বেছে নিন।",
    "wallets.bad_balance": ("ওয়ালেট অ্যাপে যে ব্যালান্স দেখায় তা টাকায় লিখুন, দশমিকের পরে সর্বোচ্চ ২ ঘর।"),
    "wallets.bad_sim_slot": ("সিম স্লট শূন্য থেকে ১৬-এর মধ্যে একটি সংখ্যা; ফরোয়ার্ডার না জানালে খালি রাখুন।"),
    "wallets.bad_gap_recovery": "বক্সে টিক দিন বা খালি রাখুন।",
}
