"""The shop tier: a real WordPress + WooCommerce shop (tests/shop/wordpress.py) with the plugin
installed from its zip through wp-admin's upload form, and `claimsvc dev` beside it, once per
xdist worker (the shop's template once per run)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.sdk.live_stack import LiveStack, live_stack, tool
from tests.shop import web
from tests.shop.wordpress import ADMIN_PASSWORD, ADMIN_USER, Shop, running_shop, template_dir
from tools.build_woocommerce_plugin import SLUG, build

GATEWAY = "claimsvc_wallet_payments"
SETTINGS = f"woocommerce_{GATEWAY}_settings"
SHOP_TIMEOUT_S = 600
"""A shop test's limit, its share of the set-up included (the first test of a worker builds or
copies the shop on a busy machine)."""
SHOP_EXTENSIONS = {"mysqli", "xml", "mbstring", "intl", "gd", "zip", "bcmath", "curl"}


def require_shop_tools() -> None:
    """php with the shop's extensions and mariadbd; skipped locally without them, failed in CI."""
    php = tool("php", "ensure_php.py")
    tool("mariadbd", "ensure_php.py")
    listed = subprocess.run([php, "-m"], capture_output=True, text=True, check=False).stdout
    missing = SHOP_EXTENSIONS - {line.strip().lower() for line in listed.splitlines()}
    if missing:
        advice = f"php extensions {sorted(missing)} are missing: run `python tools/ensure_php.py`"
        if os.environ.get("CI"):
            pytest.fail(advice)
        pytest.skip(advice)


@dataclass
class ShopUnderTest:
    """The shop, the service beside it, the shop's claimsvc account and an admin's cookies."""

    wp: Shop
    service: LiveStack
    account: dict[str, Any]
    admin: web.Client

    @property
    def url(self) -> str:
        return self.wp.url

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.service.dev.api_port}"

    def visitor(self) -> web.Client:
        return web.Client(self.wp.url, self.service.ca)

    def configure(self, **settings: Any) -> None:
        """The gateway's settings as the owner saves them, over the defaults of a test shop."""
        values = {
            "enabled": "yes",
            "title": "bKash, Nagad and other wallets",
            "description": "Pay from your mobile wallet on the next page.",
            "wallets": ["bkash", "nagad"],
            "service_url": self.api,
            "api_key": self.account["test_key"],
            "callback_secret": self.account["test_secret"],
            **settings,
        }
        self.wp.option(SETTINGS, values)

    def live(self) -> None:
        self.configure(api_key=self.account["key"], callback_secret=self.account["secret"])

    def order(self, order_id: int) -> dict[str, Any]:
        """The order as the shop owner sees it: status, total, notes (oldest first), meta."""
        result: dict[str, Any] = self.wp.php(
            f"""
            $o = wc_get_order({int(order_id)});
            $notes = array_reverse(wc_get_order_notes(['order_id' => {int(order_id)}]));
            return [
                'status' => $o->get_status(),
                'total' => $o->get_total(),
                'transaction_id' => $o->get_transaction_id(),
                'notes' => array_map(fn ($n) => $n->content, $notes),
                'sessions' => $o->get_meta('_claimsvc_sessions'),
                'ref' => $o->get_meta('_claimsvc_ref'),
            ];
            """
        )
        return result

    def wait_for_status(self, order_id: int, status: str, timeout_s: float = 90) -> dict[str, Any]:
        deadline = time.monotonic() + timeout_s
        while (order := self.order(order_id))["status"] != status:
            assert time.monotonic() < deadline, f"the order never became {status}: {order}"
            time.sleep(0.3)
        return order

    def wait_for_note(self, order_id: int, words: str, timeout_s: float = 90) -> dict[str, Any]:
        deadline = time.monotonic() + timeout_s
        while True:
            order = self.order(order_id)
            if any(words in note for note in order["notes"]):
                return order
            assert time.monotonic() < deadline, f"no note with {words!r}: {order}"
            time.sleep(0.3)

    def call(self, method: str, path: str, key: str, **body: Any) -> Any:
        status, doc = self.service.dev.call(method, path, key, **body)
        assert 200 <= status < 300, (path, status, doc)
        return doc

    def test_payment(self, session_id: str, outcome: str = "paid") -> dict[str, Any]:
        """A test payment for a test session (the SMS as the test phone would forward it)."""
        paid: dict[str, Any] = self.call(
            "POST",
            "/api/v1/test/payments",
            self.account["test_key"],
            session_id=session_id,
            outcome=outcome,
            provider="bkash",
        )
        return paid

    def submit(self, session_id: str, trx_id: str, provider: str = "bkash") -> Any:
        """The buyer's TrxID, entered on the hosted page."""
        return self.service.dev.call(
            "POST",
            "/api/v1/checkout/submit",
            None,
            sessionId=session_id,
            trxId=trx_id,
            provider=provider,
        )

    def plugin_log_problems(self) -> list[str]:
        """PHP errors, warnings, notices and deprecations WordPress logged from the plugin."""
        log = self.wp.debug_log
        lines = log.read_text(errors="replace").splitlines() if log.exists() else []
        return [line for line in lines if "PHP " in line and f"/{SLUG}/" in line]


def shared_dir(factory: pytest.TempPathFactory) -> Path:
    """A folder every xdist worker of this run sees (the template is built there once)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def plugin_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("plugin") / f"{SLUG}.zip")


@pytest.fixture(scope="session")
def shop(tmp_path_factory: pytest.TempPathFactory, plugin_zip: Path) -> Iterator[ShopUnderTest]:
    require_shop_tools()
    started = time.monotonic()
    template = template_dir(shared_dir(tmp_path_factory))
    built = time.monotonic()
    with (
        live_stack(tmp_path_factory.mktemp("shop-service")) as service,
        running_shop(template, tmp_path_factory.mktemp("shop"), service.cert, service.key) as wp,
    ):
        admin = web.Client(wp.url, service.ca)
        web.log_in(admin, ADMIN_USER, ADMIN_PASSWORD)
        web.upload_plugin(admin, plugin_zip)
        account = shop_account(service, "WooCommerce shop")
        under_test = ShopUnderTest(wp, service, account, admin)
        under_test.configure()
        timing = {"template_s": built - started, "start_s": time.monotonic() - built}
        (tmp_path_factory.getbasetemp() / "shop-timing.json").write_text(json.dumps(timing))
        print(f"\nshop set-up: {timing}")
        yield under_test
        assert under_test.plugin_log_problems() == []
        if os.environ.get("CLAIMSVC_KEEP_SHOP"):
            shutil.copytree(wp.home, Path(os.environ["CLAIMSVC_KEEP_SHOP"]), dirs_exist_ok=True)


@pytest.fixture
def live_shop(shop: ShopUnderTest) -> Iterator[ShopUnderTest]:
    """The shop on its live key and live callback secret, back to test mode afterwards."""
    shop.live()
    yield shop
    shop.configure()


def shop_account(service: LiveStack, name: str, **overrides: Any) -> dict[str, Any]:
    """A merchant account as the shop's tests need it: a live key and secret, a test key and
    its own test callback secret, a device forwarding bKash SMS (tests/sdk/live_stack.py)."""
    return service.account(name, **overrides)
