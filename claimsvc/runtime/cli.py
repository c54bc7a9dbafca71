"""`claimsvc api | worker | dev | admin ...`: the command line of the service."""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import sys
from collections.abc import Callable, Coroutine
from importlib.metadata import entry_points
from typing import Any

from claimsvc.settings import Settings, SettingsError

COMMANDS = "claimsvc.commands"
"""Entry point group of commands other packages add (`sms` from sms_ingest): each is a
function given the sub-command parsers, whose parser sets `run(args) -> exit code`. claimsvc
never imports those packages itself."""


def load_env() -> dict[str, str]:
    """The environment, with a .env file in the working directory filling unset variables."""
    try:
        from dotenv import dotenv_values

        file_values = {k: v for k, v in dotenv_values(".env").items() if v is not None}
    except ImportError:  # pragma: no cover - python-dotenv is a dependency
        file_values = {}
    return {**file_values, **os.environ}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="claimsvc", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("api", help="merchant API, hosted page, admin API, /metrics")
    sub.add_parser("worker", help="webhook dispatcher, expiry sweeper, outbox reconciler")
    dev = sub.add_parser(
        "dev",
        help="everything on one machine: API, worker, SMS intake, demo "
        "data; MongoDB is a SecantusDB child unless CLAIMSVC_MONGO_URL is set",
    )
    dev.add_argument(
        "--data-dir",
        default="",
        help="where the dev MongoDB keeps its data and "
        "the demo (default .claimsvc-dev; CLAIMSVC_DEV_DATA_DIR)",
    )
    dev.add_argument("--fresh", action="store_true", help="delete the dev data first")
    dev.add_argument(
        "--host",
        default="",
        help="the address the API and SMS intake listen on (default 127.0.0.1 and ::1, this "
        "machine only; 0.0.0.0 for every IPv4 interface; CLAIMSVC_DEV_HOST)",
    )
    admin = sub.add_parser("admin", help="admin operations through the admin API")
    from claimsvc.runtime import cli_admin

    cli_admin.add_arguments(admin)
    for ep in entry_points(group=COMMANDS):
        ep.load()(sub)
    args = parser.parse_args(argv)
    if args.command == "admin":
        return cli_admin.run(args, load_env())
    if hasattr(args, "run"):
        return int(args.run(args))
    try:
        settings = Settings.from_env(load_env())
    except SettingsError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    from claimsvc.runtime import processes

    data_dir = getattr(args, "data_dir", "") or load_env().get("CLAIMSVC_DEV_DATA_DIR", "")
    host = getattr(args, "host", "") or load_env().get("CLAIMSVC_DEV_HOST", "")
    entry: dict[str, Callable[[Settings], Coroutine[Any, Any, None]]] = {
        "api": processes.run_api,
        "worker": processes.run_worker,
        "dev": functools.partial(
            processes.run_dev,
            data_dir=data_dir,
            fresh=getattr(args, "fresh", False),
            host=host.strip(),
        ),
    }
    try:
        asyncio.run(entry[args.command](settings))
    except SettingsError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
