"""The worker's webhook loops and its one outbound HTTP session."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claimsvc.clients.sender import make_http_session
from claimsvc.runtime.runner import Loop
from claimsvc.store.schedule import Lease
from claimsvc.worker.dispatch import Dispatcher
from claimsvc.worker.reconciler import Reconciler

if TYPE_CHECKING:
    from claimsvc.bootstrap import Deps

DRAIN_MARGIN_S = 2.0
"""Of the shutdown grace, kept back for releasing unfinished leases and closing clients."""


def open_http(deps: Deps) -> None:
    """Open the process's outbound session once (call inside the running event loop)."""
    if deps.http is None:
        s = deps.settings
        deps.http = make_http_session(
            allow_private=bool(s.webhook_allow_private),
            ca_file=s.webhook_ca_file,
            limit=s.webhook_concurrency,
        )


async def close_http(deps: Deps) -> None:
    if deps.http is not None:
        await deps.http.close()
        deps.http = None


def make_dispatcher(deps: Deps) -> Dispatcher:
    """The dispatch loop over this process's schedule, delivery service and HTTP session."""

    async def attempt(lease: Lease) -> None:
        await deps.services.delivery.attempt(lease, deps.http)

    s = deps.settings
    return Dispatcher(
        deps.stores.schedule,
        attempt,
        deps.clock,
        concurrency=s.webhook_concurrency,
        drain_s=max(0.0, s.shutdown_grace_s - DRAIN_MARGIN_S),
        prepare=deps.services.delivery.prefetch,
    )


def webhook_loops(deps: Deps) -> list[Loop]:
    """The dispatcher and the schedule reconciler."""
    open_http(deps)
    return [
        make_dispatcher(deps),
        Reconciler(deps.stores.events, deps.stores.schedule, deps.clock),
    ]
