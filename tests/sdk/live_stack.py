"""The real service for the SDK tests: `claimsvc dev` on free ports, a test CA its webhook
sender trusts, and fresh accounts (with keys, a forwarder device and a callback secret) in each
state the SDKs must meet, handed to each SDK's own test runner as one JSON variable."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import trustme

from tests.ops.dev_stack import DevStack, dev_stack, forward_bkash_sms
from tests.ops.processes import free_port

SDK = Path(__file__).resolve().parents[2] / "sdk"
RECEIVER_HOST = "localhost"
# Account variants each SDK reaches an error with: overrides of the admin account body.
VARIANTS: dict[str, dict[str, Any]] = {
    "main": {"max_failed_attempts": 2},
    "suspended": {"status": "suspended"},
    "archived": {"archived": True},
    "fee_due": {"fee_due": 50, "fee_limit": 10},
    "daily": {"daily_limit": 1},
    "limited": {"rate_limit_per_minute": 2},
}


@dataclass
class LiveStack:
    dev: DevStack
    sms_port: int
    admin_token: str
    ca: Path
    cert: Path
    key: Path

    def admin(self, method: str, path: str, **body: Any) -> Any:
        status, doc = self.dev.call(method, path, self.admin_token, **body)
        assert 200 <= status < 300, (path, status, doc)
        return doc

    def account(self, name: str, **overrides: Any) -> dict[str, Any]:
        """A fresh account with a live and a test API key, one device, and its live and test
        callback secrets (the test one signs test sessions' events, issue 30)."""
        secret = "cbs_" + secrets.token_urlsafe(24)
        test_secret = "cbs_test_" + secrets.token_urlsafe(24)
        acc = self.admin(
            "POST",
            "/admin/v1/accounts",
            name=name,
            allowed_hosts=[RECEIVER_HOST, "shop.example.com"],
            callback_secret=secret,
            test_callback_secret=test_secret,
            wallets=[{"provider": "bkash", "number": "01700000009", "kind": "personal"}],
            **overrides,
        )
        keys = f"/admin/v1/accounts/{acc['id']}/keys"
        key = self.admin("POST", keys, label="sdk")["key"]
        test_key = self.admin("POST", keys, label="sdk test", mode="test")["key"]
        device = self.admin("POST", f"/admin/v1/accounts/{acc['id']}/devices", name="phone")
        return {
            "id": acc["id"],
            "key": key,
            "device_token": device["token"],
            "secret": secret,
            "test_key": test_key,
            "test_secret": test_secret,
        }

    def pay(self, account: dict[str, Any], amount: str, trx_id: str) -> None:
        """A buyer's bKash payment as the merchant's phone forwards it (device token), waited
        for until the service has parsed it into a transaction."""
        forward_bkash_sms(self.sms_port, account["device_token"], amount, trx_id, f"9,{amount}")
        path = f"/admin/v1/transactions?account_id={account['id']}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if any(i["trx_id"] == trx_id for i in self.admin("GET", path)["items"]):
                return
            time.sleep(0.05)
        raise AssertionError(f"the SMS of {trx_id} was not parsed within 30 s")

    def settings_for(self, language: str) -> str:
        """The JSON each SDK test runner reads from CLAIMSVC_SDK_LIVE."""
        return json.dumps(
            {
                "api_url": f"http://127.0.0.1:{self.dev.api_port}",
                "sms_url": f"http://127.0.0.1:{self.sms_port}/sms/v1/messages",
                "admin_token": self.admin_token,
                "receiver_host": RECEIVER_HOST,
                "tls_cert": str(self.cert),
                "tls_key": str(self.key),
                "accounts": {
                    variant: self.account(f"{language} {variant}", **body)
                    for variant, body in VARIANTS.items()
                },
            }
        )


def tool(name: str, installer: str) -> str:
    """The tool's path; skips without it locally, fails under CI (make test installs it)."""
    path = shutil.which(name)
    if path:
        return path
    advice = f"{name} is missing: run `python tools/{installer}` (make test does)"
    if os.environ.get("CI"):
        pytest.fail(advice)
    pytest.skip(advice)


@contextlib.contextmanager
def live_stack(tmp_path: Path) -> Iterator[LiveStack]:
    """The local stack on in-process stores, trusting a test CA for webhook HTTPS."""
    ca = trustme.CA()
    issued = ca.issue_cert(RECEIVER_HOST, "127.0.0.1")
    ca_file, cert, key = tmp_path / "ca.pem", tmp_path / "receiver.pem", tmp_path / "receiver.key"
    ca.cert_pem.write_to_path(str(ca_file))
    issued.private_key_pem.write_to_path(str(key))
    cert.write_bytes(b"".join(blob.bytes() for blob in issued.cert_chain_pems))
    token, sms_port = "adm_" + secrets.token_urlsafe(16), free_port()
    with dev_stack(
        tmp_path,
        CLAIMSVC_ADMIN_TOKEN=token,
        CLAIMSVC_SMS_PORT=str(sms_port),
        CLAIMSVC_WEBHOOK_CA_FILE=str(ca_file),
        CLAIMSVC_WEBHOOK_ALLOW_PRIVATE="1",
    ) as dev:
        yield LiveStack(dev, sms_port, token, ca_file, cert, key)
