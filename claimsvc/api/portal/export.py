"""The portal's CSV export: payments or wallet transactions of a range of Dhaka days, with
totals, streamed a batch at a time (a year of a busy shop is never built in memory). Every
role that sees payments may export them; the form page is in both languages, the file's column
names in English (domain/export.py). Like the payments pages, the page has live and test data
(`mode`): a file is read from the ledger of the page's mode only."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator, Callable, Iterable
from typing import TypeVar

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.phone_view import masked
from claimsvc.api.routing import route
from claimsvc.domain import export
from claimsvc.domain.limits import dhaka_day
from claimsvc.domain.sessions import Session
from claimsvc.domain.transactions import Transaction

T = TypeVar("T")

KINDS = {
    export.PAYMENTS: "export.kind_payments",
    export.TRANSACTIONS: "export.kind_transactions",
}
"""Each kind of file (domain/export.KINDS) and its words."""
BOM = "\ufeff"
"""Written first, so that Excel reads the file as UTF-8 (Bangla order ids and names)."""
ROWS_PER_WRITE = 500


def csv_text(rows: Iterable[list[str]]) -> str:
    """Rows as RFC 4180 CSV (CRLF), every cell made safe from formula evaluation."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerows([export.safe_cell(cell) for cell in row] for row in rows)
    return buffer.getvalue()


class ExportView(PortalHandler):
    """The export form: the kind of records and the range of Dhaka days."""

    permission = "payments"

    def show_form(self, status: int = 200, form: FormErrors | None = None) -> None:
        today = dhaka_day(self.deps.clock())
        shown = form or FormErrors.keeping(
            {"what": export.PAYMENTS, "from": today[:8] + "01", "to": today}, export.FORM_FIELDS
        )
        self.render_portal(
            "export.html", status, title=self.t("export.title"), form=shown, kinds=KINDS
        )


class ExportPage(ExportView, PortalPage):
    route_name = "portal_export"

    async def get(self) -> None:
        self.show_form()


class ExportFile(ExportView, PortalPage):
    """The CSV file the form asks for (a GET form: the address names the file); a form with
    a problem is shown again (400) with each problem beside its field."""

    route_name = "portal_export_file"

    async def get(self) -> None:
        submitted = {name: self.get_query_argument(name, None) for name in export.FORM_FIELDS}
        req, problems = export.parse_form(submitted)
        if req is None:
            self.show_form(400, FormErrors.of(submitted, export.FORM_FIELDS, problems))
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header(
            "Content-Disposition",
            f'attachment; filename="{export.file_name(req.kind, req.days, self.mode)}"',
        )
        self.set_header("Cache-Control", "no-store")
        if req.kind == export.PAYMENTS:
            await self._payments(req.days)
        else:
            await self._transactions(req.days)
        self.write(csv_text(export.mode_rows(self.mode)))
        self.finish()

    async def _payments(self, days: export.Range) -> None:
        totals = export.PaymentTotals()
        found = self.services.payments.sessions_between(self.ledger, days)

        def row(session: Session) -> list[str]:
            totals.add(session)
            return export.payment_row(session)

        await self._stream(export.PAYMENT_COLUMNS, found, row)
        self.write(csv_text(totals.rows()))

    async def _transactions(self, days: export.Range) -> None:
        totals = export.TransactionTotals()
        found = self.services.payments.transactions_between(self.ledger, days)

        def row(tx: Transaction) -> list[str]:
            totals.add(tx)
            return export.transaction_row(tx, masked)

        await self._stream(export.TRANSACTION_COLUMNS, found, row)
        self.write(csv_text(totals.rows()))

    async def _stream(
        self, columns: tuple[str, ...], found: AsyncIterator[T], row: Callable[[T], list[str]]
    ) -> None:
        """The header, then the rows, written and flushed ROWS_PER_WRITE at a time."""
        self.write(BOM + csv_text([list(columns)]))
        batch: list[list[str]] = []
        async for item in found:
            batch.append(row(item))
            if len(batch) >= ROWS_PER_WRITE:
                self.write(csv_text(batch))
                await self.flush()
                batch = []
        self.write(csv_text(batch))


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        route(r"/portal/export", ExportPage, kw),
        route(r"/portal/export\.csv", ExportFile, kw),
    ]
