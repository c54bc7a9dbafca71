"""Claim endpoints: verify (merchant, key), submit (buyer), cancel (either), and the public
session read the hosted page polls. Every answer here uses the claim body shape."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tornado.web import url

from claimsvc import errors
from claimsvc.api.base import CLAIM
from claimsvc.api.checkout import MerchantHandler
from claimsvc.domain.addresses import client_source
from claimsvc.domain.claims import parse_cancel, parse_claim, parse_session_id

Doc = dict[str, Any]


class ClaimHandler(MerchantHandler):
    """Claim shape for every error, and the fixed 500 text of the claim endpoints."""

    error_shape = CLAIM
    internal_message = "Internal system error"

    async def limit_buyer(self, session_id: str) -> tuple[Doc | None, Doc | None]:
        """Calls without a key (contract §3): the session, then its limits per client address
        and per session in one script that also reads its account's state (None: unknown
        session, or account gone). An unknown session is limited per client address alone.
        See docs/decisions.md, "Verify and submit in three commands"."""
        s = self.deps.settings
        address = self.request.remote_ip or "unknown"
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
        req = parse_claim(self.json_body())
        self.send_json(200, await self.services.claims.verify(caller.account, req))


class SubmitHandler(ClaimHandler):
    route_name = "submit"

    async def post(self) -> None:
        req = parse_claim(self.json_body())
        session, account = await self.limit_buyer(req.session_id)
        # Failed submits count per client source too (docs/decisions.md, "Locking a session").
        req = replace(req, source=client_source(self.request.remote_ip))
        self.send_json(200, await self.services.claims.submit(req, session, account))


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
        self.send_json(200, await self.services.sessions.cancel(session_id, account_id))


class SessionReadHandler(ClaimHandler):
    """What the hosted page shows and polls; nothing secret."""

    route_name = "session_read"

    async def get(self, raw_id: str) -> None:
        session_id = parse_session_id(raw_id)
        await self.services.limits.check_reader(
            self.request.remote_ip or "unknown",
            self.deps.settings.submit_rate_per_ip,
            errors.BuyerRateLimited(),
        )
        self.send_json(200, await self.services.sessions.public(session_id))


def routes(deps: Any) -> list:
    kw = {"deps": deps}
    return [
        url(r"/api/v1/checkout/verify", VerifyHandler, kw, name="verify"),
        url(r"/api/v1/checkout/submit", SubmitHandler, kw, name="submit"),
        url(r"/api/v1/checkout/cancel", CancelHandler, kw, name="cancel"),
        url(r"/api/v1/checkout/session/([^/]+)", SessionReadHandler, kw, name="session_read"),
    ]
