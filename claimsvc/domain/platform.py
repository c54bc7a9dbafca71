"""Platform-wide settings as a value: what every initialize checks before anything else."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Platform:
    """The operator's switches over every account (contract.md §2, admin platform settings)."""

    maintenance: bool = False
    """While set, initialize answers 503 to every merchant."""
    daily_limit: int | None = None
    """Sessions a day across all accounts (Asia/Dhaka days); None: no limit, and no counting."""
