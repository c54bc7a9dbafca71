"""A real SMTP server on 127.0.0.1 for the tests (aiosmtpd, in a thread): the dev stack's mail
catcher, which keeps what it receives and can answer a recipient with a given code (a 5xx
refusal, a 4xx "try later")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from claimsvc.devstack.embedded_mongo import free_port
from claimsvc.devstack.mail_catcher import Inbox


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
