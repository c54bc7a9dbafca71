"""The local stack's durable parts: a SecantusDB child for MongoDB and the demo it remembers.

`claimsvc dev` without CLAIMSVC_MONGO_URL runs SecantusDB (a MongoDB-wire server, dev and test
only) as a child process with its data under `<data dir>/mongo`, so a restart keeps accounts,
sessions and keys. The demo account is created once; an API key is shown only at creation in
production, so the dev stack keeps the demo's values in `<data dir>/demo.json` (mode 0600, dev
data only) to find its keys again after a restart. At each start the secrets go to
`<data dir>/credentials.env` (mode 0600) and the banner shows none of them. `--fresh` deletes
it all first.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import socket
import ssl
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

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
    INSPECTOR_HOST,
    Demo,
    fresh_order_id,
    owner_line,
    print_banner,
    seed_demo,
    signing_secrets,
)
from claimsvc.domain.accounts import callback_secrets
from claimsvc.domain.modes import mode_of, owner_of
from claimsvc.inspector.app import SecretsOf, Signers, make_inspector
from claimsvc.runtime.runner import Component
from claimsvc.settings import Settings, SettingsError

DEFAULT_DATA_DIR = ".claimsvc-dev"


@contextmanager
def dev_mongo(settings: Settings, data_dir: Path, fresh: bool) -> Iterator[Settings]:
    """Settings whose mongo_url is the given one, or a SecantusDB child on `data_dir/mongo`
    (stopped on exit; the kernel stops it too if this process dies first)."""
    if fresh:
        shutil.rmtree(data_dir, ignore_errors=True)
    if settings.mongo_url:
        yield settings
        return
    server = embedded_mongo.start(data_dir / "mongo")
    try:
        yield settings.replace(mongo_url=server.url)
    finally:
        server.stop()


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


async def remembered_demo(deps: Deps, component: Component, data_dir: Path) -> Demo:
    """The demo of an earlier start when its account is still in the database, else a new one
    (remembered unless MongoDB is memory://, which forgets it anyway)."""
    persistent = not (deps.settings.mongo_url or "").startswith("memory://")
    saved = load_demo(data_dir) if persistent else None
    if saved and await deps.stores.accounts.get(str(saved.get("account_id"))) is not None:
        demo = Demo(**saved)  # type: ignore[arg-type]
        # An earlier version kept a note after the test key ("sk_test_... (test mode: ...)").
        demo.extra = {label: value.split(" ", 1)[0] for label, value in demo.extra.items()}
        return demo
    demo = await seed_demo(deps, component)
    if persistent:
        save_demo(data_dir, demo)
    return demo


async def welcome(
    deps: Deps,
    component: Component,
    data_dir: Path,
    *,
    admin_token_generated: bool,
    ca_file: str | None,
) -> None:
    """The demo (remembered or new), this start's secrets written to the credentials file, and
    the banner, which shows none of them."""
    demo = await remembered_demo(deps, component, data_dir)
    # Read at each start, never remembered: the portal may have rotated them.
    demo.extra.update({c.label: c.value for c in await signing_secrets(deps, demo)})
    path = credentials_file(data_dir)
    admin_token = None
    if admin_token_generated and deps.settings.admin_token:
        admin_token = secret(ADMIN_TOKEN, deps.settings.admin_token)
    owner = await owner_line(deps, demo, source_command(path) if admin_token else None)
    made: list[Credential | None] = [*demo.credentials(), admin_token, owner.link]
    write_credentials(path, [c for c in made if c is not None])
    print_banner(
        deps.settings,
        demo,
        credentials_file=path,
        admin_token=admin_token,
        owner=owner.text,
        order_id=fresh_order_id(deps.clock()),
        ca_file=ca_file,
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
    """The inspector's listening sockets on loopback only (it shows what it received to anyone
    who can reach it), bound before anything else starts so a taken port is said at once."""
    try:
        return bind_sockets(port, address=INSPECTOR_HOST)
    except OSError as exc:
        raise SettingsError(
            f"CLAIMSVC_INSPECTOR_PORT: cannot listen on localhost:{port} ({exc.strerror}); "
            "choose a free port, or 0 to run without the webhook inspector"
        ) from None


def start_inspector(
    deps: Deps, server_ssl: ssl.SSLContext, sockets: list[socket.socket]
) -> Callable[[], Awaitable[None]]:
    """Serve the inspector over HTTPS on its sockets; the hook that stops it."""
    server = HTTPServer(make_inspector(secrets_of_event(deps)), ssl_options=server_ssl)
    server.add_sockets(sockets)

    async def stop() -> None:
        server.stop()
        await server.close_all_connections()

    return stop
