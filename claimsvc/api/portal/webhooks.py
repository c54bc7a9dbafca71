"""The portal's Webhooks pages: the account's events with their attempts (filtered by status
and session), one event's page and sending it again, a test event, the live and the test
callback secrets (made, revealed or rotated: shown once, on the page the POST redirects to) and
the allowed hosts."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlencode, urlsplit

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.api.portal.forms import FormErrors
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.portal.view import Fmt
from claimsvc.api.routing import route
from claimsvc.domain import allowed_hosts as hosts_rules
from claimsvc.domain import bounds, urls
from claimsvc.domain.accounts import Account, CallbackSecrets, callback_secrets
from claimsvc.domain.exchange import BODY_CAP, HEADER_LINES_CAP
from claimsvc.domain.modes import LIVE, TEST
from claimsvc.domain.outbox import EVENT_STATUSES, EventFilter
from claimsvc.domain.rotation import DEFAULT_GRACE_HOURS, GRACE_HOURS, in_grace

SESSION_MAX = 64
"""The longest session id the filter accepts (ids are UUIDs)."""

FILTER_FIELDS = ("status", "session")
TEST_FIELDS = ("url",)
ROTATE_FIELDS = ("grace",)
HOSTS_FIELDS = ("host",)

URL_RULE_WORDS = {
    urls.REQUIRED: "webhooks.url_required",
    urls.NOT_TEXT: "webhooks.url_malformed",
    urls.TOO_LONG: "webhooks.url_too_long",
    urls.BAD_SHAPE: "webhooks.url_malformed",
    urls.BAD_HOST: "webhooks.url_host_invalid",
    urls.AMBIGUOUS_HOST: "webhooks.url_host_ambiguous",
    urls.CREDENTIALS: "webhooks.url_credentials",
    urls.NOT_HTTPS: "webhooks.url_not_https",
    urls.HOST_NOT_ALLOWED: "webhooks.url_host_not_allowed",
}
"""The words of each URL rule (domain/urls.RULES) for the test event's address: the page never
shows the API's English message."""

GRACE_WORDS = {
    0: "webhooks.grace_0",
    1: "webhooks.grace_1",
    24: "webhooks.grace_24",
    72: "webhooks.grace_72",
    168: "webhooks.grace_168",
}
"""The words of each grace period offered (domain/rotation.GRACE_HOURS)."""


class WebhooksView(PortalHandler):
    """What the Webhooks page shows: the event log with its filter, and its three forms."""

    permission = "webhooks"

    def filters(self) -> tuple[EventFilter, FormErrors]:
        """The account's filter from the query; a value we do not take is dropped and told."""
        given = {name: self.get_query_argument(name, "") for name in FILTER_FIELDS}
        status = given["status"] or None
        session = (given["session"] or "").strip() or None
        problems = {}
        if status is not None and status not in EVENT_STATUSES:
            problems["status"], status = "webhooks.bad_filter", None
        if session is not None and len(session) > SESSION_MAX:
            problems["session"], session = "webhooks.bad_filter", None
        which = EventFilter(account_id=self.account.id, session_id=session, status=status)
        return which, FormErrors.of(given, FILTER_FIELDS, problems)

    def list_url(self, cursor: str | None, name: str = "cursor") -> str:
        """The event log at `cursor` with its filters, also from an action's page (one list:
        `name` is always the cursor's)."""
        which, _ = self.filters()
        args = [("status", which.status or ""), ("session", which.session_id or "")]
        args = [(name, value) for name, value in args if value]
        args += [("cursor", cursor)] if cursor else []
        page = self.reverse_url("portal_webhooks")
        return page + (f"?{urlencode(args)}" if args else "")

    async def show(
        self,
        status: int = 200,
        *,
        test: FormErrors | None = None,
        rotate: FormErrors | None = None,
        test_rotate: FormErrors | None = None,
        hosts: FormErrors | None = None,
        shown: dict[str, str] | None = None,
    ) -> None:
        """The page; a form's problems (400), or a secret held for this one view."""
        which, filter_form = self.filters()
        found = await self.services.outbox.list_events(which, None, self.cursor())
        account = await self.with_test_secret()
        live, test_secrets = callback_secrets(account, LIVE), callback_secrets(account, TEST)
        shown = shown or {}
        self.render_portal(
            "webhooks.html",
            400 if filter_form and status == 200 else status,
            title=self.t("webhooks.title"),
            events=found.items,
            next_cursor=found.next_cursor,
            which=which,
            statuses=EVENT_STATUSES,
            filter_form=filter_form,
            test_form=test or FormErrors(),
            rotate_form=rotate or FormErrors(),
            test_rotate_form=test_rotate or FormErrors(),
            hosts_form=hosts or FormErrors(),
            new_secret=shown.get("secret"),
            secret_how=shown.get("how"),
            secret_mode=shown.get("mode", LIVE),
            has_secret=bool(live.current),
            allowed_hosts=account.allowed_hosts,
            grace_until=self.grace_until(live),
            test_grace_until=self.grace_until(test_secrets),
            grace_words=GRACE_WORDS,
            default_grace=DEFAULT_GRACE_HOURS,
        )

    async def with_test_secret(self) -> Account:
        """The account, its test callback secret made first if it predates them (once)."""
        if not self.account.test_callback_secret:
            self.account = await self.services.admin.account_with_test_secret(self.account.id)
        return self.account

    def grace_until(self, secrets: CallbackSecrets) -> datetime | None:
        """Until when a rotated-out secret of one mode still signs; None when none does."""
        if not in_grace(secrets.previous, secrets.previous_until, self.deps.clock()):
            return None
        return secrets.previous_until


class WebhooksPage(WebhooksView, PortalPage):
    route_name = "portal_webhooks"

    async def get(self) -> None:
        page = self.reverse_url("portal_webhooks")
        held = await take_shown(self, "callback_secret", page)
        if held is not None:
            await self.show(shown=held)


class EventPage(PortalPage):
    """One event of the account with its attempts (another account's: 404)."""

    permission = "webhooks"
    route_name = "portal_webhook_event"

    async def get(self, event_id: str) -> None:
        event = await self.services.outbox.event_of_account(self.account.id, int(event_id))
        self.render_portal(
            "event.html",
            title=self.t("event.title", id=event.id),
            event=event,
            attempts=list(reversed(event.history)),
            body_cap=BODY_CAP,
            header_cap=HEADER_LINES_CAP,
        )


class EventRedeliver(PortalAction):
    """Send the event again (domain/delivery.py `redelivery` says how, or refuses)."""

    permission = "webhooks"
    route_name = "portal_webhook_redeliver"

    async def post(self, event_id: str) -> None:
        page = self.reverse_url("portal_webhook_event", event_id)
        try:
            await self.services.delivery.redeliver(int(event_id), self.account.id)
        except errors.EventStillStopped:
            self.see_other(page, flash="event.still_stopped")
            return
        except errors.EventNotRedeliverable:
            self.see_other(page, flash="event.not_redeliverable")
            return
        await self.audit("webhook.redeliver", f"event:{event_id}")
        self.see_other(page, flash="event.redelivered")


class TestEventSend(WebhooksView, PortalAction):
    """A test event to the address typed (URL rules and allowed hosts), then its page."""

    route_name = "portal_webhook_test"

    async def post(self) -> None:
        submitted = self.form_values(TEST_FIELDS)
        url = (submitted["url"] or "").strip()
        try:
            event = await self.services.outbox.record_test(self.account, url)
        except errors.UrlRejected:
            rule = urls.broken_rule(url, self.account.allowed_hosts) or urls.HOST_NOT_ALLOWED
            problems = {"url": URL_RULE_WORDS[rule]}
            await self.show(400, test=FormErrors.of({"url": url}, TEST_FIELDS, problems))
            return
        await self.audit("webhook.test", f"event:{event.id}", host=_host(url))
        page = self.reverse_url("portal_webhook_event", event.id)
        self.see_other(page, flash="webhooks.test_queued")


class SecretRotate(WebhooksView, PortalAction):
    """A new live callback secret, the old one kept for a grace; the page it redirects to shows
    the new one once (200, `no-store`)."""

    route_name = "portal_webhook_rotate"
    mode = LIVE

    async def post(self) -> None:
        submitted = self.form_values(ROTATE_FIELDS)
        hours = bounds.digits(submitted["grace"] or "")
        if hours is None or hours not in GRACE_HOURS:
            # Not one of the options: the select shows the default again, never the first
            # option (no grace) a browser would fall back to.
            kept = {"grace": str(DEFAULT_GRACE_HOURS)}
            problems = {"grace": "webhooks.bad_grace"}
            form = FormErrors.of(kept, ROTATE_FIELDS, problems)
            if self.mode == TEST:
                await self.show(400, test_rotate=form)
            else:
                await self.show(400, rotate=form)
            return
        first = not callback_secrets(self.account, self.mode).current
        account, secret = await self.services.admin.rotate_callback_secret(
            self.account.id, timedelta(hours=hours), self.mode
        )
        self.account = account
        test = self.mode == TEST
        await self.audit(
            "webhook.rotate_test_secret" if test else "webhook.rotate_secret",
            "test_callback_secret" if test else "callback_secret",
            grace_hours=str(hours),
        )
        # A reload after this shows the page, never another rotation (POST/redirect/GET).
        how = "first" if first else "rotated"
        held = {"secret": secret, "how": how, "mode": self.mode}
        await hold_and_redirect(self, "callback_secret", held, self.reverse_url("portal_webhooks"))


class TestSecretRotate(SecretRotate):
    """The same for the test callback secret, which signs test sessions' events (issue 30)."""

    route_name = "portal_webhook_test_secret_rotate"
    mode = TEST


class SecretReveal(WebhooksView, PortalAction):
    """Show the current live callback secret once, on the page it redirects to (audited); the
    secret itself never goes in an address, a cookie or a log (services/one_view.py)."""

    route_name = "portal_webhook_reveal"
    mode = LIVE

    async def post(self) -> None:
        if self.mode == TEST:
            await self.with_test_secret()
        secret = callback_secrets(self.account, self.mode).current
        page = self.reverse_url("portal_webhooks")
        if not secret:
            self.see_other(page)  # nothing to show: the page offers to make one
            return
        test = self.mode == TEST
        await self.audit(
            "webhook.reveal_test_secret" if test else "webhook.reveal_secret",
            "test_callback_secret" if test else "callback_secret",
        )
        held = {"secret": secret, "how": "shown", "mode": self.mode}
        await hold_and_redirect(self, "callback_secret", held, page)


class TestSecretReveal(SecretReveal):
    """The same for the test callback secret (the keys page offers it beside the test keys)."""

    route_name = "portal_webhook_test_secret_reveal"
    mode = TEST


class HostsChange(WebhooksView, PortalAction):
    """Add the host typed (`host`), or with `remove` remove that listed entry; audited. The
    one host rule (domain/allowed_hosts.py) decides what an entry may be."""

    route_name = "portal_webhook_hosts"

    async def post(self) -> None:
        removing = self.form("remove")
        typed = (self.form("host") or "")[: hosts_rules.MAX_ENTRY_LENGTH + 1]
        entry = typed.strip() if removing is None else removing

        def change(listed: tuple[str, ...]) -> tuple[str, ...]:
            if removing is None:
                return hosts_rules.with_host(listed, typed)
            return hosts_rules.without_host(listed, removing)

        try:
            self.account = await self.services.admin.change_allowed_hosts(self.account.id, change)
        except hosts_rules.HostListRefused as refused:
            most = Fmt(self.lang).number(hosts_rules.MAX_ALLOWED_HOSTS)
            form = FormErrors.keeping({"host": typed.strip()}, HOSTS_FIELDS)
            await self.show(400, hosts=form.add("host", refused.key, n=most))
            return
        added = removing is None
        await self.audit("webhook.host_add" if added else "webhook.host_remove", f"host:{entry}")
        flash = "webhooks.hosts_added" if added else "webhooks.hosts_removed"
        self.see_other(self.reverse_url("portal_webhooks") + "#hosts", flash=flash)


def _host(url: str) -> str:
    """The host alone, for the audit log (a URL's path may carry a merchant's token)."""
    return urlsplit(url).hostname or ""


EVENT = r"/portal/webhooks/events/([1-9][0-9]{0,17})"


def routes(kw: dict[str, Any]) -> list[URLSpec]:
    return [
        route(r"/portal/webhooks", WebhooksPage, kw),
        route(r"/portal/webhooks/test", TestEventSend, kw),
        route(r"/portal/webhooks/secret", SecretRotate, kw),
        route(r"/portal/webhooks/secret/reveal", SecretReveal, kw),
        route(r"/portal/webhooks/test-secret", TestSecretRotate, kw),
        route(r"/portal/webhooks/test-secret/reveal", TestSecretReveal, kw),
        route(r"/portal/webhooks/hosts", HostsChange, kw),
        route(EVENT, EventPage, kw),
        route(EVENT + "/redeliver", EventRedeliver, kw),
    ]
