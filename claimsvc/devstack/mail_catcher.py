"""An SMTP server on loopback that keeps what it receives (aiosmtpd): `claimsvc dev` sends its
alert emails here unless CLAIMSVC_SMTP_HOST is set, and the inspector shows them; the alert
tests use it as their real SMTP server, and make it refuse recipients."""

from __future__ import annotations

import asyncio
import socket
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

KEPT = 100
"""Emails `claimsvc dev` keeps for the inspector (in memory; nothing on disk)."""


@dataclass
class Inbox:
    """What the server received, and what it will answer the next recipients."""

    messages: list[EmailMessage] = field(default_factory=list)
    refuse_next: list[str] = field(default_factory=list)
    """SMTP answers to give the next RCPT commands instead of 250, e.g. "550 no such user"."""
    port: int = 0
    latest: deque[EmailMessage] = field(default_factory=lambda: deque(maxlen=KEPT))
    """The newest first, for the inspector (`messages` keeps every one, for the tests)."""

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if self.refuse_next:
            return self.refuse_next.pop(0)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        self.messages.append(message)
        self.latest.appendleft(message)
        if len(self.messages) > KEPT * 10:  # a long dev session: the tests never get here
            del self.messages[: KEPT * 9]
        return "250 Message accepted"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


def text_of(message: EmailMessage) -> str:
    """The plain-text body of a received email (what the inspector shows)."""
    part = message.get_body(preferencelist=("plain", "html"))
    return str(part.get_content()) if part is not None else ""


async def serve(inbox: Inbox, sockets: list[socket.socket]) -> Callable[[], Awaitable[None]]:
    """Answer SMTP on `sockets` in this event loop; the hook that stops it."""
    from aiosmtpd.smtp import SMTP

    loop = asyncio.get_running_loop()
    servers = [
        await loop.create_server(lambda: SMTP(inbox, hostname="localhost"), sock=sock)
        for sock in sockets
    ]
    inbox.port = sockets[0].getsockname()[1]

    async def stop() -> None:
        for server in servers:
            server.close()
            await server.wait_closed()

    return stop
