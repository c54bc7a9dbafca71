"""The three processes, and the all-in-one local stack."""

from __future__ import annotations

import logging
import socket
from importlib.metadata import entry_points
from pathlib import Path

from claimsvc.api.app import make_app
from claimsvc.bootstrap import Deps, open_deps
from claimsvc.logs import setup_logging
from claimsvc.runtime.runner import Component, bind_servers, run_until_signalled
from claimsvc.settings import Settings, SettingsError

log = logging.getLogger("claimsvc")

# Other packages (sms_ingest) join `claimsvc dev` through this entry-point group, so claimsvc
# never imports them. Each entry point is `async def component(deps) -> Component`.
DEV_COMPONENTS = "claimsvc.dev_components"


def api_component(deps: Deps) -> Component:
    return Component(servers=[(make_app(deps), deps.settings.api_port)], on_close=[deps.close])


def worker_component(deps: Deps) -> Component:
    from claimsvc.worker.main import make_worker

    return make_worker(deps)


def port_variables(settings: Settings) -> dict[int, str]:
    """Each served port's variable, for the message when it is taken."""
    return {
        settings.worker_port: "CLAIMSVC_WORKER_PORT",
        settings.sms_port: "CLAIMSVC_SMS_PORT",
        settings.api_port: "CLAIMSVC_API_PORT",
    }


async def _run(
    deps: Deps, component: Component, sockets: list[list[socket.socket]] | None = None
) -> None:
    s = deps.settings
    await run_until_signalled(
        component,
        grace_s=s.shutdown_grace_s,
        max_body_bytes=s.max_body_bytes,
        sockets=sockets if sockets is not None else await bind_ports(deps, component),
    )


async def bind_ports(
    deps: Deps, component: Component, hosts: tuple[str, ...] | None = None
) -> list[list[socket.socket]]:
    """The component's listening sockets, bound before anything is said; a taken port closes
    the stores and stops the process with a message naming the port's variable."""
    try:
        return bind_servers(component, port_variables(deps.settings), hosts)
    except SettingsError:
        await deps.close()
        raise


async def run_api(settings: Settings) -> None:
    setup_logging(settings.log_level, library_level=settings.library_log_level)
    deps = await open_deps(settings)
    component = api_component(deps)
    sockets = await bind_ports(deps, component)
    log.info("api listening", extra={"fields": {"port": settings.api_port}})
    await _run(deps, component, sockets)


async def run_worker(settings: Settings) -> None:
    setup_logging(settings.log_level, library_level=settings.library_log_level)
    deps = await open_deps(settings)
    component = worker_component(deps)
    component.on_close.append(deps.close)
    sockets = await bind_ports(deps, component)
    log.info("worker listening", extra={"fields": {"port": settings.worker_port}})
    await _run(deps, component, sockets)


async def run_dev(
    settings: Settings, data_dir: str = "", fresh: bool = False, host: str = ""
) -> None:
    """The local stack: without CLAIMSVC_MONGO_URL, on a SecantusDB child whose data survives
    restarts in `data_dir` (`fresh`: start empty), with the local webhook inspector; stopped
    with the stack. It listens on loopback only unless `host` says otherwise."""
    from claimsvc.devstack.local_alerts import catch_alerts
    from claimsvc.devstack.stack import (
        DEFAULT_DATA_DIR,
        dev_hosts,
        dev_mongo,
        inspector_sockets,
        make_private,
        save_last_used,
        start_inspector,
        welcome,
    )
    from claimsvc.inspector.certs import dev_certificates

    setup_logging(settings.log_level, library_level=settings.library_log_level)
    admin_token_generated = not settings.admin_token
    home = Path(data_dir or DEFAULT_DATA_DIR)
    hosts = dev_hosts(host)
    with dev_mongo(settings, home, fresh) as (with_mongo, mongo_login):
        settings = with_mongo.for_dev()
        certs, inspector, caught = None, [], None
        if settings.inspector_port:
            inspector = inspector_sockets(settings.inspector_port)
            # Its alert emails and Telegram messages caught and shown by the inspector.
            settings, caught = await catch_alerts(settings)
            # The sender trusts the inspector's dev CA (and a CA file the developer gave).
            certs = dev_certificates(home / "inspector", settings.webhook_ca_file)
            make_private(home / "inspector")
            settings = settings.replace(webhook_ca_file=str(certs.trust_bundle))
        deps = await open_deps(settings)
        component = api_component(deps)
        worker = worker_component(deps)
        worker.servers = []  # the API port already serves /metrics in the local stack
        component.extend(worker)
        for ep in entry_points(group=DEV_COMPONENTS):
            component.extend(await ep.load()(deps))
        # Before the stores close: Redis in this process goes with it (devstack/stack.py).
        component.on_close.append(save_last_used(deps))
        sockets = await bind_ports(deps, component, hosts)
        if caught is not None:
            component.on_close.append(caught.stop)
        if certs is not None:
            component.on_close.append(start_inspector(deps, certs.server, inspector, caught))
        await welcome(
            deps,
            component,
            home,
            admin_token_generated=admin_token_generated,
            ca_file=str(certs.ca_file) if certs else None,
            hosts=hosts,
            mongo=mongo_login,
            caught=caught,
        )
        await _run(deps, component, sockets)
