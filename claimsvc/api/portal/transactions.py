"""The portal's transactions & SMS page: the account's wallet transactions (status filter,
cursor pages), the SMS that gave no usable transaction with the reason, and confirming a held
or unconfirmed transaction by hand (a suspect one only with an explicit override)."""

from __future__ import annotations

from typing import Any, ClassVar

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.phone_view import masked
from claimsvc.api.routing import route
from claimsvc.api.words import Words
from claimsvc.domain.accounts import AccountTerms
from claimsvc.domain.claims import BY_OPERATOR, completes_unproven, confirmable
from claimsvc.domain.statuses import (
    CONFIRMED,
    MESSAGE_RESULTS,
    NOT_UNDERSTOOD,
    TRANSACTION_STATUSES,
)
from claimsvc.domain.transactions import Transaction
from claimsvc.domain.users import can

ALL = "all"
"""The messages filter that shows every result (the default shows those not understood)."""
MESSAGES_CURSOR = "mcursor"
"""The query argument of the SMS list's own pages (the transactions' is `cursor`)."""

READ_BY = {
    "rule": "transactions.read_by_rule",
    "arithmetic": "transactions.read_by_arithmetic",
    "taught": "transactions.read_by_taught",
}
"""How a transaction's SMS was read (`Transaction.parsed_by`), in words."""

REASONS = {
    "no_trx_id": "transactions.why_no_trx_id",
    "no_pattern": "transactions.why_no_pattern",
    "too_long": "transactions.why_too_long",
    "parser_error": "transactions.why_parser_error",
    "processing_failed": "transactions.why_processing_failed",
    "invalid_transaction": "transactions.why_invalid_transaction",
    "otp": "transactions.why_otp",
    "promotion": "transactions.why_promotion",
    "balance_inquiry": "transactions.why_balance_inquiry",
    "failed": "transactions.why_failed",
    "info": "transactions.why_info",
    "not_wallet": "transactions.why_not_wallet",
    "unknown_sender": "transactions.why_unknown_sender",
    "trx_id_conflict": "transactions.why_trx_id_conflict",
    "duplicate_transaction": "transactions.why_duplicate_transaction",
    "reversal": "transactions.why_reversal",
    "no_balance": "transactions.why_no_balance",
    "before_anchor": "transactions.why_before_anchor",
    "chain_start": "transactions.why_chain_start",
    "chained": "transactions.why_chained",
    "chained_after_gap": "transactions.why_chained_after_gap",
    "gap_start": "transactions.why_gap_start",
    "gap_filled": "transactions.why_gap_filled",
    "gap": "transactions.why_gap",
    "held_overflow": "transactions.why_held_overflow",
    "never_chains": "transactions.why_never_chains",
    "reversed": "transactions.why_reversed",
}
"""Why a message or a transaction is what it is (the parsers' and the balance chain's reason
codes, written by sms_ingest), in words."""


def reason(words: Words, code: str | None) -> str:
    """A reason code in words ("gap_start: 500" is gap_start's); an unknown one named as it
    is, for a developer to search."""
    if not code:
        return ""
    key = REASONS.get(code.split(":", 1)[0])
    return words(key) if key else words("transactions.why_other", code=code)


def transaction_why(words: Words, tx: Transaction, account: AccountTerms) -> str:
    """A transaction's "why" on the portal: who confirmed it by hand (the chain's old reason
    no longer holds), else the chain's reason, and, when balance verification is off and a
    payment with it completes unconfirmed, that it does."""
    if tx.status == CONFIRMED and tx.confirmed_by:
        who = tx.confirmed_by
        if who == BY_OPERATOR:
            who = words("transactions.by_operator")
        return words("transactions.why_confirmed_by_hand", who=who)
    why = reason(words, tx.chain_reason)
    if tx.direction != "debit" and completes_unproven(account, tx):
        why = f"{why} {words('transactions.verification_off')}".strip()
    return why


def read_by(words: Words, parsed_by: str) -> str:
    key = READ_BY.get(parsed_by)
    return words(key) if key else parsed_by


def choice(value: str | None, allowed: tuple[str, ...]) -> str | None:
    """A filter value from the query string if it is one of `allowed`, else no filter."""
    return value if value in allowed else None


class TransactionsView(PortalHandler):
    """The page's two lists: transactions (`?cursor=`) and SMS not understood (`?mcursor=`)."""

    permission = "payments"
    cursor_args: ClassVar[tuple[str, ...]] = ("cursor", MESSAGES_CURSOR)


class TransactionsPage(TransactionsView, PortalPage):
    route_name = "portal_transactions"

    async def get(self) -> None:
        status = choice(self.get_query_argument("status", None), TRANSACTION_STATUSES)
        result_arg = choice(self.get_query_argument("result", None), (*MESSAGE_RESULTS, ALL))
        cursor, mcursor = self.cursor(), self.cursor(MESSAGES_CURSOR)
        wallet_admin = self.services.wallet_admin
        txs = await wallet_admin.transactions(
            {"account_id": self.ledger, "status": status, "cursor": cursor}
        )
        results = None if result_arg == ALL else (result_arg or NOT_UNDERSTOOD)
        msgs = await wallet_admin.messages(
            {"account_id": self.ledger, "result": results, "cursor": mcursor}
        )
        words = self.t
        self.render_portal(
            "transactions.html",
            title=words("transactions.title"),
            status_filter=status or "",
            result=result_arg or "",
            statuses=TRANSACTION_STATUSES,
            results=MESSAGE_RESULTS,
            all_results=ALL,
            transactions=txs.items,
            messages=msgs.items,
            tx_next=txs.next_cursor,
            msg_next=msgs.next_cursor,
            messages_cursor=MESSAGES_CURSOR,
            confirmable=confirmable(override_suspect=True),
            may_confirm=can(self.user.role, "confirm"),
            may_teach=can(self.user.role, "wordings"),
            why=lambda code: reason(words, code),
            tx_why=lambda tx: transaction_why(words, tx, self.account),
            read_by=lambda parsed_by: read_by(words, parsed_by),
            masked=masked,
        )


class TransactionConfirm(TransactionsView, PortalAction):
    """Confirm by hand; a suspect one needs the override box ticked. Another account's: 404."""

    permission = "confirm"
    route_name = "portal_transaction_confirm"

    async def post(self, transaction_id: str) -> None:
        override = self.form("override_suspect") == "1"
        back = self.in_mode(self.reverse_url("portal_transactions"))
        try:
            done = await self.services.wallet_admin.confirm(
                transaction_id, override, self.ledger, self.user.email
            )
        except errors.TransactionSuspect:
            self.see_other(back, "transactions.suspect_refused")
            return
        tx = done.transaction
        details = {"trx_id": tx.trx_id, "override_suspect": "yes" if override else "no"}
        if done.session is not None:
            details["session"] = done.session.id
        await self.audit("transaction.confirm", tx.id, **details)
        self.see_other(back, "transactions.confirmed")


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        route(r"/portal/transactions", TransactionsPage, kw),
        route(r"/portal/transactions/([^/]+)/confirm", TransactionConfirm, kw),
    ]
