"""The `sms-ingest` process: the intake endpoint for forwarder devices, and the SMS worker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tornado.web import Application, RequestHandler, url

from claimsvc import errors
from claimsvc.api import ops
from claimsvc.api.base import BaseHandler
from claimsvc.domain.devices import INTAKE_PATH
from claimsvc.runtime.runner import Component
from sms_ingest import metrics
from sms_ingest.consumer import Consumer, Tuning
from sms_ingest.health import DeviceHealth
from sms_ingest.intake import Intake
from sms_ingest.pipeline import Pipeline
from sms_ingest.stream import SmsStream
from sms_ingest.taught import TaughtWordings
from sms_ingest.wallets import WalletChain

if TYPE_CHECKING:
    from claimsvc.bootstrap import Deps


@dataclass
class SmsIngest:
    """The process's parts, wired once from `Deps`."""

    intake: Intake
    stream: SmsStream
    wallets: WalletChain
    pipeline: Pipeline
    consumer: Consumer
    health: DeviceHealth


def build(deps: Deps, tuning: Tuning | None = None) -> SmsIngest:
    s, st, sv = deps.settings, deps.stores, deps.services
    wallets = WalletChain(st.balances, st.transactions, sv.claims, deps.clock)
    taught = TaughtWordings(st.wordings)
    pipeline = Pipeline(
        st.messages,
        sv.transactions,
        wallets,
        deps.clock,
        reread=sv.reparse.reread,
        taught=taught,
    )
    tuning = tuning or Tuning(
        reclaim_idle_ms=s.sms_reclaim_idle_s * 1000, requeue_after_s=s.sms_requeue_after_s
    )
    stream = SmsStream(deps.redis, deps.keys)
    return SmsIngest(
        intake=Intake(sv.devices, st.messages, st.sms_gate, deps.clock),
        stream=stream,
        wallets=wallets,
        pipeline=pipeline,
        consumer=Consumer(
            stream,
            st.messages,
            pipeline,
            wallets,
            deps.clock,
            tuning,
            rereads=sv.wordings.reread_due,
        ),
        health=DeviceHealth(st.devices, deps.clock),
    )


def device_token(handler: RequestHandler) -> str | None:
    """`Authorization: Bearer <token>`, else the `token` query parameter."""
    scheme, _, value = handler.request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return handler.get_query_argument("token", None)


class SmsIntakeHandler(BaseHandler):
    """POST /sms/v1/messages: 202 once every SMS of the request is stored."""

    route_name = "sms_messages"

    def initialize(self, deps: Deps, intake: Intake) -> None:  # type: ignore[override]
        super().initialize(deps)
        self.intake = intake

    def prepare(self) -> None:
        try:
            super().prepare()
        except errors.BodyTooLarge:
            metrics.INTAKE_REJECTED.labels(reason="too_large").inc()
            raise

    async def post(self) -> None:
        headers = self.request.headers
        result = await self.intake.receive(
            device_token(self),
            self.request.body or b"",
            headers.get("X-Signature"),
            headers.get("X-Timestamp"),
            headers.get("Content-Type"),
        )
        self.send_json(202, {"accepted": result.accepted, "duplicates": result.duplicates})


log_request = ops.request_logger(metrics.HTTP_REQUESTS, metrics.HTTP_LATENCY, "sms_ingest.access")


def make_app(deps: Deps, intake: Intake) -> Application:
    """The intake application: /sms/v1/messages, /healthz, /readyz, /metrics."""
    routes = ops.probe_routes(deps)
    routes.append(url(INTAKE_PATH, SmsIntakeHandler, {"deps": deps, "intake": intake}))
    return ops.json_application(deps, routes, log_request)


def component(deps: Deps, parts: SmsIngest | None = None) -> Component:
    """What `sms-ingest` serves: the intake on CLAIMSVC_SMS_PORT, the worker and health loops."""
    parts = parts or build(deps)
    return Component(
        servers=[(make_app(deps, parts.intake), deps.settings.sms_port)],
        loops=[parts.consumer, parts.health],
    )


async def seed_demo_device(deps: Deps, account_id: str) -> dict[str, str]:
    """`claimsvc dev`: a demo forwarder device for the demo account; its token (the credentials
    file holds it, the banner shows its prefix)."""
    device = await deps.services.devices.register(account_id, "Demo phone", None)
    return {"demo device token": device.token}


async def dev_component(deps: Deps) -> Component:
    """Entry point of `claimsvc dev` (group claimsvc.dev_components)."""
    built = component(deps)
    built.demo_seeders.append(seed_demo_device)
    return built
