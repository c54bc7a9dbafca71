"""The local stack's durable parts: a SecantusDB child for MongoDB and the demo it remembers.

`claimsvc dev` without CLAIMSVC_MONGO_URL runs SecantusDB (a MongoDB-wire server, dev and test
only) as a child process with its data under `<data dir>/mongo`, so a restart keeps accounts,
sessions and keys. The demo account is created once; an API key is shown only at creation in
production, so the dev stack keeps the demo's values in `<data dir>/demo.json` (mode 0600, dev
data only) to find its keys again after a restart. At each start the secrets go to
`<data dir>/credentials.env` (mode 0600) and the banner shows none of them. `--fresh` deletes
it all first.

The stack is private by default (issue 33): it listens on loopback unless `--host` (or
CLAIMSVC_DEV_HOST) says otherwise, its data folder is 0700 and its files 0600 (those of
earlier versions tightened at each start), and its SecantusDB child requires a user whose
password is new at each start and written only to the credentials file.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import shutil
import socket
import ssl
import stat
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tornado.httpserver import HTTPServer

from claimsvc.bootstrap import Deps
from claimsvc.devstack import embedded_mongo
from claimsvc.devstack.credentials import (
    Credential,
    credentials_file,
    secret,
    source_command,
    write_credentials,
    write_private,
)
from claimsvc.devstack.demo import (
    ADMIN_TOKEN,
    Demo,
    adopt_demo,
    fresh_order_id,
    open_demo_session,
    owner_line,
    print_banner,
    seed_demo,
    signing_secrets,
)
from claimsvc.devstack.local_alerts import LocalAlerts, for_inspector
from claimsvc.domain.accounts import callback_secrets
from claimsvc.domain.modes import mode_of, owner_of
from claimsvc.inspector.app import SecretsOf, Signers, make_inspector
from claimsvc.runtime.runner import LOOPBACK, Component, bind
from claimsvc.settings import Settings

log = logging.getLogger("claimsvc.dev")
DEFAULT_DATA_DIR = ".claimsvc-dev"
MONGO_USER = "claimsvc-dev"
MONGO_URL = "dev MongoDB URL"
"""The banner label of the SecantusDB child's URL with its password (CLAIMSVC_DEV_MONGODB_URL
in the credentials file, for mongosh or a script)."""


def dev_hosts(host: str) -> tuple[str, ...]:
    """Where the stack's API and SMS intake listen: loopback (127.0.0.1, and ::1 where the
    machine has IPv6) unless `--host`/CLAIMSVC_DEV_HOST names an address (0.0.0.0: every
    IPv4 interface, for a phone on the same Wi-Fi)."""
    return (host,) if host else LOOPBACK


def make_private(data_dir: Path) -> None:
    """The data folder 0700 and everything in it this user's only (folders 0700, files 0600):
    a new folder is made so, and one an earlier version left 0755/0644 is tightened."""
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    data_dir.chmod(0o700)
    for root, dirs, files in os.walk(data_dir):
        for name in dirs:
            _chmod(Path(root, name), 0o700)
        for name in files:
            _chmod(Path(root, name), 0o600)


def _chmod(path: Path, mode: int) -> None:
    """chmod, leaving links alone (they may point out of the folder)."""
    if not stat.S_ISLNK(path.lstat().st_mode):
        path.chmod(mode)


@contextmanager
def dev_mongo(
    settings: Settings, data_dir: Path, fresh: bool
) -> Iterator[tuple[Settings, Credential | None]]:
    """Settings whose mongo_url is the given one, or a SecantusDB child on `data_dir/mongo`
    that requires a user (stopped on exit; the kernel stops it too if this process dies
    first), with the child's URL as a credential for the credentials file."""
    if fresh:
        shutil.rmtree(data_dir, ignore_errors=True)
    make_private(data_dir)
    if settings.mongo_url:
        yield settings, None
        return
    server = embedded_mongo.start(data_dir / "mongo", user=MONGO_USER)
    shown = server.url.replace(server.password, "…")
    try:
        yield settings.replace(mongo_url=server.url), Credential(MONGO_URL, server.url, shown)
    finally:
        server.stop()


def save_last_used(deps: Deps) -> Callable[[], Awaitable[None]]:
    """The hook, run at a clean stop before the stores close, that copies every key's last
    use from Redis into MongoDB: an in-process Redis (memory://) is gone at the next start,
    and until keys are listed their last use is in Redis alone (services/admin.list_keys)."""

    async def save() -> None:
        if not (deps.settings.redis_url or "").startswith("memory://"):
            return
        try:
            await deps.services.admin.save_last_used()
        except Exception:  # the database already gone: say so, and go on stopping
            log.warning("keys' last use not saved", exc_info=True)

    return save


def demo_file(data_dir: Path) -> Path:
    return data_dir / "demo.json"


def load_demo(data_dir: Path) -> dict[str, object] | None:
    """The remembered demo's banner values, or None."""
    try:
        return dict(json.loads(demo_file(data_dir).read_text()))
    except (OSError, ValueError):
        return None


def save_demo(data_dir: Path, demo: Demo) -> None:
    """Remember the demo for the next start; readable by this user only."""
    write_private(demo_file(data_dir), json.dumps(dataclasses.asdict(demo)))


async def remembered_demo(deps: Deps, component: Component, data_dir: Path) -> tuple[Demo, bool]:
    """The demo of an earlier start when its account is still in the database; else the demo
    account the database already holds (another data folder, or your own MongoDB), with new
    keys; else a new one. Remembered unless MongoDB is memory://, which forgets it anyway.
    With whether it was found in the database rather than remembered."""
    persistent = not (deps.settings.mongo_url or "").startswith("memory://")
    saved = load_demo(data_dir) if persistent else None
    if saved and await deps.stores.accounts.get(str(saved.get("account_id"))) is not None:
        demo = Demo(**saved)  # type: ignore[arg-type]
        # An earlier version kept a note after the test key ("sk_test_... (test mode: ...)").
        demo.extra = {label: value.split(" ", 1)[0] for label, value in demo.extra.items()}
        return demo, False
    adopted = await adopt_demo(deps, component)
    demo = adopted or await seed_demo(deps, component)
    if persistent:
        save_demo(data_dir, demo)
    return demo, adopted is not None


async def welcome(
    deps: Deps,
    component: Component,
    data_dir: Path,
    *,
    admin_token_generated: bool,
    ca_file: str | None,
    hosts: tuple[str, ...] = LOOPBACK,
    mongo: Credential | None = None,
    caught: LocalAlerts | None = None,
) -> None:
    """The demo (remembered or new), this start's secrets written to the credentials file, and
    the banner, which shows none of them."""
    demo, adopted = await remembered_demo(deps, component, data_dir)
    now = deps.clock()
    demo.checkout_url = await open_demo_session(deps, demo.account_id, fresh_order_id(now, "demo-"))
    # Read at each start, never remembered: the portal may have rotated them.
    demo.extra.update({c.label: c.value for c in await signing_secrets(deps, demo)})
    path = credentials_file(data_dir)
    admin_token = None
    if admin_token_generated and deps.settings.admin_token:
        admin_token = secret(ADMIN_TOKEN, deps.settings.admin_token)
    owner = await owner_line(deps, demo, source_command(path) if admin_token else None)
    made: list[Credential | None] = [*demo.credentials(), admin_token, owner.link, mongo]
    write_credentials(path, [c for c in made if c is not None])
    print_banner(
        deps.settings,
        demo,
        credentials_file=path,
        admin_token=admin_token,
        owner=owner.text,
        order_id=fresh_order_id(now),
        ca_file=ca_file,
        hosts=hosts,
        adopted=adopted,
        more=() if mongo is None else (mongo,),
        caught=caught,
    )


def secrets_of_event(deps: Deps) -> SecretsOf:
    """For the inspector: an event id's account's (current, previous) callback secrets."""

    async def secrets_of(event_id: str) -> Signers | None:
        event = await deps.stores.events.get(int(event_id))
        # A test event is stored under its account's test ledger; the secrets are the owner's,
        # those of the ledger's mode.
        owner = None if event is None else owner_of(event.account_id)
        account = None if owner is None else await deps.stores.accounts.get(owner)
        if event is None or account is None:
            return None
        mode = mode_of(event.account_id)
        secrets = callback_secrets(account, mode)
        return Signers(mode, secrets.current, secrets.previous)

    return secrets_of


def inspector_sockets(port: int) -> list[socket.socket]:
    """The inspector's listening sockets on loopback only, whatever `--host` says (it shows
    what it received to anyone who can reach it), bound before anything else starts so a
    taken port is said at once."""
    way_out = "choose a free port, or 0 to run without the webhook inspector"
    return bind(port, "CLAIMSVC_INSPECTOR_PORT", LOOPBACK, way_out)


def start_inspector(
    deps: Deps,
    server_ssl: ssl.SSLContext,
    sockets: list[socket.socket],
    caught: LocalAlerts | None = None,
) -> Callable[[], Awaitable[None]]:
    """Serve the inspector over HTTPS on its sockets (with the alerts the stack caught); the
    hook that stops it."""
    view = for_inspector(caught) if caught is not None else None
    server = HTTPServer(make_inspector(secrets_of_event(deps), caught=view), ssl_options=server_ssl)
    server.add_sockets(sockets)

    async def stop() -> None:
        server.stop()
        await server.close_all_connections()

    return stop
