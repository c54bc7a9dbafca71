"""The portal's CSV export: payments or wallet transactions of a range of Dhaka days, with
totals, streamed a batch at a time (a year of a busy shop is never built in memory). Every
role that sees payments may export them; the form page is in both languages, the file's column
names in English (domain/export.py)."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator, Iterable
from typing import Any

from tornado.routing import URLSpec

from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.phone_view import masked
from claimsvc.api.words import Words
from claimsvc.domain import export
from claimsvc.domain.limits import dhaka_day

PATH = "/portal/export"
FILE_PATH = "/portal/export.csv"
BOM = "\ufeff"
"""Written first, so that Excel reads the file as UTF-8 (Bangla order ids and names)."""
ROWS_PER_WRITE = 500


def csv_text(rows: Iterable[list[str]]) -> str:
    """Rows as RFC 4180 CSV (CRLF), every cell made safe from formula evaluation."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerows([export.safe_cell(cell) for cell in row] for row in rows)
    return buffer.getvalue()


class ExportPageHandler(PortalHandler):
    permission = "payments"
    route_name = "portal_export"

    async def get(self) -> None:
        today = dhaka_day(self.deps.clock())
        self.show(200, first=today[:8] + "01", last=today, kind=export.PAYMENTS, problem=None)

    def show(self, status: int, **ns: Any) -> None:
        words = Words(self.lang)
        self.render_portal(
            "export.html", status, title=words("export.title"), kinds=export.KINDS, **ns
        )


class ExportFileHandler(ExportPageHandler):
    route_name = "portal_export_file"

    async def get(self) -> None:
        kind = self.get_query_argument("what", export.PAYMENTS)
        first = self.get_query_argument("from", "")
        last = self.get_query_argument("to", "")
        try:
            days = export.parse_range(first, last)
        except export.RangeProblem:
            days = None
        if days is None or kind not in export.KINDS:
            self.show(400, first=first, last=last, kind=kind, problem="export.bad_range")
            return
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header(
            "Content-Disposition", f'attachment; filename="{export.file_name(kind, days)}"'
        )
        self.set_header("Cache-Control", "no-store")
        if kind == export.PAYMENTS:
            await self._payments(days)
        else:
            await self._transactions(days)
        self.finish()

    async def _payments(self, days: export.Range) -> None:
        totals = export.PaymentTotals()
        found = self.services.payments.sessions_between(self.user.account_id, days)

        def row(session: Any) -> list[str]:
            totals.add(session)
            return export.payment_row(session)

        await self._stream(export.PAYMENT_COLUMNS, found, row)
        self.write(csv_text(totals.rows()))

    async def _transactions(self, days: export.Range) -> None:
        totals = export.TransactionTotals()
        found = self.services.payments.transactions_between(self.user.account_id, days)

        def row(tx: Any) -> list[str]:
            totals.add(tx)
            return export.transaction_row(tx, masked)

        await self._stream(export.TRANSACTION_COLUMNS, found, row)
        self.write(csv_text(totals.rows()))

    async def _stream(self, columns: tuple[str, ...], found: AsyncIterator[Any], row: Any) -> None:
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
        URLSpec(PATH, ExportPageHandler, kw, name="portal_export"),
        URLSpec(FILE_PATH, ExportFileHandler, kw, name="portal_export_file"),
    ]
