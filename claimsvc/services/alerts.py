"""Alerts from their causes to the merchant's chats: written once, fanned out, sent in groups.

The claim and SMS paths only mark what owes an alert, in the updates they already make (a
session's `alert_due` count, a message's `alert_due` flag). The worker then, every pass:
1. collect: reads the marked sessions and messages, writes their alerts (a unique index on
   (account, cause) refuses a second alert of one cause), clears the marks it read;
2. fan out: queues one send per linked channel that chose the alert's kind (a unique index on
   (channel, alert) refuses a second);
3. send: leases due sends, and sends each channel's sends of one kind as one message.
A pass that dies anywhere leaves its marks, and the next one finishes without doubling. Phones
are watched once a minute, and daily summaries once a Dhaka hour (no path marks either). What
each alert says is services/alert_facts.py.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from claimsvc import metrics
from claimsvc.clients.email import EmailSender
from claimsvc.clock import Clock
from claimsvc.domain import alert_text
from claimsvc.domain import alerts as al
from claimsvc.domain.accounts import Account
from claimsvc.domain.daily_summary import Slot, checked_hour, due, latest_slot
from claimsvc.domain.devices import SHORTEST_QUIET, Device, past_threshold, quiet_after
from claimsvc.domain.users import can
from claimsvc.services.alert_facts import (
    event_alert,
    message_alert,
    phone_alert,
    session_alerts,
    summary_alert,
    wallet_alerts,
)
from claimsvc.store.accounts import AccountStore
from claimsvc.store.alert_channels import ChannelStore
from claimsvc.store.alerts import AlertStore, SendStore
from claimsvc.store.balances import BalanceStore
from claimsvc.store.devices import DeviceStore
from claimsvc.store.events import EventStore
from claimsvc.store.messages import MessageStore
from claimsvc.store.mongo import new_id
from claimsvc.store.sessions import SessionStore
from claimsvc.store.users import UserStore

if TYPE_CHECKING:
    from claimsvc.services.payments import PaymentsService

log = logging.getLogger("claimsvc.alerts")

PHONE_WATCH_EVERY = timedelta(minutes=1)
"""How often the pass looks for quiet phones (an hour's silence needs no finer look)."""
OFF_RETRY_S = 600
"""A channel whose kind the operator turned off is tried again this much later (not a fault)."""
LEASE = timedelta(seconds=60)
"""How long a pass holds the sends it took (a dead worker's come back after it)."""

Call = Callable[[str, dict[str, Any]], Awaitable[Any]]
"""A Bot API call: (method, body) -> clients.telegram.Reply."""


class AlertService:
    """The worker's side of alerts: collect, fan out, send."""

    def __init__(
        self,
        alerts: AlertStore,
        sends: SendStore,
        channels: ChannelStore,
        sessions: SessionStore,
        messages: MessageStore,
        events: EventStore,
        devices: DeviceStore,
        balances: BalanceStore,
        users: UserStore,
        clock: Clock,
        base_url: str,
        email: EmailSender | None = None,
        accounts: AccountStore | None = None,
        payments: PaymentsService | None = None,
    ) -> None:
        self._alerts = alerts
        self._payments = payments
        self._summaries_at: datetime | None = None
        self._accounts = accounts
        self._sends = sends
        self._channels = channels
        self._sessions = sessions
        self._messages = messages
        self._events = events
        self._devices = devices
        self._balances = balances
        self._users = users
        self._phones_at: datetime | None = None
        self._clock = clock
        self._base_url = base_url
        self._email = email

    async def collect(self, limit: int) -> int:
        """Write the alerts marked sessions and messages owe; how many marks were read."""
        now = self._clock()
        owed = await self._sessions.alerts_owed(limit)
        msgs = await self._messages.alerts_owed(limit)
        events = await self._events.alerts_owed(limit)
        wallets = await self._balances.alerts_owed(limit)
        found = [a for s, _ in owed for a in session_alerts(s, now)]
        found += [message_alert(m, now) for m in msgs]
        found += [event_alert(e, now) for e in events]
        found += [a for w in wallets for a in wallet_alerts(w, now)]
        await self._record(await self._wanted(found))
        await self._sessions.clear_alerts_owed([(s.id, n) for s, n in owed])
        await self._messages.clear_alerts_owed([m.id for m in msgs])
        await self._events.clear_alerts_owed([e.id for e in events])
        await self._balances.clear_alerts_owed([(w.stored_key.id, w.version) for w in wallets])
        return len(owed) + len(msgs) + len(events) + len(wallets)

    async def _record(self, found: list[al.Alert]) -> None:
        # Test-ledger records never alert: a test session's marks are read and cleared here
        # (its claim path cannot tell a test session from a live one without a read).
        written = await self._alerts.insert_new([a for a in found if al.alerted(a.account_id)])
        for alert in written:
            metrics.ALERTS_RECORDED.labels(alert.kind).inc()

    async def _wanted(self, found: list[al.Alert]) -> list[al.Alert]:
        """`found` without completed payments of accounts where no linked channel chose them
        (every completion is marked; most shops want no message for each). One read of the
        channels, only when a live payment completed."""
        paid = {a.account_id for a in found if a.kind == al.PAYMENT_COMPLETED}
        paid = {account for account in paid if al.alerted(account)}
        if not paid:
            return [a for a in found if a.kind != al.PAYMENT_COMPLETED]
        channels = await self._channels.linked_of_accounts(sorted(paid))
        wanting = {c.account_id for c in channels if al.PAYMENT_COMPLETED in c.kinds}
        return [a for a in found if a.kind != al.PAYMENT_COMPLETED or a.account_id in wanting]

    async def send_summaries(self) -> int:
        """Write each account's daily summary that is due (domain/daily_summary.py); how many.
        Summaries fall due on whole Dhaka hours, so the accounts are read once an hour (and
        on a worker's first pass: one down at an account's hour sends it when back). The
        alerts' unique (account, cause) makes it once per account and Dhaka day, whatever
        the workers."""
        now = self._clock()
        hour = checked_hour(now)
        if self._accounts is None or self._payments is None or self._summaries_at == hour:
            return 0
        accounts = await self._accounts.with_summary_hour()
        latest = {
            a.id: latest_slot(a.alert_summary_hour, now).day
            for a in accounts
            if a.alert_summary_hour is not None
        }
        sent = await self._alerts.existing({i: al.summary_cause(d) for i, d in latest.items()})
        found = []
        for account in accounts:
            days = {latest[account.id]} if account.id in sent else set()
            slot = due(account.alert_summary_hour, account.alert_summary_from, now, days)
            if slot is not None:
                found.append(await self._summary(account, slot, now))
        await self._record(found)
        self._summaries_at = hour  # only once written: a pass that failed tries again
        return len(found)

    async def _summary(self, account: Account, slot: Slot, now: datetime) -> al.Alert:
        assert self._payments is not None
        quiet = quiet_after(account.phone_quiet_minutes)
        seen = await self._payments.overview(account.id, quiet)
        paid = await self._sessions.completed_since(account.id, slot.since, slot.at)
        return summary_alert(account.id, slot, paid, seen, now)

    async def watch_phones(self, limit: int) -> int:
        """Alert phones silent for their account's threshold (once per silence), and those heard
        from again after such an alert; how many phones changed. At most once a
        PHONE_WATCH_EVERY. Phones silent for the shortest threshold any account may set are
        read on the quiet index; their accounts in one `$in` read (only when there are any)."""
        now = self._clock()
        if self._phones_at is not None and now - self._phones_at < PHONE_WATCH_EVERY:
            return 0
        self._phones_at = now
        silent = await self._devices.quiet_unalerted(now - SHORTEST_QUIET, limit)
        quiet = await self._past_threshold(silent, now)
        for device in quiet:
            heard = device.last_seen_at or device.created_at
            await self._record([phone_alert(device, al.PHONE_QUIET, heard, now)])
            await self._devices.mark_quiet(device.id, heard)
        back = 0
        for device, heard in await self._devices.quiet_marked(limit):
            if device.active and (device.last_seen_at or heard) <= heard:
                continue  # still quiet
            if device.active:
                await self._record([phone_alert(device, al.PHONE_BACK, heard, now)])
                back += 1
            await self._devices.clear_quiet(device.id, heard)
        return len(quiet) + back

    async def _past_threshold(self, silent: list[Device], now: datetime) -> list[Device]:
        """The silent phones quiet for their own account's threshold."""
        if not silent:
            return []
        ids = sorted({d.account_id for d in silent})
        found = await self._accounts.get_many(ids) if self._accounts is not None else {}
        return past_threshold(silent, {i: a.phone_quiet_minutes for i, a in found.items()}, now)

    async def fan_out(self, limit: int) -> int:
        """Queue new alerts to the channels that chose their kind; how many alerts."""
        new = await self._alerts.fanout_due(limit)
        if not new:
            return 0
        accounts = sorted({a.account_id for a in new})
        channels = await self._channels.linked_of_accounts(accounts)
        # A disabled (or removed) user's channels get nothing, though still linked.
        roles = await self._users.active_roles(sorted({c.user_id for c in channels}))
        channels = [c for c in channels if c.user_id in roles]
        now = self._clock()
        sends = [
            al.Send(
                id=new_id("snd"),
                channel_id=c.id,
                alert_id=a.id,
                account_id=a.account_id,
                kind=a.kind,
                status=al.QUEUED,
                attempts=0,
                next_at=now,
                created_at=now,
                press_token=(
                    secrets.token_urlsafe(16) if _has_buttons(a, c, roles[c.user_id]) else None
                ),
            )
            for a in new
            for c in channels
            if c.account_id == a.account_id and a.kind in c.kinds
        ]
        await self._sends.insert_new(sends)
        await self._alerts.fanned_out([a.id for a in new])
        return len(new)

    async def send_due(self, call: Call | None, owner: str, limit: int) -> int:
        """Send the due sends this pass can lease, grouped; how many sends were taken."""
        now = self._clock()
        taken = await self._sends.lease_due(owner, now, LEASE, limit)
        if not taken:
            return 0
        channels = await self._channels.get_many(sorted({s.channel_id for s in taken}))
        alerts = await self._alerts.get_many(sorted({s.alert_id for s in taken}))
        by_channel: dict[str, list[al.Send]] = {}
        for send in taken:
            by_channel.setdefault(send.channel_id, []).append(send)
        for channel_id, sends in by_channel.items():
            channel = channels.get(channel_id)
            if channel is None or channel.status != al.LINKED:
                await self._sends.mark_failed([s.id for s in sends], None, "unlinked")
                continue
            for group in al.groups(sends):
                await self._send_group(call, channel, group, alerts)
        return len(taken)

    async def _send_group(
        self,
        call: Call | None,
        channel: al.Channel,
        group: list[al.Send],
        alerts: dict[str, al.Alert],
    ) -> None:
        kind = group[0].kind
        listed = [alerts[s.alert_id] for s in group if s.alert_id in alerts]
        text = alert_text.message(channel.lang, kind, listed, self._base_url)
        if channel.kind == al.EMAIL:
            outcome = await self._email_group(channel, text)
        else:
            outcome = await self._telegram_group(call, channel, group, alerts, text)
        ids = [s.id for s in group]
        now = self._clock()
        if outcome.ok:
            await self._sends.mark_sent(ids, outcome.message_id, now)
            await self._channels.sent_ok(channel.id)
            metrics.ALERTS_SENT.labels(channel.kind, kind).inc(len(group))
            if len(group) > 1:
                metrics.ALERTS_GROUPED.labels(channel.kind, kind).inc(len(group) - 1)
            return
        error = outcome.error or "failed"
        step = al.after_failure(outcome, max(s.attempts for s in group) + 1, now)
        await self._sends.mark_failed(ids, step.next_at, error)
        metrics.ALERTS_FAILED.labels(channel.kind, _reason(outcome), kind).inc(len(group))
        log.warning(
            "alert send failed",
            extra={"fields": {"channel": channel.id, "error": error, "n": len(group)}},
        )
        if step.counts:
            failures = await self._channels.failed(channel.id, error)
            if al.breaks(failures, outcome):
                await self._channels.mark_broken(channel.id, error, now)
                await self._sends.kill_channel(channel.id, "broken")
                metrics.ALERT_CHANNELS_BROKEN.labels(channel.kind).inc()

    async def _email_group(self, channel: al.Channel, text: str) -> al.Outcome:
        if self._email is None:
            return al.Outcome(False, retry_after_s=OFF_RETRY_S, error="email off")
        subject = text.split("\n", 1)[0].rstrip(":")
        return await self._email.send(channel.address, subject, text)

    async def _telegram_group(
        self,
        call: Call | None,
        channel: al.Channel,
        group: list[al.Send],
        alerts: dict[str, al.Alert],
        text: str,
    ) -> al.Outcome:
        if call is None:
            return al.Outcome(False, retry_after_s=OFF_RETRY_S, error="telegram off")
        body: dict[str, Any] = {
            "chat_id": int(channel.address),
            "text": text,
            "link_preview_options": {"is_disabled": True},
        }
        rows = [
            (alerts[s.alert_id].facts.get("trx_id", ""), s.press_token)
            for s in group
            if s.alert_id in alerts and s.press_token
        ]
        if rows:
            body["reply_markup"] = alert_text.buttons(channel.lang, rows)
        reply = await call("sendMessage", body)
        return reply.outcome  # type: ignore[no-any-return]


def _has_buttons(alert: al.Alert, channel: al.Channel, role: str) -> bool:
    """A held payment's alert in Telegram carries Confirm and Not received buttons, for a user
    whose role may confirm (issue 33: a developer's chat got buttons that always refused)."""
    return alert.kind == al.PAYMENT_HELD and channel.kind == al.TELEGRAM and can(role, "confirm")


def _reason(outcome: al.Outcome) -> str:
    if (outcome.error or "").endswith(" off"):
        return "off"
    if outcome.retry_after_s is not None:
        return "rate_limited"
    if outcome.refused:
        return "refused"
    return "http_error" if (outcome.error or "").startswith("HTTP") else "network"
