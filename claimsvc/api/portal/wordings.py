"""The portal's SMS wordings: teach one from a message not understood (choose the parts, preview
what it reads, save), list the account's own and the shared ones, remove one. Owners and
developers only; every change is in the audit log."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.phone_view import masked
from claimsvc.api.words import Words
from claimsvc.domain.claims import CLAIMABLE_KINDS
from claimsvc.domain.messages import SmsMessage
from claimsvc.domain.wordings import (
    CREDIT_KINDS,
    DEBIT_KINDS,
    Marks,
    Span,
    clean,
    tokens,
)
from claimsvc.errors import WordingTaught
from claimsvc.services.wordings import PREVIEW_LIMIT, Preview

PATH = "/portal/wordings"
TEACH = PATH + "/teach"
FIELDS = ("trx", "amount", "fee", "balance", "party", "kind")
"""The form's fields, in the order the page shows them."""
OPTIONAL = ("fee", "balance")
FIELD_WORDS = {
    "trx": "wd_trx",
    "amount": "wd_amount",
    "fee": "wd_fee",
    "balance": "wd_balance",
    "party": "wd_party",
    "kind": "wd_what",
    "marks": "wd_message",
}
Problem = tuple[str, str]
"""A refused field and why: ("trx", "not_trx_id")."""


def read_form(values: dict[str, str | None], text: str) -> tuple[Marks | None, list[Problem]]:
    """The marks a teach form gives, or the (field, code) problems that stop it: each chosen
    part a "start-end" span of the clean text, the name typed as the message shows it."""
    problems: list[Problem] = []
    spans: dict[str, Span | None] = {}
    for name in ("trx", "amount", "fee", "balance"):
        raw = (values.get(name) or "").strip()
        if not raw:
            spans[name] = None
            if name not in OPTIONAL:
                problems.append((name, "required"))
            continue
        try:
            spans[name] = Span.parse(raw)
        except ValueError:
            problems.append((name, "outside"))
    party = (values.get("party") or "").strip()
    if party:
        at = clean(text).find(party)
        if at < 0:
            problems.append(("party", "not_in_text"))
        spans["party"] = Span(at, at + len(party)) if at >= 0 else None
    kind = values.get("kind") or ""
    direction = "credit" if kind in CREDIT_KINDS else "debit" if kind in DEBIT_KINDS else ""
    if not direction:
        problems.append(("kind", "not_of_direction"))
    trx, amount = spans.get("trx"), spans.get("amount")
    if problems or trx is None or amount is None:
        return None, problems
    return Marks(
        direction,
        kind,
        trx,
        amount,
        spans.get("fee"),
        spans.get("balance"),
        spans.get("party"),
    ), []


def problems_of(exc: errors.ServiceError) -> list[Problem]:
    """The (field, code) pairs of a 400 from the wording service ("field: code" details)."""
    return [
        (field.strip(), code.strip())
        for field, _, code in (d.partition(":") for d in exc.details or [])
    ]


def error_words(words: Words, code: str) -> str:
    key = "wd_err_" + ("overlaps" if code.startswith("overlaps_") else code)
    return words(key) if words.has(key) else words("wd_err_other")


class WordingsHandler(PortalHandler):
    """The account's taught wordings and the ones the operator shared."""

    permission = "wordings"
    route_name = "portal_wordings"

    async def get(self) -> None:
        own, shared = await self.services.wordings.visible(self.account.id)
        self.render_portal(
            "wordings.html",
            title=Words(self.lang)("wd_title"),
            own=own,
            shared=shared,
            masked=masked,
        )


class WordingRemoveHandler(PortalHandler):
    permission = "wordings"
    route_name = "portal_wording_remove"

    async def post(self, wording_id: str) -> None:
        try:
            removed = await self.services.wordings.remove(wording_id, self.account.id)
        except errors.NotFound:
            self.see_other(PATH, "wd_not_found")
            return
        w = removed.wording
        await self.audit(
            "wording.remove", removed.id, provider=w.provider, kind=w.kind, direction=w.direction
        )
        self.see_other(PATH, "wd_removed")


class TeachHandler(PortalHandler):
    """GET the form for one message; POST previews (action=preview) or saves (action=save)."""

    permission = "wordings"
    route_name = "portal_wording_teach"

    async def get(self) -> None:
        msg = await self.source(self.get_query_argument("message", ""))
        self.show(msg, {})

    async def post(self) -> None:
        msg = await self.source(self.form("message") or "")
        values = {name: self.form(name) for name in FIELDS}
        marks, problems = read_form(values, msg.text)
        if marks is None:
            self.show(msg, values, problems=problems, status=400)
            return
        wordings = self.services.wordings
        try:
            if self.form("action") != "save":
                preview = await wordings.preview(self.account.id, msg.id, marks)
                self.show(msg, values, preview=preview)
                return
            saved = await wordings.teach(self.account.id, msg.id, marks, self.user.email)
        except errors.InvalidBody as exc:
            self.show(msg, values, problems=problems_of(exc), status=400)
            return
        except WordingTaught:
            self.see_other(PATH, "wd_exists")
            return
        w = saved.taught.wording
        await self.audit(
            "wording.teach",
            saved.taught.id,
            provider=w.provider,
            kind=w.kind,
            direction=w.direction,
            message=msg.id,
            requeued=str(saved.reparsed.requeued),
        )
        self.see_other(PATH, "wd_taught")

    async def source(self, message_id: str) -> SmsMessage:
        """The account's message to teach from; the not-teachable page (404) otherwise."""
        try:
            return await self.services.wordings.source(self.account.id, message_id)
        except errors.NotFound:
            raise NotTeachable() from None

    def show(
        self,
        msg: SmsMessage,
        values: dict[str, str | None],
        *,
        problems: list[Problem] | None = None,
        preview: Preview | None = None,
        status: int = 200,
    ) -> None:
        words = Words(self.lang)
        found = tokens(msg.text, msg.provider or "")
        problems = problems or []
        self.render_portal(
            "teach.html",
            status,
            title=words("wd_teach_title"),
            msg=msg,
            text=masked(clean(msg.text)),
            trx_choices=[t for t in found if t.trx],
            money_choices=[t for t in found if t.money],
            values={k: v or "" for k, v in values.items()},
            credit_kinds=CREDIT_KINDS,
            debit_kinds=DEBIT_KINDS,
            claimable=CLAIMABLE_KINDS,
            errors={field: error_words(words, code) for field, code in problems},
            problem=problems
            and words(
                "wd_problem",
                fields="; ".join(
                    f"{words(FIELD_WORDS.get(f, 'wd_message'))}: {error_words(words, c)}"
                    for f, c in problems
                ),
            ),
            preview=preview,
            preview_limit=PREVIEW_LIMIT,
            masked=masked,
        )


class NotTeachable(errors.PortalError):
    status, code, message = 404, "wd_not_teachable", "This message cannot be taught"


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        URLSpec(PATH, WordingsHandler, kw, name="portal_wordings"),
        URLSpec(TEACH, TeachHandler, kw, name="portal_wording_teach"),
        URLSpec(PATH + r"/([^/]+)/remove", WordingRemoveHandler, kw),
    ]
