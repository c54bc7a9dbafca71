"""The local stack's demo data and its welcome banner."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from claimsvc.bootstrap import Deps
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


@dataclass
class Demo:
    """What the banner shows a newcomer."""

    account_id: str
    api_key: str
    checkout_url: str
    extra: dict[str, str] = field(default_factory=dict)


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
    demo.extra["demo test key"] = f"{test_key.secret} (test mode: no money)"
    # The merchant portal's owner: a set-password link is printed at each start (owner_line).
    await deps.services.users.invite(account.id, DEMO_OWNER, "owner", "Demo Owner")
    for seed in component.demo_seeders:
        demo.extra.update(await seed(deps, account.id))
    return demo


async def owner_line(deps: Deps, demo: Demo, admin_token_shown: bool) -> str:
    """The portal owner's banner line: a fresh set-password link while no password is set (a
    link printed at an earlier start may be used or old; making a new one ends it), else where
    to sign in and how to get a new link."""
    users = await deps.services.users.of_account(demo.account_id)
    owner = next((u for u in users if u.email == DEMO_OWNER), None)
    base = deps.settings.public_base_url
    if owner is None:
        return "  portal owner:  none (the demo owner was removed)"
    if owner.password_hash is None:
        link = (await deps.services.users.reissue(demo.account_id, owner.id)).url(base)
        return f"  portal owner:  {DEMO_OWNER}, set a password at {link}"
    token = "" if admin_token_shown else "CLAIMSVC_ADMIN_TOKEN=... "
    return (
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


def curl_example(settings: Settings, api_key: str, order_id: str) -> str:
    body = {
        "order_id": order_id,
        "amount": 1250.50,
        "success_url": f"https://{DEMO_HOST}/success",
        "cancel_url": f"https://{DEMO_HOST}/cancel",
        "webhook_url": webhook_url(settings),
    }
    return (
        f"curl -s -X POST http://localhost:{settings.api_port}/api/v1/checkout/initialize \\\n"
        f"  -H 'content-type: application/json' -H {shlex.quote('x-api-key: ' + api_key)} \\\n"
        f"  -d {shlex.quote(json.dumps(body))}"
    )


def admin_token_line(settings: Settings, generated: bool) -> str:
    """Only a token this run made up is shown: one the operator set is a secret of theirs."""
    if generated:
        return f"  admin token:   {settings.admin_token} (generated for this run)"
    return "  admin token:   from CLAIMSVC_ADMIN_TOKEN (not shown)"


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
    admin_token_generated: bool,
    owner: str,
    order_id: str,
    ca_file: str | None,
) -> None:
    lines: list[Any] = [
        "",
        "claimsvc local stack (MongoDB data kept in .claimsvc-dev unless CLAIMSVC_MONGO_URL is "
        "set, `claimsvc dev --fresh` starts empty;\n  Redis in this process unless "
        "CLAIMSVC_REDIS_URL is set)",
        f"  API, hosted page, admin API, /metrics: http://localhost:{settings.api_port}",
        f"  SMS intake:                          http://localhost:{settings.sms_port}/sms/v1/messages",
        admin_token_line(settings, admin_token_generated),
        webhook_mode_line(settings),
        *inspector_lines(settings, ca_file),
        f"  demo account:  {demo.account_id}",
        f"  demo API key:  {demo.api_key}",
        owner,
        *(f"  {name}: {value}" for name, value in demo.extra.items() if name != "portal owner"),
        f"  checkout page: {demo.checkout_url}",
        "",
        "Open a session (a new order id at each start; run it twice and the same session comes "
        "back):",
        curl_example(settings, demo.api_key, order_id),
        "",
    ]
    print("\n".join(lines), flush=True)
