"""`claimsvc admin ...`: the admin API from a terminal (same operations, same answers).

Talks to a running API process at CLAIMSVC_ADMIN_URL (default http://localhost:$CLAIMSVC_API_PORT)
with CLAIMSVC_ADMIN_TOKEN, so it works the same against `claimsvc dev` and a cluster.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from typing import Any

# (group, action) -> (method, path template, positional args, options). Options of a GET go in
# the query string, those of other methods in the JSON body.
COMMANDS: dict[tuple[str, str], tuple[str, str, tuple[str, ...], tuple[str, ...]]] = {
    ("accounts", "create"): ("POST", "/admin/v1/accounts", ("name",), ()),
    ("accounts", "get"): ("GET", "/admin/v1/accounts/{account_id}", ("account_id",), ()),
    ("accounts", "list"): (
        "GET",
        "/admin/v1/accounts",
        (),
        ("search", "status", "limit", "cursor"),
    ),
    ("accounts", "update"): ("PATCH", "/admin/v1/accounts/{account_id}", ("account_id",), ()),
    ("keys", "create"): ("POST", "/admin/v1/accounts/{account_id}/keys", ("account_id",), ()),
    ("keys", "revoke"): ("POST", "/admin/v1/keys/{key_id}/revoke", ("key_id",), ()),
    ("platform", "get"): ("GET", "/admin/v1/platform", (), ()),
    ("platform", "set"): ("PUT", "/admin/v1/platform", (), ()),
    ("devices", "create"): ("POST", "/admin/v1/accounts/{account_id}/devices", ("account_id",), ()),
    ("devices", "list"): ("GET", "/admin/v1/devices", (), ("account_id",)),
    ("devices", "revoke"): ("POST", "/admin/v1/devices/{device_id}/revoke", ("device_id",), ()),
    ("wallets", "anchor"): (
        "PUT",
        "/admin/v1/accounts/{account_id}/wallet-balances",
        ("account_id",),
        (),
    ),
    ("transactions", "list"): (
        "GET",
        "/admin/v1/transactions",
        (),
        ("account_id", "status", "limit", "cursor"),
    ),
    ("transactions", "confirm"): (
        "POST",
        "/admin/v1/transactions/{transaction_id}/confirm",
        ("transaction_id",),
        (),
    ),
    ("messages", "list"): (
        "GET",
        "/admin/v1/messages",
        (),
        ("account_id", "result", "limit", "cursor"),
    ),
    ("messages", "reparse"): (
        "POST",
        "/admin/v1/messages/reparse",
        (),
        ("account_id", "provider", "since", "limit"),
    ),
    ("events", "list"): (
        "GET",
        "/admin/v1/events",
        (),
        ("account_id", "status", "session_id", "limit", "cursor"),
    ),
    ("users", "invite"): (
        "POST",
        "/admin/v1/accounts/{account_id}/users",
        ("account_id",),
        ("email", "role", "name"),
    ),
    ("users", "list"): ("GET", "/admin/v1/accounts/{account_id}/users", ("account_id",), ()),
    ("users", "disable"): (
        "POST",
        "/admin/v1/accounts/{account_id}/users/{user_id}/disable",
        ("account_id", "user_id"),
        (),
    ),
    ("users", "reset"): (
        "POST",
        "/admin/v1/accounts/{account_id}/users/{user_id}/invite",
        ("account_id", "user_id"),
        (),
    ),
    ("events", "redeliver"): ("POST", "/admin/v1/events/{event_id}/redeliver", ("event_id",), ()),
    ("wordings", "list"): ("GET", "/admin/v1/wordings", (), ("account_id", "provider")),
    ("wordings", "global"): (
        "POST",
        "/admin/v1/wordings/{wording_id}/global",
        ("wording_id",),
        (),
    ),
    ("test-payments", "create"): (
        "POST",
        "/admin/v1/test-payments",
        ("session_id", "outcome"),
        ("provider", "trx_id"),
    ),
    ("sessions", "settle"): (
        "POST",
        "/admin/v1/accounts/{account_id}/sessions/{session_id}/settle",
        ("account_id", "session_id", "action", "transaction_id"),
        (),
    ),
    ("wordings", "remove"): (
        "POST",
        "/admin/v1/wordings/{wording_id}/remove",
        ("wording_id",),
        (),
    ),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    groups = parser.add_subparsers(dest="group", required=True)
    by_group: dict[str, argparse._SubParsersAction[argparse.ArgumentParser]] = {}
    for (group, action), (method, path, positional, query) in COMMANDS.items():
        if group not in by_group:
            # dest "verb", not "action": `sessions settle` has a positional named `action`.
            by_group[group] = groups.add_parser(group).add_subparsers(dest="verb", required=True)
        cmd = by_group[group].add_parser(action, help=f"{method} {path}")
        for name in positional:
            cmd.add_argument(name)
        for name in query:
            cmd.add_argument(f"--{name.replace('_', '-')}", dest=name)
        if method in ("POST", "PATCH", "PUT"):
            cmd.add_argument(
                "--set",
                action="append",
                default=[],
                metavar="FIELD=VALUE",
                help="a body field; VALUE is JSON when it parses as JSON, else a string",
            )


TEXT_OPTIONS = frozenset({"trx_id"})
"""Options sent as text even when they read as JSON (a Rocket TrxID is all digits)."""


def _value(raw: str) -> Any:
    """A body value: JSON when it parses as JSON, else the text itself."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        return raw


def parse_sets(pairs: list[str]) -> dict[str, Any]:
    """FIELD=VALUE pairs as a JSON object; values parse as JSON when they can."""
    body: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise SystemExit(f"--set needs FIELD=VALUE, got {pair!r}")
        body[name] = _value(raw)
    return body


def build_request(args: argparse.Namespace, env: Mapping[str, str]) -> urllib.request.Request:
    method, template, positional, query = COMMANDS[(args.group, args.verb)]
    path = template.format(
        **{
            n: urllib.parse.quote(str(getattr(args, n)), safe="")
            for n in positional
            if "{" + n + "}" in template
        }
    )
    options = {n: getattr(args, n) for n in query if getattr(args, n, None) is not None}
    params = options if method == "GET" else {}
    body = {n: v if n in TEXT_OPTIONS else _value(v) for n, v in options.items() if method != "GET"}
    body.update(parse_sets(getattr(args, "set", []) or []))
    # Positional arguments not in the path are body fields, as given (an account's name).
    body.update({n: getattr(args, n) for n in positional if "{" + n + "}" not in template})
    base = (
        env.get("CLAIMSVC_ADMIN_URL") or f"http://localhost:{env.get('CLAIMSVC_API_PORT', '8080')}"
    )
    url = base.rstrip("/") + path + (("?" + urllib.parse.urlencode(params)) if params else "")
    data = json.dumps(body).encode() if method != "GET" else None
    headers = {
        "Authorization": f"Bearer {env.get('CLAIMSVC_ADMIN_TOKEN', '')}",
        "Content-Type": "application/json",
    }
    return urllib.request.Request(url, data=data, method=method, headers=headers)


def run(args: argparse.Namespace, env: Mapping[str, str]) -> int:
    """Send one admin call and print the JSON answer; exit 1 on an error status."""
    request = build_request(args, env)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            payload, status = response.read(), response.status
    except urllib.error.HTTPError as exc:
        payload, status = exc.read(), exc.code
    except urllib.error.URLError as exc:
        print(
            f"cannot reach the admin API at {request.full_url.split('/admin')[0]}: {exc.reason}",
            file=sys.stderr,
        )
        return 1
    try:
        print(json.dumps(json.loads(payload), indent=2, ensure_ascii=False))
    except ValueError:
        print(payload.decode(errors="replace"))
    return 0 if status < 400 else 1
