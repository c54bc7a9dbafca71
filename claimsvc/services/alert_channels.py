"""Alert channels: linking a user's Telegram chat by a one-time code, choosing alerts,
unlinking (portal or /stop), and the bot's side of a held payment's Confirm and Not received
buttons (the same confirmation as the portal's, audited with the channel)."""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from claimsvc import errors, metrics
from claimsvc.clients.email import EmailSender
from claimsvc.clock import Clock
from claimsvc.domain import alert_text
from claimsvc.domain import alerts as al
from claimsvc.domain.users import PortalUser, can, normalize_email, valid_email
from claimsvc.services.audit import AuditService
from claimsvc.services.wallet_admin import WalletAdminService
from claimsvc.store.accounts import AccountStore
from claimsvc.store.alert_channels import ChannelStore
from claimsvc.store.alerts import AlertStore, SendStore
from claimsvc.store.mongo import new_id
from claimsvc.store.users import UserStore

log = logging.getLogger("claimsvc.alerts.bot")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A link code's letters: no 0/O or 1/I to misread; 10 of them are 50 bits."""
CODE_LENGTH = 10
_CODE = re.compile(rf"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")

Call = Callable[[str, dict[str, Any]], Awaitable[Any]]


def code_hash(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def code_in(text: str) -> str | None:
    """The link code in what a user sent the bot: the code, or `/start CODE` (the deep link)."""
    words = text.strip().upper().split()
    if words and words[0].startswith("/START"):
        words = words[1:]
    return words[0] if len(words) == 1 and _CODE.fullmatch(words[0]) else None


@dataclass(frozen=True)
class PressResult:
    key: str
    """The words (alert_text) answering the press."""
    values: dict[str, str]
    done: bool = False
    """Whether the message's button row goes (the press did what it said)."""


class ChannelService:
    def __init__(
        self,
        channels: ChannelStore,
        sends: SendStore,
        alerts: AlertStore,
        users: UserStore,
        accounts: AccountStore,
        wallet_admin: WalletAdminService,
        audit: AuditService,
        clock: Clock,
        email: EmailSender | None = None,
    ) -> None:
        self._channels = channels
        self._sends = sends
        self._alerts = alerts
        self._users = users
        self._accounts = accounts
        self._wallet_admin = wallet_admin
        self._audit = audit
        self._clock = clock
        self._email = email

    # -- the portal ----------------------------------------------------------------------------

    async def new_code(self, user: PortalUser, lang: str) -> str:
        """A one-time code for `user` to send the bot; only its hash is stored."""
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        await self._put_code(user, code, al.TELEGRAM, al.LINK_CODE_TTL, lang=lang)
        return code

    async def add_email(self, user: PortalUser, address: str, lang: str, verify_url: str) -> None:
        """Set the user's alert address (pending) and email it a verification link; a bad
        address is InvalidBody, an SMTP failure EmailNotSent (the address stays pending)."""
        address = normalize_email(address)
        if self._email is None:
            raise errors.NotFound()
        if not valid_email(address):
            raise errors.InvalidBody(details=["address: not an email address"])
        now = self._clock()
        channel = al.Channel(
            id=new_id("chn"),
            account_id=user.account_id,
            user_id=user.id,
            kind=al.EMAIL,
            address=address,
            lang=lang,
            kinds=al.DEFAULT_KINDS,
            status=al.PENDING,
            linked_at=now,
        )
        await self._channels.link(channel)
        token = secrets.token_urlsafe(32)
        await self._put_code(user, token, al.EMAIL, al.VERIFY_TTL, address=address)
        text = alert_text.say(lang, "verify_body", url=f"{verify_url}/{token}")
        sent = await self._email.send(address, alert_text.say(lang, "verify_subject"), text)
        if not sent.ok:
            raise errors.EmailNotSent()

    async def _put_code(
        self, user: PortalUser, code: str, purpose: str, ttl: timedelta, **extra: str
    ) -> None:
        """Keep a code's SHA-256 for `ttl`, with whose it is and what it is for."""
        fields = {
            "user_id": user.id,
            "account_id": user.account_id,
            "purpose": purpose,
            "expires_at": self._clock() + ttl,
            **extra,
        }
        await self._channels.put_code(code_hash(code), fields)

    async def verify_email(self, user: PortalUser, token: str) -> al.Channel:
        """The address a verification link was sent to is the user's: its channel is linked.
        Another user's link, a used or an expired one: NotFound."""
        taken = await self._channels.take_code(code_hash(token), al.EMAIL, self._clock())
        if taken is None or taken["user_id"] != user.id:
            raise errors.NotFound()
        if not await self._channels.verify(user.id, al.EMAIL, taken["address"]):
            raise errors.NotFound()
        [channel] = [c for c in await self._channels.of_user(user.id) if c.kind == al.EMAIL]
        return channel

    async def of_user(self, user_id: str) -> list[al.Channel]:
        return await self._channels.of_user(user_id)

    async def of_account(self, account_id: str) -> list[tuple[al.Channel, str]]:
        """The account's channels with their users' emails (what an owner sees)."""
        channels = await self._channels.of_account(account_id)
        emails = {u.id: u.email for u in await self._users.of_account(account_id)}
        return [(c, emails.get(c.user_id, "")) for c in channels]

    async def choose(self, user: PortalUser, channel_id: str, chosen: list[str]) -> None:
        if not await self._channels.set_kinds(channel_id, user.id, al.choose_kinds(chosen)):
            raise errors.NotFound()

    async def unlink(self, user: PortalUser, channel_id: str) -> al.Channel:
        """Unlink one of the user's channels, or (an owner) any of the account's."""
        query: dict[str, Any] = {"_id": channel_id, "account_id": user.account_id}
        if not can(user.role, "team"):
            query["user_id"] = user.id
        gone = await self._channels.unlink(query)
        if not gone:
            raise errors.NotFound()
        await self._sends.kill_channel(channel_id, "unlinked")
        return gone[0]

    # -- the bot -------------------------------------------------------------------------------

    async def on_update(self, call: Call, update: dict[str, Any]) -> None:
        """One getUpdates item: a message (a code, /stop) or a button press."""
        if isinstance(update.get("callback_query"), dict):
            await self._on_press(call, update["callback_query"])
        elif isinstance(update.get("message"), dict):
            await self._on_message(call, update["message"])

    async def _on_message(self, call: Call, message: dict[str, Any]) -> None:
        chat = _obj(message, "chat")
        raw = message.get("text")
        text = raw if isinstance(raw, str) else ""
        chat_id = chat.get("id")
        if not isinstance(chat_id, int):
            return
        lang = "en"
        if text.strip().lower().startswith("/stop"):
            gone = await self._channels.unlink({"kind": al.TELEGRAM, "address": str(chat_id)})
            for channel in gone:
                await self._sends.kill_channel(channel.id, "unlinked")
                lang = channel.lang
            await _reply(call, chat_id, alert_text.say(lang, "stopped"))
            return
        code = code_in(text)
        if code is None:
            await _reply(call, chat_id, alert_text.say(lang, "hello"))
            return
        if chat.get("type") != "private":
            # In a group anyone could press a held payment's buttons: private chats only.
            await _reply(call, chat_id, alert_text.say(lang, "link_private"))
            return
        await self._link(call, chat_id, code)

    async def _link(self, call: Call, chat_id: int, code: str) -> None:
        now = self._clock()
        taken = await self._channels.take_code(code_hash(code), al.TELEGRAM, now)
        if taken is None:
            await _reply(call, chat_id, alert_text.say("en", "link_unknown"))
            return
        channel = al.Channel(
            id=new_id("chn"),
            account_id=taken["account_id"],
            user_id=taken["user_id"],
            kind=al.TELEGRAM,
            address=str(chat_id),
            lang=taken.get("lang", "en"),
            kinds=al.DEFAULT_KINDS,
            status=al.LINKED,
            linked_at=now,
        )
        linked = await self._channels.link(channel)
        account = await self._accounts.get(linked.account_id)
        shop = account.name if account else ""
        await _reply(call, chat_id, alert_text.say(linked.lang, "linked", shop=shop))

    async def _on_press(self, call: Call, query: dict[str, Any]) -> None:
        """A button press: answered always (Telegram shows a spinner until then); the row goes
        and the result is written under the message when it did something."""
        result, lang = await self._press(query)
        metrics.ALERT_PRESSES.labels(result.key).inc()
        text = alert_text.say(lang, result.key, **result.values)
        await call(
            "answerCallbackQuery", {"callback_query_id": str(query.get("id", "")), "text": text}
        )
        message = _obj(query, "message")
        if result.done and message:
            await call("editMessageText", _edited(message, text, str(query.get("data"))))

    async def _press(self, query: dict[str, Any]) -> tuple[PressResult, str]:
        refused = PressResult("press_refused", {})
        parsed = alert_text.parse_press(query.get("data"))
        sender, message = _obj(query, "from"), _obj(query, "message")
        chat = _obj(message, "chat")
        if parsed is None:
            return refused, "en"
        action, token = parsed
        send = await self._sends.by_token(token)
        if send is None:
            return refused, "en"
        channel = (await self._channels.get_many([send.channel_id])).get(send.channel_id)
        # The press must come from the chat the alert was sent to, by its own user, on the
        # message we sent: a forwarded copy lives in another chat or has another message id.
        if (
            channel is None
            or channel.status != al.LINKED
            or str(sender.get("id")) != channel.address
            or str(chat.get("id")) != channel.address
            or message.get("message_id") != send.message_id
        ):
            return refused, channel.lang if channel else "en"
        user = await self._users.get(channel.user_id, channel.account_id)
        if user is None or not user.active or not can(user.role, "confirm"):
            return refused, channel.lang
        if await self._sends.press(token, self._clock()) is None:
            return PressResult("press_used", {}), channel.lang
        alert = (await self._alerts.get_many([send.alert_id])).get(send.alert_id)
        if alert is None:
            return PressResult("press_failed", {}), channel.lang
        return await self._act(action, alert, user.public()), channel.lang

    async def _act(self, action: str, alert: al.Alert, user: PortalUser) -> PressResult:
        facts = alert.facts
        tx_id, trx = facts.get("transaction_id", ""), facts.get("trx_id", "")
        if action == alert_text.REJECT:
            await self._record(user, "transaction.not_received", tx_id, {"trx_id": trx})
            return PressResult("done_rejected", {"trx_id": trx}, done=True)
        try:
            done = await self._wallet_admin.confirm(tx_id, False, user.account_id, user.email)
        except errors.TransactionSuspect:
            return PressResult("press_suspect", {})
        except errors.NotFound:
            return PressResult("press_failed", {})
        details = {"trx_id": trx, "override_suspect": "no"}
        if done.session is not None:
            details["session"] = done.session.id
        await self._record(user, "transaction.confirm", done.transaction.id, details)
        if done.session is not None and done.session.status == "COMPLETED":
            values = {"trx_id": trx, "order_id": done.session.order_id}
            return PressResult("done_completed", values, done=True)
        return PressResult("done_confirmed", {"trx_id": trx}, done=True)

    async def _record(
        self, user: PortalUser, action: str, target: str, details: dict[str, str]
    ) -> None:
        """The portal's audit entry, naming the channel it came through."""
        details = details | {"channel": al.TELEGRAM}
        await self._audit.record(
            user.account_id, user.id, user.email, action, target, details, None
        )


def _obj(parent: dict[str, Any], key: str) -> dict[str, Any]:
    """A JSON object field of an update, or {} when it is missing or not an object."""
    value = parent.get(key)
    return value if isinstance(value, dict) else {}


async def _reply(call: Call, chat_id: int, text: str) -> None:
    await call("sendMessage", {"chat_id": chat_id, "text": text})


def _edited(message: dict[str, Any], result: str, pressed: str) -> dict[str, Any]:
    """editMessageText of the pressed message: its text with the result under it, and its
    buttons without the pressed row (the other payments' rows stay)."""
    token = pressed.partition(":")[2]
    markup = _obj(message, "reply_markup")
    rows = [
        row
        for row in markup.get("inline_keyboard") or []
        if isinstance(row, list)
        and not any(
            isinstance(b, dict) and str(b.get("callback_data", "")).endswith(":" + token)
            for b in row
        )
    ]
    body: dict[str, Any] = {
        "chat_id": _obj(message, "chat").get("id"),
        "message_id": message.get("message_id"),
        "text": f"{message.get('text') or ''}\n\n{result}"[:4096],
    }
    if rows:
        body["reply_markup"] = {"inline_keyboard": rows}
    return body
