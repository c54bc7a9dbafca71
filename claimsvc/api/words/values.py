"""The words of the domain's own values, one per value, keyed `status.<vocabulary>.<value>`:
every page that shows a payment's, a transaction's, an event's, a message's, a link's or a
user's status, a user's role or a wallet's kind shows these (`Words.status`). `VOCABULARIES`
names the domain tuple each vocabulary must cover; a test holds every value to having words in
both languages."""

from __future__ import annotations

from claimsvc.domain import accounts, links, outbox, payments, statuses, users

VOCABULARIES: dict[str, tuple[str, ...]] = {
    "session": payments.SESSION_STATUSES,
    "transaction": statuses.TRANSACTION_STATUSES,
    "event": outbox.EVENT_STATUSES,
    "message": statuses.MESSAGE_STATES,
    "link": links.PORTAL_STATES,
    "user": users.STATUSES,
    "role": users.ROLES,
    "wallet_kind": accounts.WALLET_KINDS,
}
"""Each vocabulary and the domain tuple of its values."""

EN = {
    "status.session.OPEN": "Open",
    "status.session.COMPLETED": "Completed",
    "status.session.FAILED": "Failed",
    "status.session.CANCELLED": "Cancelled",
    "status.session.EXPIRED": "Expired",
    "status.transaction.confirmed": "Confirmed",
    "status.transaction.unconfirmed": "Unconfirmed",
    "status.transaction.held": "Held",
    "status.transaction.suspect": "Suspect",
    "status.event.queued": "Queued",
    "status.event.delivered": "Delivered",
    "status.event.dead": "Gave up",
    "status.event.stopped": "Stopped",
    "status.message.parsed": "Read",
    "status.message.ignored": "Ignored",
    "status.message.unparsed": "Not understood",
    "status.message.suspect": "Suspect",
    "status.message.pending": "Waiting",
    "status.link.active": "Active",
    "status.link.used": "Used",
    "status.link.disabled": "Disabled",
    "status.link.expired": "Expired",
    "status.user.invited": "Invited",
    "status.user.active": "Active",
    "status.user.disabled": "Disabled",
    "status.role.owner": "Owner",
    "status.role.developer": "Developer",
    "status.role.staff": "Staff",
    "status.wallet_kind.personal": "Personal",
    "status.wallet_kind.agent": "Agent",
    "status.wallet_kind.merchant": "Merchant",
}

BN = {
    "status.session.OPEN": "খোলা",
    "status.session.COMPLETED": "সম্পন্ন",
    "status.session.FAILED": "ব্যর্থ",
    "status.session.CANCELLED": "বাতিল",
    "status.session.EXPIRED": "মেয়াদ শেষ",
    "status.transaction.confirmed": "নিশ্চিত",
    "status.transaction.unconfirmed": "অনিশ্চিত",
    "status.transaction.held": "আটকে আছে",
    "status.transaction.suspect": "সন্দেহজনক",
    "status.event.queued": "অপেক্ষমাণ",
    "status.event.delivered": "পৌঁছেছে",
    "status.event.dead": "চেষ্টা শেষ",
    "status.event.stopped": "থেমে আছে",
    "status.message.parsed": "পড়া হয়েছে",
    "status.message.ignored": "উপেক্ষিত",
    "status.message.unparsed": "বোঝা যায়নি",
    "status.message.suspect": "সন্দেহজনক",
    "status.message.pending": "অপেক্ষমাণ",
    "status.link.active": "চালু",
    "status.link.used": "ব্যবহৃত",
    "status.link.disabled": "বন্ধ",
    "status.link.expired": "মেয়াদ শেষ",
    "status.user.invited": "আমন্ত্রিত",
    "status.user.active": "সক্রিয়",
    "status.user.disabled": "নিষ্ক্রিয়",
    "status.role.owner": "মালিক",
    "status.role.developer": "ডেভেলপার",
    "status.role.staff": "কর্মী",
    "status.wallet_kind.personal": "পার্সোনাল",
    "status.wallet_kind.agent": "এজেন্ট",
    "status.wallet_kind.merchant": "মার্চেন্ট",
}
