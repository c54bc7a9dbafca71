"""The admin API under /admin/v1 (operators and `claimsvc admin`): joins each resource module's
route list. It shares no module with the portal (api/portal/); the input schemas both load are
in api/schemas.py."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc.api.admin import (
    accounts,
    deliveries,
    devices,
    events,
    messages,
    settlements,
    simulated_payments,
    transactions,
    users,
    wallets,
    wordings,
)


def routes(deps: Any) -> list[URLSpec]:
    """Every admin API route; each module's `routes(deps)` takes the handlers' arguments."""
    found = accounts.routes(deps)
    found += events.routes(deps)
    found += deliveries.routes(deps)
    found += devices.routes(deps)
    found += wallets.routes(deps)
    found += transactions.routes(deps)
    found += messages.routes(deps)
    found += users.routes(deps)
    found += wordings.routes(deps)
    found += simulated_payments.routes(deps)
    found += settlements.routes(deps)
    return found
