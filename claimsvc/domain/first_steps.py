"""The first steps of a new account (pure): what the overview's checklist lists, in order, and
which page each leads to. Each is ticked from the account's own records, never a flag the
merchant sets: a step is done when its result exists."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One step: its name and the permission the page where it is done needs (the overview
    names that page and the step's words)."""

    name: str
    permission: str


STEPS = (
    Step("key", "keys"),
    Step("webhook", "webhooks"),
    Step("phone", "devices"),
    Step("anchor", "wallets"),
    Step("session", "links"),
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
