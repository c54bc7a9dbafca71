"""The local stack's demo data and its welcome banner."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from typing import Any

from claimsvc.bootstrap import Deps
from claimsvc.domain.checkout import InitializeRequest
from claimsvc.domain.modes import TEST
from claimsvc.runner import Component
from claimsvc.settings import Settings

DEMO_HOST = "shop.example.com"
DEMO_OWNER = "owner@shop.example.com"
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


async def seed_demo(deps: Deps, component: Component) -> Demo:
    """A demo account with wallets, an API key and one open session."""
    admin = deps.services.admin
    account = await admin.create_account(
        {
            "name": "Demo Shop",
            "allowed_hosts": [DEMO_HOST, "localhost"],
            "callback_secret": "demo-callback-secret-change-me",
            "wallets": DEMO_WALLETS,
        }
    )
    minted = await admin.mint_key(account.id, "demo")
    platform = await deps.services.checkout.ensure_open()
    opened = await deps.services.checkout.initialize(account, _demo_order(), platform)
    demo = Demo(account.id, minted.secret, opened.checkout_url)
    # A test key beside it: its sessions are paid by POST /api/v1/test/payments (docs/portal.md).
    test_key = await admin.mint_key(account.id, "demo test", TEST)
    demo.extra["demo test key"] = f"{test_key.secret} (test mode: no money)"
    # The merchant portal: an owner whose one-time link sets the password (it expires in 72 h;
    # `claimsvc admin users reset` makes a new one).
    invited = await deps.services.users.invite(account.id, DEMO_OWNER, "owner", "Demo Owner")
    link = invited.url(deps.settings.public_base_url)
    demo.extra["portal owner"] = f"{DEMO_OWNER}, set a password at {link}"
    for seed in component.demo_seeders:
        demo.extra.update(await seed(deps, account.id))
    return demo


def _demo_order() -> InitializeRequest:
    return InitializeRequest(
        order_id="demo-order-1",
        amount_poisha=50_000,
        success_url=f"https://{DEMO_HOST}/success",
        cancel_url=f"https://{DEMO_HOST}/cancel",
        webhook_url=f"https://{DEMO_HOST}/webhook",
    )


def curl_example(settings: Settings, api_key: str) -> str:
    body = {
        "order_id": "order-1001",
        "amount": 1250.50,
        "success_url": f"https://{DEMO_HOST}/success",
        "cancel_url": f"https://{DEMO_HOST}/cancel",
        "webhook_url": f"https://{DEMO_HOST}/webhook",
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
    if settings.webhook_allow_private:
        return "  webhooks:      private addresses allowed (local receivers)"
    return "  webhooks:      public addresses only (CLAIMSVC_WEBHOOK_ALLOW_PRIVATE=0)"


def print_banner(settings: Settings, demo: Demo, *, admin_token_generated: bool) -> None:
    lines: list[Any] = [
        "",
        "claimsvc local stack (MongoDB data kept in .claimsvc-dev unless CLAIMSVC_MONGO_URL is "
        "set, `claimsvc dev --fresh` starts empty;\n  Redis in this process unless "
        "CLAIMSVC_REDIS_URL is set)",
        f"  API, hosted page, admin API, /metrics: http://localhost:{settings.api_port}",
        f"  SMS intake:                          http://localhost:{settings.sms_port}/sms/v1/messages",
        admin_token_line(settings, admin_token_generated),
        webhook_mode_line(settings),
        f"  demo account:  {demo.account_id}",
        f"  demo API key:  {demo.api_key}",
        *(f"  {name}: {value}" for name, value in demo.extra.items()),
        f"  checkout page: {demo.checkout_url}",
        "",
        "Open a session:",
        curl_example(settings, demo.api_key),
        "",
    ]
    print("\n".join(lines), flush=True)
