"""Words of the audit log page (the actions' and details' words are in values.py)."""

from __future__ import annotations

EN = {
    "audit.when": "When",
    "audit.who": "Who",
    "audit.what": "What",
    "audit.target": "On",
    "audit.address": "Address",
    "audit.operator": "Operator",
    "audit.title": "Audit log",
    "audit.caption": "Newest first",
    "audit.empty": "Nothing has happened yet.",
}

BN = {
    "audit.when": "কখন",
    "audit.who": "কে",
    "audit.what": "কী",
    "audit.target": "কার উপর",
    "audit.address": "ঠিকানা",
    "audit.operator": "অপারেটর",
    "audit.title": "অডিট লগ",
    "audit.caption": "নতুনগুলো আগে",
    "audit.empty": "এখনো কিছু ঘটেনি।",
}
