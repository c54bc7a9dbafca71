"""The portal's alerts page: link one's Telegram by a one-time code (the POST redirects and the
page shows the code once), set an email address verified by a link, choose which alerts each
gets, unlink; a broken channel says so. Owners also see, and may unlink, every channel of the
shop, and set the shop's threshold for a quiet phone and the hour of its daily summary."""

from __future__ import annotations

from typing import Any

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.routing import route
from claimsvc.domain import alerts as al
from claimsvc.domain import i18n
from claimsvc.domain.daily_summary import HOURS, first_day, parse_hour
from claimsvc.domain.devices import MAX_QUIET_MINUTES, MIN_QUIET_MINUTES, quiet_minutes
from claimsvc.domain.users import can

EMAIL_FIELDS = ("address",)
QUIET_FIELDS = ("minutes",)
SUMMARY_FIELDS = ("hour",)

KIND_WORDS = {
    al.PAYMENT_HELD: "alerts.kind_payment_held",
    al.AMOUNT_DIFFERS: "alerts.kind_amount_differs",
    al.SMS_NOT_UNDERSTOOD: "alerts.kind_sms_not_understood",
    al.WEBHOOK_FAILED: "alerts.kind_webhook_failed",
    al.PHONE_QUIET: "alerts.kind_phone_quiet",
    al.PHONE_BACK: "alerts.kind_phone_back",
    al.CHAIN_BROKEN: "alerts.kind_chain_broken",
    al.CHAIN_GAP: "alerts.kind_chain_gap",
    al.PAYMENT_COMPLETED: "alerts.kind_payment_completed",
    al.DAILY_SUMMARY: "alerts.kind_daily_summary",
}
"""The words of each kind of alert a channel may get (domain/alerts.KINDS)."""

CHANNEL_WORDS = {al.TELEGRAM: "alerts.channel_telegram", al.EMAIL: "alerts.channel_email"}
"""The words of each kind of channel (domain/alerts.CHANNEL_KINDS)."""

CHANNEL = r"/portal/alerts/([A-Za-z0-9_]{1,64})"
VERIFY = r"/portal/alerts/email/verify/([A-Za-z0-9_-]{20,64})"


class AlertsView(PortalHandler):
    """What the alerts page shows: the user's channels, the shop's (owners), the quiet
    threshold, and a Telegram code shown once."""

    permission = "overview"

    async def show(
        self,
        status: int = 200,
        *,
        code: str | None = None,
        email_form: FormErrors | None = None,
        quiet_form: FormErrors | None = None,
        summary_form: FormErrors | None = None,
    ) -> None:
        service = self.services.alert_channels
        mine = await service.of_user(self.user.id)
        settings = self.deps.settings
        owner = can(self.user.role, "team")
        self.render_portal(
            "alerts.html",
            status,
            title=self.t("alerts.title"),
            enabled=bool(settings.telegram_bot_token),
            email_enabled=bool(settings.smtp_host),
            bot=settings.telegram_bot_username,
            code=code,
            telegram=next((c for c in mine if c.kind == al.TELEGRAM), None),
            email=next((c for c in mine if c.kind == al.EMAIL), None),
            shop=await service.of_account(self.account.id) if owner else None,
            kind_words=KIND_WORDS,
            channel_words=CHANNEL_WORDS,
            linked=al.LINKED,
            pending=al.PENDING,
            user_email=self.user.email,
            email_form=email_form or FormErrors(),
            quiet_form=quiet_form or FormErrors(),
            quiet_minutes=self.account.phone_quiet_minutes,
            quiet_min=MIN_QUIET_MINUTES,
            quiet_max=MAX_QUIET_MINUTES,
            may_set_quiet=owner,
            summary_form=summary_form or FormErrors(),
            summary_hour=self.account.alert_summary_hour,
            hours=[(str(h), i18n.hour_of_day(h, self.lang)) for h in HOURS],
        )


class AlertsPage(AlertsView, PortalPage):
    """The page (with a new Telegram code once, after the code's POST)."""

    route_name = "portal_alerts"

    async def get(self) -> None:
        held = await take_shown(self, "alert_link_code", self.reverse_url("portal_alerts"))
        if held is not None:
            await self.show(code=held.get("code"))


class TelegramCode(AlertsView, PortalAction):
    """Make a one-time code to link the user's Telegram; the page it redirects to shows it
    once (200, `no-store`)."""

    route_name = "portal_alerts_telegram"

    async def post(self) -> None:
        if not self.deps.settings.telegram_bot_token:
            raise errors.NotFound()
        code = await self.services.alert_channels.new_code(self.user, self.lang)
        await self.audit("alerts.link_code", f"user:{self.user.id}")
        page = self.reverse_url("portal_alerts")
        await hold_and_redirect(self, "alert_link_code", {"code": code}, page)


class EmailSet(AlertsView, PortalAction):
    """Set the user's alert address and email it a verification link."""

    route_name = "portal_alerts_email"

    async def post(self) -> None:
        submitted = self.form_values(EMAIL_FIELDS)
        page = self.reverse_url("portal_alerts")
        # The email's link is this address and "/<token>" (services/alert_channels.py).
        verify = self.reverse_url("portal_alerts_verify", "").removesuffix("/")
        try:
            await self.services.alert_channels.add_email(
                self.user,
                submitted["address"] or "",
                self.lang,
                self.deps.settings.public_base_url + verify,
            )
        except errors.InvalidBody:
            problems = {"address": "alerts.email_bad"}
            await self.show(400, email_form=FormErrors.of(submitted, EMAIL_FIELDS, problems))
            return
        except errors.EmailNotSent:
            self.see_other(page, "alerts.email_not_sent")
            return
        await self.audit("alerts.email", f"user:{self.user.id}")
        self.see_other(page, "alerts.email_sent")


class VerifyPage(PortalPage):
    """Asks first (a link in an email must not change anything by being fetched). The token
    is in the path so that signing in first keeps it."""

    permission = "overview"
    route_name = "portal_alerts_verify"

    async def get(self, token: str) -> None:
        self.set_header("Cache-Control", "no-store")
        self.render_portal("alerts_verify.html", title=self.t("alerts.verify_title"), token=token)


class EmailVerify(PortalAction):
    """Verify the address the link was sent to."""

    permission = "overview"
    route_name = "portal_alerts_verified"

    async def post(self, token: str) -> None:
        page = self.reverse_url("portal_alerts")
        try:
            await self.services.alert_channels.verify_email(self.user, token)
        except errors.NotFound:
            self.see_other(page, "alerts.email_link_bad")
            return
        await self.audit("alerts.email_verified", f"user:{self.user.id}")
        self.see_other(page, "alerts.email_verified")


class KindsChoose(PortalAction):
    """Which kinds of alert one of the user's own channels gets."""

    permission = "overview"
    route_name = "portal_alerts_choose"

    async def post(self, channel_id: str) -> None:
        kinds = [k for k in al.KINDS if self.form(f"kind_{k}") == "1"]
        await self.services.alert_channels.choose(self.user, channel_id, kinds)
        self.see_other(self.reverse_url("portal_alerts"), "alerts.saved")


class ChannelUnlink(PortalAction):
    """Unlink one's own channel, or (an owner) any of the shop's."""

    permission = "overview"
    route_name = "portal_alerts_unlink"

    async def post(self, channel_id: str) -> None:
        gone = await self.services.alert_channels.unlink(self.user, channel_id)
        await self.audit("alerts.unlink", f"user:{gone.user_id}", channel=gone.kind)
        self.see_other(self.reverse_url("portal_alerts"), "alerts.unlinked")


class QuietSet(AlertsView, PortalAction):
    """The shop's threshold for a quiet phone (owners only: it changes what every member is
    alerted of)."""

    permission = "team"
    route_name = "portal_alerts_quiet"

    async def post(self) -> None:
        submitted = self.form_values(QUIET_FIELDS)
        minutes = quiet_minutes(submitted["minutes"] or "")
        if minutes is None:
            problems = {"minutes": "alerts.quiet_bad"}
            await self.show(400, quiet_form=FormErrors.of(submitted, QUIET_FIELDS, problems))
            return
        await self.services.admin.patch_account(self.account.id, {"phone_quiet_minutes": minutes})
        await self.audit("alerts.quiet_minutes", f"account:{self.account.id}", minutes=str(minutes))
        self.see_other(self.reverse_url("portal_alerts"), "alerts.quiet_saved")


class SummarySet(AlertsView, PortalAction):
    """The hour of the shop's daily summary, in Dhaka time, or off (owners only, like the
    quiet threshold: it is the shop's, sent to each user who chose it)."""

    permission = "team"
    route_name = "portal_alerts_summary"

    async def post(self) -> None:
        submitted = self.form_values(SUMMARY_FIELDS)
        valid, hour = parse_hour(submitted["hour"] or "")
        if not valid:
            problems = {"hour": "alerts.summary_bad"}
            await self.show(400, summary_form=FormErrors.of(submitted, SUMMARY_FIELDS, problems))
            return
        starts = None if hour is None else first_day(hour, self.deps.clock())
        fields = {"alert_summary_hour": hour, "alert_summary_from": starts}
        await self.services.admin.patch_account(self.account.id, fields)
        target = f"account:{self.account.id}"
        if hour is None:  # turned off: no hour to show
            await self.audit("alerts.summary_hour", target)
        else:
            await self.audit("alerts.summary_hour", target, hour=f"{hour:02d}:00")
        self.see_other(self.reverse_url("portal_alerts"), "alerts.summary_saved")


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        route(r"/portal/alerts", AlertsPage, kw),
        route(r"/portal/alerts/telegram", TelegramCode, kw),
        route(r"/portal/alerts/email", EmailSet, kw),
        route(r"/portal/alerts/quiet", QuietSet, kw),
        route(r"/portal/alerts/summary", SummarySet, kw),
        route(VERIFY, VerifyPage, kw),
        route(VERIFY + "/confirm", EmailVerify, kw),
        route(CHANNEL + "/kinds", KindsChoose, kw),
        route(CHANNEL + "/unlink", ChannelUnlink, kw),
    ]
