"""The portal's transactions & SMS page: the account's wallet transactions (status filter,
cursor pages), the SMS that gave no usable transaction with the reason, and confirming a held
or unconfirmed transaction by hand (a suspect one only with an explicit override)."""

from __future__ import annotations

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.phone_view import choice, cursor_arg, listing_link, masked, reason
from claimsvc.api.words import Words
from claimsvc.domain.claims import confirmable
from claimsvc.domain.statuses import MESSAGE_RESULTS, NOT_UNDERSTOOD, TRANSACTION_STATUSES
from claimsvc.domain.users import can

PATH = "/portal/transactions"
ALL = "all"
"""The messages filter that shows every result (the default shows those not understood)."""


class TransactionsHandler(PortalHandler):
    permission = "payments"
    route_name = "portal_transactions"

    async def get(self) -> None:
        status = choice(self.get_query_argument("status", None), TRANSACTION_STATUSES)
        result_arg = choice(self.get_query_argument("result", None), (*MESSAGE_RESULTS, ALL))
        cursor = cursor_arg(self.get_query_argument("cursor", None))
        mcursor = cursor_arg(self.get_query_argument("mcursor", None))
        wallet_admin = self.services.wallet_admin
        txs = await wallet_admin.transactions(
            {"account_id": self.ledger, "status": status, "cursor": cursor}
        )
        results = None if result_arg == ALL else (result_arg or NOT_UNDERSTOOD)
        msgs = await wallet_admin.messages(
            {"account_id": self.ledger, "result": results, "cursor": mcursor}
        )
        words = Words(self.lang)
        self.render_portal(
            "transactions.html",
            title=words("ph_tx_title"),
            status_filter=status or "",
            result=result_arg or "",
            statuses=TRANSACTION_STATUSES,
            results=MESSAGE_RESULTS,
            all_results=ALL,
            transactions=txs.items,
            messages=msgs.items,
            confirmable=confirmable(override_suspect=True),
            may_confirm=can(self.user.role, "confirm"),
            may_teach=can(self.user.role, "wordings"),
            why=lambda code: reason(words, code),
            masked=masked,
            tx_next=txs.next_cursor
            and self.in_mode(
                listing_link(PATH, status=status, result=result_arg, cursor=txs.next_cursor)
            ),
            msg_next=msgs.next_cursor
            and self.in_mode(
                listing_link(PATH, status=status, result=result_arg, mcursor=msgs.next_cursor)
            ),
            first_link=(cursor or mcursor)
            and self.in_mode(listing_link(PATH, status=status, result=result_arg)),
        )


class TransactionConfirmHandler(PortalHandler):
    """Confirm by hand; a suspect one needs the override box ticked. Another account's: 404."""

    permission = "confirm"
    route_name = "portal_transaction_confirm"

    async def post(self, transaction_id: str) -> None:
        override = self.form("override_suspect") == "1"
        try:
            done = await self.services.wallet_admin.confirm(transaction_id, override, self.ledger)
        except errors.TransactionSuspect:
            self.see_other(self.in_mode(PATH), "ph_suspect_refused")
            return
        tx = done.transaction
        details = {"trx_id": tx.trx_id, "override_suspect": "yes" if override else "no"}
        if done.session is not None:
            details["session"] = done.session.id
        await self.audit("transaction.confirm", tx.id, **details)
        self.see_other(self.in_mode(PATH), "ph_confirmed_flash")


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(PATH, TransactionsHandler, kw, name="portal_transactions"),
        URLSpec(PATH + r"/([^/]+)/confirm", TransactionConfirmHandler, kw),
    ]
