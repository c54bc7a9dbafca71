"""The three processes, and the all-in-one local stack."""

from __future__ import annotations

import logging
from importlib.metadata import entry_points
from pathlib import Path

from claimsvc.api.app import make_app
from claimsvc.bootstrap import Deps, open_deps
from claimsvc.logs import setup_logging
from claimsvc.runtime.runner import Component, run_until_signalled
from claimsvc.settings import Settings

log = logging.getLogger("claimsvc")

# Other packages (sms_ingest) join `claimsvc dev` through this entry-point group, so claimsvc
# never imports them. Each entry point is `async def component(deps) -> Component`.
DEV_COMPONENTS = "claimsvc.dev_components"


def api_component(deps: Deps) -> Component:
    return Component(servers=[(make_app(deps), deps.settings.api_port)], on_close=[deps.close])


def worker_component(deps: Deps) -> Component:
    from claimsvc.worker.main import make_worker

    return make_worker(deps)


async def _run(deps: Deps, component: Component) -> None:
    s = deps.settings
    await run_until_signalled(
        component,
        grace_s=s.shutdown_grace_s,
        max_body_bytes=s.max_body_bytes,
    )


async def run_api(settings: Settings) -> None:
    setup_logging(settings.log_level, library_level=settings.library_log_level)
    deps = await open_deps(settings)
    log.info("api listening", extra={"fields": {"port": settings.api_port}})
    await _run(deps, api_component(deps))


async def run_worker(settings: Settings) -> None:
    setup_logging(settings.log_level, library_level=settings.library_log_level)
    deps = await open_deps(settings)
    component = worker_component(deps)
    component.on_close.append(deps.close)
    await _run(deps, component)


async def run_dev(settings: Settings, data_dir: str = "", fresh: bool = False) -> None:
    """The local stack: without CLAIMSVC_MONGO_URL, on a SecantusDB child whose data survives
    restarts in `data_dir` (`fresh`: start empty), with the local webhook inspector; stopped
    with the stack."""
    from claimsvc.devstack.stack import (
        DEFAULT_DATA_DIR,
        dev_mongo,
        inspector_sockets,
        start_inspector,
        welcome,
    )
    from claimsvc.inspector.certs import dev_certificates

    setup_logging(settings.log_level, library_level=settings.library_log_level)
    admin_token_generated = not settings.admin_token
    home = Path(data_dir or DEFAULT_DATA_DIR)
    with dev_mongo(settings, home, fresh) as with_mongo:
        settings = with_mongo.for_dev()
        certs, sockets = None, []
        if settings.inspector_port:
            sockets = inspector_sockets(settings.inspector_port)
            # The sender trusts the inspector's dev CA (and a CA file the developer gave).
            certs = dev_certificates(home / "inspector", settings.webhook_ca_file)
            settings = settings.replace(webhook_ca_file=str(certs.trust_bundle))
        deps = await open_deps(settings)
        component = api_component(deps)
        worker = worker_component(deps)
        worker.servers = []  # the API port already serves /metrics in the local stack
        component.extend(worker)
        for ep in entry_points(group=DEV_COMPONENTS):
            component.extend(await ep.load()(deps))
        if certs is not None:
            component.on_close.append(start_inspector(deps, certs.server, sockets))
        await welcome(
            deps,
            component,
            home,
            admin_token_generated=admin_token_generated,
            ca_file=str(certs.ca_file) if certs else None,
        )
        await _run(deps, component)
