"""`claimsvc sms parse --sender S TEXT`: what the current parsers make of one SMS, as JSON.

Registered with `claimsvc` through the `claimsvc.commands` entry point group, so claimsvc's
command line offers it without importing sms_ingest. Touches no store: it only parses.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from claimsvc.domain.money import parse_taka, to_text


def register(commands: Any) -> None:
    """Add `sms parse` to claimsvc's sub-command parsers."""
    sms = commands.add_parser("sms", help="wallet SMS tools (no store is touched)")
    actions = sms.add_subparsers(dest="action", required=True)
    parse = actions.add_parser("parse", help="print what the parsers make of an SMS, as JSON")
    parse.add_argument("--sender", required=True, help='sender id as the phone shows it ("bKash")')
    parse.add_argument("text", help='the SMS text; "-" reads it from standard input')
    parse.add_argument(
        "--previous-balance",
        metavar="TAKA",
        type=_taka,
        help="the wallet's running balance before the SMS (as the chain knows it): a wording "
        "no rule reads is then read by its arithmetic, as the SMS worker would",
    )
    parse.set_defaults(run=run_parse)


def _taka(value: str) -> int:
    poisha = parse_taka(value)
    if poisha is None:
        raise argparse.ArgumentTypeError(f"not an amount in taka: {value!r}")
    return poisha


def describe(sender: str, text: str, previous: int | None = None) -> dict[str, Any]:
    """The parse outcome in the SMS corpus's `expect` shape (money as taka decimal strings),
    given the wallet's running balance before it when known (poisha)."""
    from claimsvc.domain.sms.rereading import reread
    from claimsvc.domain.sms.routing import parse_sms

    outcome = reread(sender, text, parse_sms(sender, text), previous)
    out: dict[str, Any] = {
        "result": str(outcome.result),
        "provider": outcome.provider,
        "reason": outcome.reason,
    }
    p = outcome.parsed
    if p is not None:
        out.update(
            kind=str(p.kind),
            direction=str(p.direction),
            trx_id=p.trx_id,
            amount=to_text(p.amount_poisha),
            fee=to_text(p.fee_poisha),
            commission=to_text(p.commission_poisha),
            balance=None if p.balance_poisha is None else to_text(p.balance_poisha),
            counterparty=p.counterparty,
            occurred_at=p.occurred_at,
            failed=p.failed,
            parsed_by=p.parsed_by,
        )
    return out


def run_parse(args: argparse.Namespace) -> int:
    text = sys.stdin.read() if args.text == "-" else args.text
    shown = describe(args.sender, text, args.previous_balance)
    print(json.dumps(shown, indent=2, ensure_ascii=False))
    return 0
