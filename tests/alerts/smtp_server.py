"""A real SMTP server on 127.0.0.1 for the tests (aiosmtpd): it keeps what it receives and can
answer a recipient with a given code (a 5xx refusal, a 4xx "try later")."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller


@dataclass
class Inbox:
    """What the server received, and what it will answer the next recipients."""

    messages: list[EmailMessage] = field(default_factory=list)
    refuse_next: list[str] = field(default_factory=list)
    """SMTP answers to give the next RCPT commands instead of 250, e.g. "550 no such user"."""
    port: int = 0

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if self.refuse_next:
            return self.refuse_next.pop(0)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content, policy=policy.default)
        self.messages.append(message)  # type: ignore[arg-type]
        return "250 Message accepted"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def smtp() -> Iterator[Inbox]:
    inbox = Inbox(port=free_port())
    controller = Controller(inbox, hostname="127.0.0.1", port=inbox.port)
    controller.start()
    yield inbox
    controller.stop()


def smtp_settings(inbox: Inbox) -> dict[str, Any]:
    """Settings overrides that send alert email to the test server (plain: it is local)."""
    return {
        "smtp_host": "127.0.0.1",
        "smtp_port": inbox.port,
        "smtp_security": "none",
        "smtp_from": "alerts@pay.example.test",
    }
