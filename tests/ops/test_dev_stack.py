"""`claimsvc dev` honours CLAIMSVC_WEBHOOK_ALLOW_PRIVATE: on when unset, off when set to 0.

Issue 14: the local stack forced webhooks to private addresses on even with the variable at 0.
"""

from __future__ import annotations

import os
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from claimsvc.domain import alert_text
from claimsvc.domain.delivery import ADDRESS_REFUSED
from claimsvc.settings import Settings
from tests.ops.dev_stack import DevStack, dev_stack
from tests.ops.kustomize import REPO
from tests.ops.processes import free_port

pytestmark = pytest.mark.timeout(180)

ADMIN_TOKEN = "operator-chosen-admin-token-6d1f0c2b"


def open_and_cancel(stack: DevStack, webhook_url: str) -> str:
    """A session of the demo account whose webhook goes to `webhook_url`, cancelled: its id."""
    key = stack.credential("demo API key")
    status, opened = stack.call(
        "POST",
        "/api/v1/checkout/initialize",
        key,
        order_id="private-hook-1",
        amount=10,
        success_url="https://shop.example.com/success",
        cancel_url="https://shop.example.com/cancel",
        webhook_url=webhook_url,
    )
    assert status == 201, opened
    status, _ = stack.call("POST", "/api/v1/checkout/cancel", sessionId=opened["session_id"])
    assert status == 200
    return str(opened["session_id"])


def event_after_an_attempt(stack: DevStack, session_id: str, token: str) -> dict[str, Any]:
    """The session's webhook event once the worker has recorded an attempt's outcome (bounded
    wait). Not as soon as `attempts` counts one: the worker counts an attempt before sending it
    (EventStore.begin_attempt), so an attempt in flight reads queued, counted and without an
    error; a read there made the address-refusal test fail once under load."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        status, page = stack.call("GET", f"/admin/v1/events?session_id={session_id}", token)
        assert status == 200, page
        items = page["items"]
        if items and (items[0]["status"] != "queued" or items[0].get("last_error") is not None):
            return dict(items[0])
        time.sleep(0.2)
    raise AssertionError("the worker did not act on the event")


def test_dev_honours_an_explicit_allow_private_0(tmp_path):
    env = {"CLAIMSVC_ADMIN_TOKEN": ADMIN_TOKEN, "CLAIMSVC_WEBHOOK_ALLOW_PRIVATE": "0"}
    with dev_stack(tmp_path, **env) as stack:
        assert stack.banner_value("webhooks") == (
            "https only; public addresses only (CLAIMSVC_WEBHOOK_ALLOW_PRIVATE=0)"
        )
        session_id = open_and_cancel(stack, f"https://localhost:{free_port()}/hook")
        event = event_after_an_attempt(stack, session_id, ADMIN_TOKEN)
    # The connect was refused by the address check, not tried and failed.
    assert (event["status"], event["stopped_reason"]) == ("stopped", ADDRESS_REFUSED), event


@pytest.fixture(scope="module")
def local_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DevStack]:
    """`claimsvc dev` with its defaults (and a known admin token), running, for the tests that
    only use it: one start for the module instead of one per test (issue 35: the suite's time)."""
    with dev_stack(tmp_path_factory.mktemp("dev"), CLAIMSVC_ADMIN_TOKEN=ADMIN_TOKEN) as stack:
        yield stack


def test_dev_lets_webhooks_reach_local_receivers_when_the_variable_is_unset(local_stack):
    stack = local_stack
    assert stack.banner_value("webhooks") == (
        "https only; private addresses allowed (local receivers)"
    )
    # Nobody listens on that port: the attempt is made and fails, it is not stopped.
    session_id = open_and_cancel(stack, f"https://localhost:{free_port()}/hook")
    event = event_after_an_attempt(stack, session_id, ADMIN_TOKEN)
    assert (event["status"], event["attempts"]) == ("queued", 1), event
    assert event["stopped_reason"] is None


@pytest.mark.parametrize(
    ("given", "expected"), [(None, True), ("", True), ("0", False), ("1", True), ("no", False)]
)
def test_the_local_stack_allows_private_webhooks_unless_told_not_to(given, expected):
    env = {} if given is None else {"CLAIMSVC_WEBHOOK_ALLOW_PRIVATE": given}
    assert Settings.from_env(env).for_dev().webhook_allow_private is expected
    # Every other process keeps them off unless the variable says 1.
    assert bool(Settings.from_env(env).webhook_allow_private) is (given == "1")


def test_a_taken_inspector_port_is_said_at_once_and_nothing_starts(tmp_path):
    """Issue 25: the inspector's port is bound first; a taken one stops `claimsvc dev` with a
    message naming the variable and the way out, before anything else listens."""
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(REPO),
        "CLAIMSVC_MONGO_URL": "memory://",
        "CLAIMSVC_API_PORT": str(free_port()),
        "CLAIMSVC_SMS_PORT": str(free_port()),
        "CLAIMSVC_INSPECTOR_PORT": str(port),
    }
    try:
        done = subprocess.run(
            [sys.executable, "-m", "claimsvc.runtime.cli", "dev"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        taken.close()
    assert done.returncode == 2, done.stderr
    assert f"CLAIMSVC_INSPECTOR_PORT: cannot listen on 127.0.0.1:{port}" in done.stderr
    assert "or 0 to run without the webhook inspector" in done.stderr


def test_with_the_inspector_off_the_demo_points_at_the_example_shop(tmp_path):
    with dev_stack(tmp_path, CLAIMSVC_INSPECTOR_PORT="0") as stack:
        assert stack.banner_value("inspector") == "off (CLAIMSVC_INSPECTOR_PORT=0)"
        assert "https://shop.example.com/webhook" in stack.output()


def test_the_dev_stack_catches_its_alerts_and_its_inspector_plays_the_bot(local_stack):
    """Issue 32: with no SMTP server or bot token set, alert emails are caught and the bot is a
    stand-in, both shown by the inspector; a message written there reaches the worker, whose
    answer the page shows."""
    stack, folder = local_stack, local_stack.log.parent
    base = f"https://localhost:{stack.inspector_port}"
    assert stack.banner_value("alert emails").startswith(f"caught, shown at {base}/emails")
    assert stack.banner_value("Telegram").startswith(f"a local stand-in bot, shown at {base}")
    ca_file = stack.banner_value("its dev CA, trusted by this stack's webhook sender")
    context = ssl.create_default_context(cafile=str(folder / ca_file))
    sent = urllib.request.Request(f"{base}/telegram/send", data=b"text=hello", method="POST")
    with urllib.request.urlopen(sent, context=context, timeout=10) as resp:
        assert resp.url == f"{base}/telegram"  # the form's answer: back to the page
    answer = alert_text.say("en", "hello")
    deadline = time.monotonic() + 60
    while answer not in (page := read(f"{base}/telegram", context)):
        assert time.monotonic() < deadline, page
        time.sleep(0.3)
    assert "Write to the bot" in page
    assert "CLAIMSVC_SMTP_HOST" in read(f"{base}/emails", context)
    favicon = urllib.request.urlopen(f"{base}/favicon.ico", context=context, timeout=10)
    assert favicon.status == 200 and favicon.headers["Content-Type"].startswith("image/")


def read(url: str, context: ssl.SSLContext) -> str:
    with urllib.request.urlopen(url, context=context, timeout=10) as resp:
        return str(resp.read().decode())
