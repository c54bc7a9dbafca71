"""The local stack's demo data and its welcome banner. The banner shows no secret: each one is
in the credentials file (devstack/credentials.py), and the banner shows its display prefix and
the variable that holds it."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from claimsvc.bootstrap import Deps
from claimsvc.devstack.credentials import Credential, secret, source_command
from claimsvc.domain.accounts import display_prefix
from claimsvc.domain.checkout import InitializeRequest
from claimsvc.domain.modes import TEST
from claimsvc.runtime.runner import Component
from claimsvc.settings import Settings

DEMO_HOST = "shop.example.com"
DEMO_OWNER = "owner@shop.example.com"
INSPECTOR_HOST = "localhost"
"""The demo account allows it, so its webhooks may go to the local inspector."""
DEMO_WALLETS = [
    {"provider": "bkash", "number": "01700000001", "kind": "personal"},
    {"provider": "nagad", "number": "01800000002", "kind": "merchant"},
    {"provider": "rocket", "number": "01900000003", "kind": "agent"},
]
# The banner's labels of the secrets; each names its variable in the credentials file.
API_KEY = "demo API key"
TEST_KEY = "demo test key"
CALLBACK_SECRET = "demo callback secret"
TEST_CALLBACK_SECRET = "demo test callback secret"
OWNER_LINK = "demo owner link"
ADMIN_TOKEN = "admin token"
NOTES = {
    TEST_KEY: "test mode: no money",
    CALLBACK_SECRET: "signs live events",
    TEST_CALLBACK_SECRET: "signs test events",
}
"""What the banner says beside a secret's prefix, by label."""


@dataclass
class Demo:
    """The demo account as each start finds it: its live key, and its other secrets (the test
    key, the seeders' tokens) by banner label in `extra`."""

    account_id: str
    api_key: str
    checkout_url: str
    extra: dict[str, str] = field(default_factory=dict)

    def credentials(self) -> list[Credential]:
        return [secret(API_KEY, self.api_key), *(secret(k, v) for k, v in self.extra.items())]


@dataclass(frozen=True)
class OwnerLine:
    """The portal owner's banner line, and while no password is set the set-password link it
    points at (a secret, so only the credentials file holds it)."""

    text: str
    link: Credential | None = None


def webhook_url(settings: Settings) -> str:
    """Where the demo's webhooks go: the local inspector, else the example shop (which does not
    exist, so its events retry; the banner says so)."""
    if settings.inspector_port:
        return f"https://{INSPECTOR_HOST}:{settings.inspector_port}/webhook"
    return f"https://{DEMO_HOST}/webhook"


async def seed_demo(deps: Deps, component: Component) -> Demo:
    """A demo account with wallets, an API key, one open session and a portal owner."""
    admin = deps.services.admin
    account = await admin.create_account(
        {
            "name": "Demo Shop",
            "allowed_hosts": [DEMO_HOST, INSPECTOR_HOST],
            "callback_secret": "demo-callback-secret-change-me",
            "wallets": DEMO_WALLETS,
        }
    )
    minted = await admin.mint_key(account.id, "demo")
    platform = await deps.services.checkout.ensure_open()
    order = _order("demo-order-1", 50_000, webhook_url(deps.settings))
    opened = await deps.services.checkout.initialize(account, order, platform)
    demo = Demo(account.id, minted.secret, opened.checkout_url)
    # A test key beside it: its sessions are paid by POST /api/v1/test/payments (docs/portal.md).
    test_key = await admin.mint_key(account.id, "demo test", TEST)
    demo.extra[TEST_KEY] = test_key.secret
    # The merchant portal's owner: a set-password link is made at each start (owner_line).
    await deps.services.users.invite(account.id, DEMO_OWNER, "owner", "Demo Owner")
    for seed in component.demo_seeders:
        demo.extra.update(await seed(deps, account.id))
    return demo


async def signing_secrets(deps: Deps, demo: Demo) -> list[Credential]:
    """The demo's callback secrets as they are now (the portal may have rotated them since the
    demo was made): the live one, if set, and the test one, made if the demo predates it."""
    account = await deps.services.admin.account_with_test_secret(demo.account_id)
    made = [(CALLBACK_SECRET, account.callback_secret)]
    made.append((TEST_CALLBACK_SECRET, account.test_callback_secret))
    return [secret(label, value) for label, value in made if value]


async def owner_line(deps: Deps, demo: Demo, source: str | None) -> OwnerLine:
    """The portal owner's banner line: a fresh set-password link while no password is set (a
    link made at an earlier start may be used or old; making a new one ends it), else where
    to sign in and how to get a new link. `source`: the command that sets the credentials
    file's variables when it holds the admin token (None: the operator's own token)."""
    users = await deps.services.users.of_account(demo.account_id)
    owner = next((u for u in users if u.email == DEMO_OWNER), None)
    base = deps.settings.public_base_url
    if owner is None:
        return OwnerLine("  portal owner:  none (the demo owner was removed)")
    if owner.password_hash is None:
        invited = await deps.services.users.reissue(demo.account_id, owner.id)
        url = invited.url(base)
        shown = url.removesuffix(invited.token) + display_prefix(invited.token) + "…"
        link = Credential(OWNER_LINK, url, shown)
        text = f"  portal owner:  {DEMO_OWNER}, set a password at ${link.variable} ({shown})"
        return OwnerLine(text, link)
    token = "CLAIMSVC_ADMIN_TOKEN=... "
    if source is not None:
        token = f"{source} && CLAIMSVC_ADMIN_TOKEN=$CLAIMSVC_ADMIN_TOKEN "
    return OwnerLine(
        f"  portal owner:  {DEMO_OWNER} (password set): sign in at {base}/portal/login;\n"
        f"                 a new set-password link: {token}claimsvc admin users reset "
        f"{demo.account_id} {owner.id}"
    )


def _order(order_id: str, amount_poisha: int, hook: str) -> InitializeRequest:
    return InitializeRequest(
        order_id=order_id,
        amount_poisha=amount_poisha,
        success_url=f"https://{DEMO_HOST}/success",
        cancel_url=f"https://{DEMO_HOST}/cancel",
        webhook_url=hook,
    )


def fresh_order_id(now: datetime) -> str:
    """An order id new at each start (to the second), so the banner's curl opens a new session
    instead of replaying an order finished at an earlier start."""
    return "order-" + now.strftime("%Y%m%d-%H%M%S")


def curl_example(settings: Settings, source: str, key: Credential, order_id: str) -> str:
    """A curl that opens a session, reading the key from the credentials file (`source`) so
    it works pasted as printed while the key itself is never printed."""
    body = {
        "order_id": order_id,
        "amount": 1250.50,
        "success_url": f"https://{DEMO_HOST}/success",
        "cancel_url": f"https://{DEMO_HOST}/cancel",
        "webhook_url": webhook_url(settings),
    }
    return (
        f"{source} && curl -s -X POST "
        f"http://localhost:{settings.api_port}/api/v1/checkout/initialize \\\n"
        f"  -H 'content-type: application/json' -H \"x-api-key: ${key.variable}\" \\\n"
        f"  -d {shlex.quote(json.dumps(body))}"
    )


def secret_line(credential: Credential, note: str | None = None) -> str:
    """`  label: prefix… (note; $VARIABLE)`: what the banner shows of a secret."""
    note = note or NOTES.get(credential.label)
    where = f"{note}; ${credential.variable}" if note else f"${credential.variable}"
    return f"  {credential.label + ':':<14} {credential.shown} ({where})"


def admin_token_line(token: Credential | None) -> str:
    """A token this run made up is in the credentials file; one the operator set is a secret
    of theirs, and is not written anywhere."""
    if token is not None:
        return secret_line(token, "generated for this run")
    return f"  {ADMIN_TOKEN}:   from CLAIMSVC_ADMIN_TOKEN (not shown)"


def webhook_mode_line(settings: Settings) -> str:
    """The sender's rule in dev is production's (https only, certificates checked), with one
    difference the line names: whether private addresses may be reached."""
    if settings.webhook_allow_private:
        return "  webhooks:      https only; private addresses allowed (local receivers)"
    return "  webhooks:      https only; public addresses only (CLAIMSVC_WEBHOOK_ALLOW_PRIVATE=0)"


def inspector_lines(settings: Settings, ca_file: str | None) -> list[str]:
    if not settings.inspector_port:
        return ["  inspector:     off (CLAIMSVC_INSPECTOR_PORT=0)"]
    return [
        f"  inspector:     https://{INSPECTOR_HOST}:{settings.inspector_port}/ "
        "(the demo's webhooks arrive here, signatures checked)",
        f"                 its dev CA, trusted by this stack's webhook sender: {ca_file}",
    ]


def print_banner(
    settings: Settings,
    demo: Demo,
    *,
    credentials_file: Path,
    admin_token: Credential | None,
    owner: str,
    order_id: str,
    ca_file: str | None,
) -> None:
    (key, *others) = demo.credentials()
    test_key = secret(TEST_KEY, "").variable
    lines: list[Any] = [
        "",
        "claimsvc local stack (MongoDB data kept in .claimsvc-dev unless CLAIMSVC_MONGO_URL is "
        "set, `claimsvc dev --fresh` starts empty;\n  Redis in this process unless "
        "CLAIMSVC_REDIS_URL is set)",
        f"  API, hosted page, admin API, /metrics: http://localhost:{settings.api_port}",
        f"  SMS intake:                          http://localhost:{settings.sms_port}/sms/v1/messages",
        f"  secrets:       {credentials_file} (yours only; new at each start)",
        "                 below: each one's first characters and its $variable there "
        "(`. <file>` sets them)",
        admin_token_line(admin_token),
        webhook_mode_line(settings),
        *inspector_lines(settings, ca_file),
        f"  demo account:  {demo.account_id}",
        secret_line(key),
        owner,
        *(secret_line(c) for c in others),
        f"  checkout page: {demo.checkout_url}",
        "",
        "Open a session (a new order id at each start; run it twice and the same session comes "
        f"back; with ${test_key} in place of ${key.variable}, a test session):",
        curl_example(settings, source_command(credentials_file), key, order_id),
        "",
    ]
    print("\n".join(lines), flush=True)
