"""`claimsvc api | worker | dev | admin ...`: the command line of the service."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from importlib.metadata import entry_points

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
    sub.add_parser("dev", help="everything in one process on embedded stores, with demo data")
    admin = sub.add_parser("admin", help="admin operations through the admin API")
    from claimsvc import cli_admin

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
    from claimsvc import processes

    entry = {"api": processes.run_api, "worker": processes.run_worker, "dev": processes.run_dev}
    try:
        asyncio.run(entry[args.command](settings))
    except SettingsError as exc:
        print(f"configuration error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
