"""The portal's Webhooks page: the account's events with their attempts, sending one again, a
test event, the callback secret (made, revealed or rotated: shown once, on the page the POST
redirects to) and the allowed hosts."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from tornado.routing import URLSpec

from claimsvc import errors
from claimsvc.api.portal.base import PortalHandler
from claimsvc.api.portal.one_view import hold_and_redirect, take_shown
from claimsvc.api.words import Words
from claimsvc.domain import allowed_hosts as hosts_rules
from claimsvc.domain import bounds
from claimsvc.domain.exchange import BODY_CAP, HEADER_LINES_CAP
from claimsvc.domain.outbox import EVENT_STATUSES, EventFilter
from claimsvc.domain.paging import is_cursor
from claimsvc.domain.rotation import DEFAULT_GRACE_HOURS, GRACE_HOURS, in_grace

PATH = "/portal/webhooks"
SESSION_MAX = 64
"""The longest session id the filter accepts (ids are UUIDs)."""


class WebhooksHandler(PortalHandler):
    """GET: the event log, newest first, filtered by status and session; the forms."""

    permission = "webhooks"
    route_name = "portal_webhooks"

    async def get(self) -> None:
        held = await take_shown(self, "callback_secret", PATH)
        if held is not None:
            await self.show_page(new_secret=held.get("secret"), secret_how=held.get("how"))

    async def show_page(self, status: int = 200, **extra: Any) -> None:
        """The page; `extra` adds the rotation's new secret or a form's error and value."""
        which, cursor, problem = self._filters()
        found = None
        if problem is None:
            found = await self.services.outbox.list_events(which, None, cursor)
        account = self.account
        grace = account.previous_secret_until
        if not in_grace(account.previous_callback_secret, grace, self.deps.clock()):
            grace = None
        forms: dict[str, Any] = {
            "new_secret": None,
            "secret_how": None,
            "test_problem": None,
            "rotate_problem": None,
            "url": "",
            "hosts_problem": None,
            "host_typed": "",
        }
        self.render_portal(
            "webhooks.html",
            status=400 if problem and status == 200 else status,
            title=Words(self.lang)("hooks_title"),
            events=found.items if found else [],
            next_cursor=found.next_cursor if found else None,
            which=which,
            statuses=EVENT_STATUSES,
            filter_problem=problem,
            has_secret=bool(account.callback_secret),
            allowed_hosts=account.allowed_hosts,
            max_hosts=hosts_rules.MAX_ALLOWED_HOSTS,
            grace_until=grace,
            grace_hours=GRACE_HOURS,
            default_grace=DEFAULT_GRACE_HOURS,
            **(forms | extra),
        )

    def _filters(self) -> tuple[EventFilter, str | None, str | None]:
        """The account's filter from the query; a words key when a value is not one we take."""
        status = self.get_query_argument("status", "") or None
        session = (self.get_query_argument("session", "") or "").strip() or None
        cursor = self.get_query_argument("cursor", "") or None
        problem = None
        if status is not None and status not in EVENT_STATUSES:
            problem, status = "hooks_bad_filter", None
        if session is not None and len(session) > SESSION_MAX:
            problem, session = "hooks_bad_filter", None
        if cursor is not None and not is_cursor(cursor, by_id=True):
            problem, cursor = "hooks_bad_filter", None
        which = EventFilter(account_id=self.account.id, session_id=session, status=status)
        return which, cursor, problem


class EventHandler(PortalHandler):
    """One event of the account with its attempts (another account's: 404)."""

    permission = "webhooks"
    route_name = "portal_webhook_event"

    async def get(self, event_id: str) -> None:
        event = await self.services.outbox.event_of_account(self.account.id, int(event_id))
        words = Words(self.lang)
        self.render_portal(
            "event.html",
            title=words("hooks_event_title", id=event.id),
            event=event,
            attempts=list(reversed(event.history)),
            body_cap=BODY_CAP,
            header_cap=HEADER_LINES_CAP,
        )


class RedeliverHandler(PortalHandler):
    """POST: send the event again (domain/delivery.py `redelivery` says how, or refuses)."""

    permission = "webhooks"
    route_name = "portal_webhook_redeliver"

    async def post(self, event_id: str) -> None:
        path = f"/portal/webhooks/events/{event_id}"
        try:
            await self.services.delivery.redeliver(int(event_id), self.account.id)
        except errors.EventStillStopped:
            self.see_other(path, flash="hooks_still_stopped")
            return
        except errors.EventNotRedeliverable:
            self.see_other(path, flash="hooks_not_redeliverable")
            return
        await self.audit("webhook.redeliver", f"event:{event_id}")
        self.see_other(path, flash="hooks_redelivered")


class TestEventHandler(WebhooksHandler):
    """POST: a test event to the address typed (URL rules and allowed hosts), then its page."""

    route_name = "portal_webhook_test"

    async def post(self) -> None:
        url = (self.form("url") or "").strip()
        try:
            event = await self.services.outbox.record_test(self.account, url)
        except errors.UrlRejected as refused:
            await self.show_page(400, test_problem=refused.message, url=url)
            return
        await self.audit("webhook.test", f"event:{event.id}", host=_host(url))
        self.see_other(f"/portal/webhooks/events/{event.id}", flash="hooks_test_queued")


class RotateHandler(WebhooksHandler):
    """POST: a new callback secret, the old one kept for a grace; the page it redirects to
    shows the new one once."""

    route_name = "portal_webhook_rotate"

    async def post(self) -> None:
        hours = bounds.digits(self.form("grace") or "")
        if hours is None or hours not in GRACE_HOURS:
            await self.show_page(400, rotate_problem="hooks_bad_grace")
            return
        first = not self.account.callback_secret
        account, secret = await self.services.admin.rotate_callback_secret(
            self.account.id, timedelta(hours=hours)
        )
        self.account = account
        await self.audit("webhook.rotate_secret", "callback_secret", grace_hours=str(hours))
        # A reload after this shows the page, never another rotation (POST/redirect/GET).
        how = "first" if first else "rotated"
        await hold_and_redirect(self, "callback_secret", {"secret": secret, "how": how}, PATH)


class RevealHandler(WebhooksHandler):
    """POST: show the current callback secret once, on the page it redirects to (audited); the
    secret itself never goes in an address, a cookie or a log (services/one_view.py)."""

    route_name = "portal_webhook_reveal"

    async def post(self) -> None:
        secret = self.account.callback_secret
        if not secret:
            self.see_other(PATH)  # nothing to show: the page offers to make one
            return
        await self.audit("webhook.reveal_secret", "callback_secret")
        await hold_and_redirect(self, "callback_secret", {"secret": secret, "how": "shown"}, PATH)


class HostsHandler(WebhooksHandler):
    """POST: add the host typed (`host`), or with `remove` remove that listed entry; audited.
    The one host rule (domain/hosts.py) decides what an entry may be."""

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
            await self.show_page(400, hosts_problem=refused.key, host_typed=typed.strip())
            return
        added = removing is None
        await self.audit("webhook.host_add" if added else "webhook.host_remove", f"host:{entry}")
        self.see_other(f"{PATH}#hosts", flash="hosts_added" if added else "hosts_removed")


def _host(url: str) -> str:
    """The host alone, for the audit log (a URL's path may carry a merchant's token)."""
    return urlsplit(url).hostname or ""


def routes(kw: dict[str, object]) -> list[URLSpec]:
    return [
        URLSpec(r"/portal/webhooks", WebhooksHandler, kw, name="portal_webhooks"),
        URLSpec(r"/portal/webhooks/test", TestEventHandler, kw, name="portal_webhook_test"),
        URLSpec(r"/portal/webhooks/secret", RotateHandler, kw, name="portal_webhook_rotate"),
        URLSpec(r"/portal/webhooks/secret/reveal", RevealHandler, kw, name="portal_webhook_reveal"),
        URLSpec(r"/portal/webhooks/hosts", HostsHandler, kw, name="portal_webhook_hosts"),
        URLSpec(
            r"/portal/webhooks/events/([1-9][0-9]{0,17})",
            EventHandler,
            kw,
            name="portal_webhook_event",
        ),
        URLSpec(
            r"/portal/webhooks/events/([1-9][0-9]{0,17})/redeliver",
            RedeliverHandler,
            kw,
            name="portal_webhook_redeliver",
        ),
    ]
