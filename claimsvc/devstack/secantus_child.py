"""The SecantusDB child of embedded_mongo: `secantusd-py`'s server, private to this user.

Run as `python -m claimsvc.devstack.secantus_child --port P --storage-path DIR [--user NAME]`.
Two things `secantusd-py` cannot do from its command line (0.7.0b3: `--help`, and
`secantus/cli.py` in the installed package):
- its files are created with umask 077 (WiredTiger's data files, log and lock are 0600 in a
  0700 folder), so no other local user reads the database from the disk;
- with `--user`, the password read from the first line of stdin (never argv, which `ps` shows
  to everyone) becomes a `root` user with SCRAM-SHA-256 credentials, written into the storage
  before the port opens, and every command but the handshake needs it (`--auth`). SecantusDB
  listens on TCP only (its server resolves the host with getaddrinfo, no Unix socket), and its
  `--auth` needs a user made over a connection without auth first, a window this closes.
It reads no `secantusd.toml` (the launcher would pick one up from the working directory).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from types import FrameType

from claimsvc.devstack.embedded_mongo import USER_DB

ROLES = [{"role": "root", "db": USER_DB}]


def add_user(server: object, name: str, password: str) -> None:
    """The user record as SecantusDB's createUser stores it (commands._create_user)."""
    from secantus.auth import SCRAM_SHA_256, derive_credentials

    credentials = derive_credentials(password, mechanism=SCRAM_SHA_256, username=name).to_doc()
    record = {
        "_id": f"{USER_DB}.{name}",
        "user": name,
        "db": USER_DB,
        "credentials": credentials,
        "roles": ROLES,
        "mechanisms": [SCRAM_SHA_256],
    }
    server.storage.add_user(USER_DB, name, record, replace=True)  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="secantus_child")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--storage-path", required=True)
    parser.add_argument("--user", default="", help="require this user; its password on stdin")
    args = parser.parse_args(argv)
    os.umask(0o077)
    password = sys.stdin.readline().rstrip("\n") if args.user else ""
    if args.user and not password:
        print("secantus_child: --user needs its password on stdin", file=sys.stderr)
        return 2
    from secantus.server import SecantusDBServer

    # The daemon's defaults (secantus/cli.py): a single-node replica set, no test commands.
    server = SecantusDBServer(
        host=args.host,
        port=args.port,
        storage_path=args.storage_path,
        replica_set_name="secantus",
        require_auth=bool(args.user),
        enable_test_commands=False,
    )
    if args.user:
        add_user(server, args.user, password)

    def stop(signum: int, frame: FrameType | None) -> None:
        server.stop()
        sys.exit(0)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    server.start()
    server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
