"""`claimsvc worker`: the background loops and the worker's ops port."""

from __future__ import annotations

from tornado.web import Application

from claimsvc.api import ops
from claimsvc.api.app import log_request
from claimsvc.bootstrap import Deps
from claimsvc.runtime.runner import Component, Loop
from claimsvc.store.wake import DEADLINES, SESSIONS, WEBHOOKS
from claimsvc.worker.alerts import AlertLoop, alert_loops
from claimsvc.worker.dispatch import Dispatcher
from claimsvc.worker.reconciler import Reconciler
from claimsvc.worker.relay import OutboxRelay
from claimsvc.worker.sweeper import SessionSweeper
from claimsvc.worker.wake import Wakeable, WakeListener
from claimsvc.worker.webhooks import close_http, webhook_loops


def worker_loops(deps: Deps) -> list[Loop]:
    """Every loop the worker runs, and the one blocking read that wakes them for work."""
    services = deps.services
    relay = OutboxRelay(services.outbox, interval_s=deps.settings.outbox_relay_ms / 1000)
    loops: list[Loop] = [SessionSweeper(services.sessions), relay, *webhook_loops(deps)]
    loops += alert_loops(deps)
    woken: dict[str, list[Wakeable]] = {
        SESSIONS: [lp for lp in loops if isinstance(lp, OutboxRelay | AlertLoop | Reconciler)],
        WEBHOOKS: [lp for lp in loops if isinstance(lp, Dispatcher | Reconciler)],
        DEADLINES: [lp for lp in loops if isinstance(lp, SessionSweeper)],
    }
    return [*loops, WakeListener(deps.stores.wake, woken)]


def ops_app(deps: Deps) -> Application:
    """/healthz, /readyz and /metrics on the worker port."""
    return Application(ops.probe_routes(deps), log_function=log_request)


def make_worker(deps: Deps) -> Component:
    return Component(
        servers=[(ops_app(deps), deps.settings.worker_port)],
        loops=worker_loops(deps),
        on_close=[lambda: close_http(deps)],
    )
