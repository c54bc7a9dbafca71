"""Words of the overview's line on payments of a different amount and the menu's Export
entry (EN and BN). The settle card's words are in payment.py, the export page's in export.py."""

from __future__ import annotations

EN: dict[str, str] = {
    "overview.differing": "payments of a different amount than their order waiting for you",
    "nav_export": "Export",
}

BN: dict[str, str] = {
    "overview.differing": "অর্ডারের চেয়ে ভিন্ন পরিমাণের পেমেন্ট আপনার সিদ্ধান্তের অপেক্ষায়",
    "nav_export": "এক্সপোর্ট",
}
