"""Claim endpoints: verify (merchant, key), submit (buyer), cancel (either), and the public
session read and arrival check the hosted page polls. Every answer here uses the claim body
shape."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from marshmallow import Schema, fields
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.base import CLAIM
from claimsvc.api.checkout import MerchantHandler
from claimsvc.api.fields import Money, UtcTime
from claimsvc.domain import sessions as sm
from claimsvc.domain.accounts import AccountTerms
from claimsvc.domain.addresses import client_source
from claimsvc.domain.claims import parse_cancel, parse_claim, parse_session_id, parse_wait
from claimsvc.domain.sessions import Session


class CompletedSchema(Schema):
    """The 200 of a completed claim (interface.md §4), the same for every repeat of it; dumps
    the completed `Session`."""

    success = fields.Constant(True)
    status = fields.Constant(sm.COMPLETED)
    session_id = fields.String(attribute="id")
    order_id = fields.String()
    payment_id = fields.String()
    amount = Money(attribute="amount_poisha")
    provider = fields.String(attribute="claim.provider")
    trx_id = fields.String(attribute="claim.trx_id")
    redirect_url = fields.String(attribute="success_url")


class CancelledSchema(Schema):
    """The 200 of a cancel, the same on repeats; dumps the cancelled `Session`."""

    success = fields.Constant(True)
    status = fields.Constant(sm.CANCELLED)
    redirect_url = fields.String(attribute="cancel_url")


class PendingClaimSchema(Schema):
    provider = fields.String()
    trx_id = fields.String()


class ShopWalletSchema(Schema):
    provider = fields.String()
    number = fields.String()
    kind = fields.String()


class PublicSessionSchema(Schema):
    """The public session read the hosted page polls; dumps a `PublicSession`."""

    session_id = fields.String()
    order_id = fields.String()
    merchant = fields.Function(lambda view: {"name": view.merchant})
    amount = Money(attribute="amount_poisha")
    status = fields.String()
    expires_at = UtcTime()
    pending = fields.Boolean()
    pending_claim = fields.Nested(PendingClaimSchema, allow_none=True)
    wallets = fields.List(fields.Nested(ShopWalletSchema))
    redirect_url = fields.String(allow_none=True)


COMPLETED_SCHEMA = CompletedSchema()
CANCELLED_SCHEMA = CancelledSchema()
PUBLIC_SESSION_SCHEMA = PublicSessionSchema()


class ClaimHandler(MerchantHandler):
    """Claim shape for every error, and the fixed 500 text of the claim endpoints."""

    error_shape = CLAIM
    internal_message = "Internal system error"

    async def limit_buyer(self, session_id: str) -> tuple[Session | None, AccountTerms | None]:
        """Calls without a key (contract §3): the session, then its limits per client address
        and per session in one script that also reads its account's state (None: unknown
        session, or account gone). An unknown session is limited per client address alone.
        See docs/decisions.md, "Verify and submit in three commands"."""
        s = self.deps.settings
        address = self.client_address()
        error = errors.BuyerRateLimited()
        session = await self.services.sessions.find(session_id)
        if session is None:
            await self.services.limits.check_address(address, s.submit_rate_per_ip, error)
            return None, None
        account = await self.services.limits.admit_buyer(
            address, session, s.submit_rate_per_ip, s.submit_rate_per_session, error
        )
        return session, account


class VerifyHandler(ClaimHandler):
    route_name = "verify"

    async def post(self) -> None:
        caller = await self.authenticate(self.request.headers.get("x-api-key"))
        body = self.json_body()
        req = parse_claim(body)
        wait_s = parse_wait(body)
        completed = await self.services.claims.verify(caller.account, req, wait_s)
        self.send_json(200, COMPLETED_SCHEMA.dump(completed))


class SubmitHandler(ClaimHandler):
    route_name = "submit"

    async def post(self) -> None:
        req = parse_claim(self.json_body())
        session, account = await self.limit_buyer(req.session_id)
        # Failed submits count per client source too (docs/decisions.md, "Locking a session").
        req = replace(req, source=client_source(self.client_address()))
        completed = await self.services.claims.submit(req, session, account)
        self.send_json(200, COMPLETED_SCHEMA.dump(completed))


class CancelHandler(ClaimHandler):
    """The buyer (no key) or the merchant (its key, a session of its account) cancels."""

    route_name = "cancel"

    async def post(self) -> None:
        raw_key = self.request.headers.get("x-api-key")
        account_id = None
        if raw_key is not None:
            caller = await self.authenticate(raw_key)
            account_id = caller.account_id
        session_id = parse_cancel(self.json_body())
        if account_id is None:
            await self.limit_buyer(session_id)
        cancelled = await self.services.sessions.cancel(session_id, account_id)
        self.send_json(200, CANCELLED_SCHEMA.dump(cancelled))


class SessionReadHandler(ClaimHandler):
    """What the hosted page shows and polls; nothing secret."""

    route_name = "session_read"

    async def get(self, raw_id: str) -> None:
        public = await self.read_public(raw_id)
        self.send_json(200, PUBLIC_SESSION_SCHEMA.dump(public))

    async def read_public(self, raw_id: str) -> sm.PublicSession:
        """The session's public read, limited per client address as submit is."""
        session_id = parse_session_id(raw_id)
        await self.services.limits.check_reader(
            self.client_address(),
            self.deps.settings.submit_rate_per_ip,
            errors.BuyerRateLimited(),
        )
        public: sm.PublicSession = await self.services.sessions.public(session_id)
        return public


class ArrivalHandler(ClaimHandler):
    """The hosted page's check before a submit, `{"trxId", "provider"}` for the session in the
    path: 200 `{"next": "wait"}` while no SMS with this TrxID has reached the session's account,
    `{"next": "switch", "provider": "nagad"}` when it is a payment the session could take in
    another wallet than the one chosen, else `{"next": "submit"}` (docs/hosted-page.md, "The
    buyer's wait"). Not part of the merchant API; errors in the claim shape."""

    route_name = "arrival"

    async def post(self, raw_id: str) -> None:
        body = self.json_body()
        req = parse_claim({**body, "sessionId": raw_id} if isinstance(body, dict) else body)
        answer, provider = await self.services.arrival.check(
            req.session_id,
            req.trx_id,
            req.provider,
            self.client_address(),
            self.deps.settings.submit_rate_per_ip,
        )
        self.set_header("Cache-Control", "no-store")
        self.send_json(200, {"next": answer, **({"provider": provider} if provider else {})})


class AmountNoteHandler(SessionReadHandler):
    """The hosted page's read after a failed claim: `{"amount_differs": "told" | "refund" |
    null, "other_wallet": "nagad" | null}`, whether the session's latest claim named a payment
    of another amount than the order's (the merchant has been told; or will refund it by hand),
    or a payment the session could take made with another wallet than the claim chose.
    Page-only, like the arrival check: verify, submit and the session read answer exactly as
    before (docs/hosted-page.md, "A payment of another amount", "The buyer's last word")."""

    route_name = "amount_note"

    async def get(self, raw_id: str) -> None:
        public = await self.read_public(raw_id)
        self.set_header("Cache-Control", "no-store")
        body = {"amount_differs": public.amount_note, "other_wallet": public.other_wallet}
        self.send_json(200, body)


def routes(deps: Any) -> list[URLSpec]:
    kw = {"deps": deps}
    return [
        url(r"/api/v1/checkout/verify", VerifyHandler, kw, name="verify"),
        url(r"/api/v1/checkout/submit", SubmitHandler, kw, name="submit"),
        url(r"/api/v1/checkout/cancel", CancelHandler, kw, name="cancel"),
        url(r"/api/v1/checkout/session/([^/]+)", SessionReadHandler, kw, name="session_read"),
        url(r"/checkout/([^/]+)/arrival", ArrivalHandler, kw, name="arrival"),
        url(r"/checkout/([^/]+)/amount-note", AmountNoteHandler, kw, name="amount_note"),
    ]
