"""The portal's SMS wordings: teach one from a message not understood (choose the parts, preview
what it reads, save), list the account's own and the shared ones, remove one. Owners and
developers only; every change is in the audit log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.phone_view import masked
from claimsvc.api.routing import route
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

FIELDS = ("trx", "amount", "fee", "balance", "party", "kind")
"""The form's fields, in the order the page shows them."""
OPTIONAL = ("fee", "balance")
WHOLE_MESSAGE = "message"
"""Where a problem of no field of the form is shown (the message itself: its wallet, its
length, the account's number of wordings)."""

KIND_WORDS = {
    "received": "wordings.kind_received",
    "payment_received": "wordings.kind_payment_received",
    "cash_in": "wordings.kind_cash_in",
    "cash_out_received": "wordings.kind_cash_out_received",
    "b2b_received": "wordings.kind_b2b_received",
    "add_money": "wordings.kind_add_money",
    "remittance": "wordings.kind_remittance",
    "refund": "wordings.kind_refund",
    "cashback": "wordings.kind_cashback",
    "send_money": "wordings.kind_send_money",
    "payment": "wordings.kind_payment",
    "cash_out": "wordings.kind_cash_out",
    "cash_in_given": "wordings.kind_cash_in_given",
    "mobile_recharge": "wordings.kind_mobile_recharge",
    "bank_transfer": "wordings.kind_bank_transfer",
    "b2b_sent": "wordings.kind_b2b_sent",
    "bill_payment": "wordings.kind_bill_payment",
    "charge": "wordings.kind_charge",
}
"""What a taught message is (domain.wording_marks CREDIT_KINDS and DEBIT_KINDS), in words."""
SLOT_WORDS = {
    "trx": "wordings.slot_trx",
    "amount": "wordings.slot_amount",
    "fee": "wordings.slot_fee",
    "balance": "wordings.slot_balance",
    "party": "wordings.slot_party",
    "phone": "wordings.slot_phone",
    "num": "wordings.slot_num",
    "code": "wordings.slot_code",
}
"""A wording's slots (domain.wording_marks.VALUE_SLOTS and the generalised number, code and
phone number of domain.wordings), in words."""
PROBLEM_WORDS = {
    "outside": "teach.problem_outside",
    "not_trx_id": "teach.problem_not_trx_id",
    "not_money": "teach.problem_not_money",
    "not_positive": "teach.problem_not_positive",
    "bad_party": "teach.problem_bad_party",
    "not_in_text": "teach.problem_not_in_text",
    "overlaps": "teach.problem_overlaps",
    "not_of_direction": "teach.problem_not_of_direction",
    "not_read_back": "teach.problem_not_read_back",
    "required": "teach.problem_required",
    "length": "teach.problem_length",
    "too_many_parts": "teach.problem_too_many_parts",
}
"""A choice's problem (the codes of domain.wording_marks and of this form) in words; any other
is "not accepted"."""
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


def in_words(problems: Iterable[Problem]) -> dict[str, str]:
    """Each field's problem as its words key; a problem of no field of the form is the
    message's."""
    found: dict[str, str] = {}
    for field, code in problems:
        key = PROBLEM_WORDS.get("overlaps" if code.startswith("overlaps_") else code)
        found.setdefault(field if field in FIELDS else WHOLE_MESSAGE, key or "teach.problem_other")
    return found


class WordingsView(PortalHandler):
    """What the wordings pages share: a wording's kind and slots in words (their templates'
    `kind_words` and `slot_words`)."""

    permission = "wordings"

    def kind_words(self, kind: str) -> str:
        key = KIND_WORDS.get(kind)
        return self.t(key) if key else kind

    def slot_words(self, slot: str) -> str:
        key = SLOT_WORDS.get(slot)
        return self.t(key) if key else slot


class WordingsPage(WordingsView, PortalPage):
    """The account's taught wordings and the ones the operator shared."""

    route_name = "portal_wordings"

    async def get(self) -> None:
        own, shared = await self.services.wordings.visible(self.account.id)
        self.render_portal(
            "wordings.html",
            title=self.t("wordings.title"),
            own=own,
            shared=shared,
            kind_words=self.kind_words,
            slot_words=self.slot_words,
            masked=masked,
        )


class WordingRemove(WordingsView, PortalAction):
    route_name = "portal_wording_remove"

    async def post(self, wording_id: str) -> None:
        back = self.reverse_url("portal_wordings")
        try:
            removed = await self.services.wordings.remove(wording_id, self.account.id)
        except errors.NotFound:
            self.see_other(back, "wordings.not_found")
            return
        w = removed.wording
        await self.audit(
            "wording.remove", removed.id, provider=w.provider, kind=w.kind, direction=w.direction
        )
        self.see_other(back, "wordings.removed")


class TeachPage(WordingsView, PortalPage):
    """The form for one message (?message=); its own form posts back to it to preview
    (action=preview, the page again with what the wording reads) or save (action=save)."""

    route_name = "portal_wording_teach"

    async def get(self) -> None:
        msg = await self.source(self.get_query_argument("message", ""))
        self.show(msg, FormErrors())

    async def post(self) -> None:
        msg = await self.source(self.form("message") or "")
        submitted = self.form_values(FIELDS)
        marks, problems = read_form(submitted, msg.text)
        if marks is None:
            self.show(msg, FormErrors.of(submitted, FIELDS, in_words(problems)), status=400)
            return
        wordings = self.services.wordings
        try:
            if self.form("action") != "save":
                preview = await wordings.preview(self.account.id, msg.id, marks)
                self.show(msg, FormErrors.keeping(submitted, FIELDS), preview=preview)
                return
            taught = await wordings.teach(self.account.id, msg.id, marks, self.user.email)
        except errors.InvalidBody as exc:
            refused = in_words(problems_of(exc))
            self.show(msg, FormErrors.of(submitted, FIELDS, refused), status=400)
            return
        except WordingTaught:
            self.see_other(self.reverse_url("portal_wordings"), "teach.exists")
            return
        w = taught.wording
        await self.audit(
            "wording.teach",
            taught.id,
            provider=w.provider,
            kind=w.kind,
            direction=w.direction,
            message=msg.id,
        )
        self.see_other(self.reverse_url("portal_wordings"), "teach.taught")

    async def source(self, message_id: str) -> SmsMessage:
        """The account's message to teach from; the not-teachable page (404) otherwise."""
        try:
            return await self.services.wordings.source(self.account.id, message_id)
        except errors.NotFound:
            raise errors.NotTeachable() from None

    def show(
        self,
        msg: SmsMessage,
        form: FormErrors,
        *,
        preview: Preview | None = None,
        status: int = 200,
    ) -> None:
        found = tokens(msg.text, msg.provider or "")
        self.render_portal(
            "teach.html",
            status,
            title=self.t("teach.title"),
            msg=msg,
            text=masked(clean(msg.text)),
            choices=(
                ("trx", "teach.trx", [t for t in found if t.trx], True),
                ("amount", "teach.amount", [t for t in found if t.money], True),
                ("fee", "teach.fee", [t for t in found if t.money], False),
                ("balance", "teach.balance", [t for t in found if t.money], False),
            ),
            credit_kinds=CREDIT_KINDS,
            debit_kinds=DEBIT_KINDS,
            claimable=CLAIMABLE_KINDS,
            form=form,
            preview=preview,
            preview_limit=PREVIEW_LIMIT,
            kind_words=self.kind_words,
            slot_words=self.slot_words,
            masked=masked,
        )


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        route(r"/portal/wordings", WordingsPage, kw),
        route(r"/portal/wordings/teach", TeachPage, kw),
        route(r"/portal/wordings/([^/]+)/remove", WordingRemove, kw),
    ]
