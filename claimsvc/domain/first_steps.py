"""The first steps of a new account (pure): what the overview's checklist lists, in order, and
which page each leads to. Each is ticked from the account's own records, never a flag the
merchant sets: a step is done when its result exists."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One step: its name (words `first.<name>` and `first.<name>_hint`), the page where it is
    done, and the permission that page needs."""

    name: str
    path: str
    permission: str


STEPS = (
    Step("key", "/portal/keys", "keys"),
    Step("webhook", "/portal/webhooks", "webhooks"),
    Step("phone", "/portal/devices", "devices"),
    Step("anchor", "/portal/wallets", "wallets"),
    Step("session", "/portal/links", "links"),
)
"""Make a key; a webhook delivered (a test event or a payment's); pair a phone; anchor a wallet;
open a first checkout (a payment link's, or the API's)."""


@dataclass(frozen=True)
class FirstSteps:
    """Which steps the account has done (by step name)."""

    done: frozenset[str]

    @property
    def finished(self) -> bool:
        """Every step done: the checklist is no longer shown."""
        return all(step.name in self.done for step in STEPS)
