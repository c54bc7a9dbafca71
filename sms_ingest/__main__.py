"""`sms-ingest` (also `python -m sms_ingest`): the SMS intake endpoint and the SMS worker."""

from __future__ import annotations

import asyncio
import logging
import sys

from claimsvc.bootstrap import open_deps
from claimsvc.logs import setup_logging
from claimsvc.runtime.cli import load_env
from claimsvc.runtime.processes import bind_ports
from claimsvc.runtime.runner import run_until_signalled
from claimsvc.settings import Settings, SettingsError

log = logging.getLogger("sms_ingest")


async def serve(settings: Settings) -> None:
    """Open the stores, serve the intake and run the worker until SIGTERM, then drain."""
    from sms_ingest.app import component

    setup_logging(settings.log_level, library_level=settings.library_log_level)
    deps = await open_deps(settings)
    served = component(deps)
    served.on_close.append(deps.close)
    sockets = await bind_ports(deps, served)  # a taken port: said with its variable, no trace
    log.info("sms intake listening", extra={"fields": {"port": settings.sms_port}})
    await run_until_signalled(
        served,
        grace_s=settings.shutdown_grace_s,
        max_body_bytes=settings.max_body_bytes,
        sockets=sockets,
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args:
        print("usage: sms-ingest (configured by CLAIMSVC_* environment variables)", file=sys.stderr)
        return 2
    try:
        asyncio.run(serve(Settings.from_env(load_env())))
    except SettingsError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
