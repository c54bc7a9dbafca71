"""Words shared by several portal pages, left here for the lead to rename after merging
(issue 24): the note of a secret already shown once (api/portal/one_view.py)."""

from __future__ import annotations

EN = {
    "view_gone": (
        "That was shown once and is no longer visible. If you did not copy it, make a new one."
    ),
}

BN = {
    "view_gone": "এটি একবারই দেখানো হয়েছিল, এখন আর দেখা যাবে না। কপি না করে থাকলে নতুন একটি বানান।",
}
