"""The runnable examples (sdk/*/examples): a shop's checkout button and webhook endpoint reach
COMPLETED against the real service, as a buyer would get there: the button, the wallet payment
through the SMS intake, the TrxID submitted from the hosted page, the signed webhook."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ops.processes import free_port
from tests.sdk.live_stack import SDK, LiveStack, tool

pytestmark = pytest.mark.e2e

PRICE = "1250.50"


def command(language: str) -> list[str]:
    if language == "python":
        return [sys.executable, str(SDK / "python" / "examples" / "shop.py")]
    if language == "js":
        return [tool("node", "ensure_node.py"), str(SDK / "js" / "examples" / "shop.js")]
    return [tool("php", "ensure_php.py"), str(SDK / "php" / "examples" / "serve-tls.php")]


@contextlib.contextmanager
def shop(stack: LiveStack, language: str, tmp_path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """The example running on a free port over HTTPS; (its address, its account)."""
    account = stack.account(f"{language} example shop")
    port = free_port()
    env = {
        "PATH": os.environ.get("PATH", ""),
        "CLAIMSVC_API_KEY": account["key"],
        "CLAIMSVC_BASE_URL": f"http://127.0.0.1:{stack.dev.api_port}",
        "CLAIMSVC_CALLBACK_SECRET": account["secret"],
        "SHOP_URL": f"https://localhost:{port}",
        "SHOP_PORT": str(port),
        "SHOP_CERT": str(stack.cert),
        "SHOP_KEY": str(stack.key),
        "SHOP_ORDERS_FILE": str(tmp_path / "orders.json"),
    }
    log = tmp_path / f"{language}-shop.log"
    with log.open("wb") as out:
        # A group of its own: the PHP shop's TLS loop starts `php -S` as a child, which a TERM
        # to the loop alone would leave running after the suite (as Ctrl-C in a terminal does
        # not: it reaches the whole foreground group).
        proc = subprocess.Popen(
            command(language),
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 20
            while True:
                assert proc.poll() is None, log.read_text()
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                    break
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.05)
            yield f"https://localhost:{port}", account
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=10)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:
        return None


def fetch(
    stack: LiveStack, url: str, method: str = "GET", body: Any = None
) -> tuple[int, Any, bytes]:
    """(status, headers, body), redirects not followed, the test CA trusted."""
    context = ssl.create_default_context(cafile=str(stack.ca))
    opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(context=context))
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    req.add_header("content-type", "application/json")
    try:
        with opener.open(req, timeout=15) as resp:
            return resp.status, resp.headers, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


@pytest.mark.parametrize("language", ["python", "js", "php"])
def test_the_example_shop_reaches_completed(
    stack: LiveStack, language: str, tmp_path: Path
) -> None:
    with shop(stack, language, tmp_path) as (url, account):
        status, _, page = fetch(stack, url + "/")
        assert status == 200 and b"Pay with bKash" in page

        status, headers, _ = fetch(stack, url + "/checkout", "POST", {})
        assert status == 303, headers
        checkout_url = headers["location"]
        session_id = checkout_url.rsplit("/", 1)[1]
        api = f"http://127.0.0.1:{stack.dev.api_port}"
        order_id = json.loads(fetch(stack, f"{api}/api/v1/checkout/session/{session_id}")[2])[
            "order_id"
        ]

        trx_id = "T" + secrets.token_hex(5).upper()
        stack.pay(account, PRICE, trx_id)
        claim = {"sessionId": session_id, "trxId": trx_id, "provider": "bkash"}
        status, _, answer = fetch(stack, f"{api}/api/v1/checkout/submit", "POST", claim)
        assert status == 200, answer
        assert json.loads(answer)["redirect_url"] == f"{url}/thanks?order={order_id}"

        deadline = time.monotonic() + 30
        while (order := json.loads(fetch(stack, f"{url}/orders/{order_id}")[2])).get(
            "status"
        ) != "COMPLETED":
            assert time.monotonic() < deadline, f"the webhook never completed the order: {order}"
            time.sleep(0.1)
        assert order == {"status": "COMPLETED", "amount": PRICE}
        status, _, thanks = fetch(stack, f"{url}/thanks?order={order_id}")
        assert b"COMPLETED" in thanks
