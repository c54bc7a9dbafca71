"""The `sms-ingest` process: the intake endpoint for forwarder devices, and the SMS worker."""

from __future__ import annotations

from dataclasses import dataclass

from tornado.web import Application, RequestHandler, url

from claimsvc import errors
from claimsvc.api import ops
from claimsvc.api.base import BaseHandler
from claimsvc.api.json_body import parse_json
from claimsvc.bootstrap import Deps, own_sms_core
from claimsvc.clock import Clock
from claimsvc.domain.devices import INTAKE_PATH
from claimsvc.runtime.runner import Component
from claimsvc.services.sms import metrics as core_metrics
from claimsvc.services.sms.core import SmsCore
from claimsvc.services.sms.intake import Accepted, SmsIntake
from claimsvc.services.sms.pipeline import Pipeline
from claimsvc.services.sms.wallet_chain import WalletChain
from claimsvc.services.sms.work import Tuning
from sms_ingest import formats, metrics
from sms_ingest.consumer import Consumer
from sms_ingest.health import DeviceHealth


class Intake:
    """The intake's edge: reads a forwarder's body in the shape it sends (`formats`) and checks
    its signature, then hands the messages to the SMS core (`SmsIntake`) to store and queue."""

    def __init__(self, service: SmsIntake, clock: Clock) -> None:
        self.service = service
        self._clock = clock

    async def receive(
        self,
        token: str | None,
        body: bytes,
        signature: str | None,
        timestamp: str | None,
        content_type: str | None = None,
    ) -> Accepted:
        """Store every SMS of a request durably (all or, on a bad body, none), then queue them.

        A device with a signing key accepts only signed requests: a JSON body signed in the
        X-Signature and X-Timestamp headers (checked before the body is read), or the SMS
        Forwarder's form with its own `timestamp` and `sign` (checked once the form is read).
        """
        device, vouched = await self.service.authenticate(token)
        form = formats.is_url_encoded(content_type)
        key = device.signing_key
        if key and not form:
            _check_signature(
                formats.signature_problem(key, body, timestamp, signature, self._clock())
            )
        try:
            decoded = formats.decode_form(body) if form else formats.decode(parse_json(body))
        except (formats.FormatError, errors.InvalidJson) as exc:
            await self.service.refuse_body(device, vouched)
            if isinstance(exc, formats.FormatError):
                raise errors.InvalidBody(details=exc.details) from None
            raise
        if key and form:
            _check_signature(
                formats.forwarder_sign_problem(key, decoded.stamp, decoded.sign, self._clock())
            )
        return await self.service.store(device, decoded.form, decoded.messages, vouched)


def _check_signature(problem: str | None) -> None:
    """Refuse the request (nothing stored) when its signature does not hold."""
    if problem:
        core_metrics.INTAKE_REJECTED.labels(reason="bad_signature").inc()
        raise errors.SignatureRejected(details=[problem])


@dataclass
class SmsIngest:
    """The process's parts, wired once from `Deps`."""

    core: SmsCore
    intake: Intake
    consumer: Consumer
    health: DeviceHealth

    @property
    def pipeline(self) -> Pipeline:
        return self.core.pipeline

    @property
    def wallets(self) -> WalletChain:
        return self.core.wallets


def build(deps: Deps, tuning: Tuning | None = None) -> SmsIngest:
    """The process's edges over the SMS core (`deps.services.sms`); given `tuning`, over a core
    of its own paced by it (tests: a worker that never waits, or a second worker process)."""
    core = deps.services.sms if tuning is None else own_sms_core(deps, tuning)
    return SmsIngest(
        core=core,
        intake=Intake(core.intake, deps.clock),
        consumer=Consumer(core.work),
        health=DeviceHealth(core.devices, deps.clock),
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
            core_metrics.INTAKE_REJECTED.labels(reason="too_large").inc()
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
