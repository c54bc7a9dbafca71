"""The gateway's settings and their edges, over HTTP and inside the shop: a store currency
other than BDT is refused (never converted), "Check connection" names what is wrong, and
uninstalling removes the plugin's options but keeps orders and their notes."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from tests.ops.processes import free_port
from tests.shop.conftest import GATEWAY, SETTINGS, SHOP_TIMEOUT_S, ShopUnderTest
from tests.shop.test_payments import place_order
from tests.shop.web import StoreApi

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(SHOP_TIMEOUT_S)]


@pytest.fixture
def usd_shop(shop: ShopUnderTest) -> Iterator[ShopUnderTest]:
    shop.wp.option("woocommerce_currency", "USD")
    yield shop
    shop.wp.option("woocommerce_currency", "BDT")


def test_a_shop_selling_in_another_currency_is_not_offered_wallets_and_is_told_why(
    usd_shop: ShopUnderTest,
) -> None:
    shop = usd_shop
    store = StoreApi(shop.visitor())
    store.add(shop.wp.ids["virtual"])
    reply = store.checkout(GATEWAY)
    assert reply.status == 400, reply.text[:1000]
    notices = shop.admin.get("/wp-admin/index.php").text
    assert (
        "Wallet payments take Bangladeshi taka (BDT) only, and your store&#039;s currency is "
        "USD: buyers are not offered wallet payments. Amounts are never converted."
    ) in notices


def test_an_order_in_another_currency_is_refused_with_a_clear_message(shop: ShopUnderTest) -> None:
    # A multi-currency plugin can make one order's currency differ from the store's.
    answer = shop.wp.php(
        f"""
        $order = wc_create_order();
        $order->add_product(wc_get_product({shop.wp.ids["virtual"]}), 1);
        $order->set_currency('USD');
        $order->set_payment_method('{GATEWAY}');
        $order->calculate_totals();
        $gateway = WC()->payment_gateways()->payment_gateways()['{GATEWAY}'];
        $result = $gateway->process_payment($order->get_id());
        return ['result' => $result, 'notices' => wc_get_notices('error'),
                'sessions' => $order->get_meta('_claimsvc_sessions')];
        """
    )
    assert answer["result"] == {"result": "failure"}
    assert [n["notice"] for n in answer["notices"]] == [
        "Wallet payments take Bangladeshi taka (BDT) only; this order is in USD. "
        "Choose another payment method."
    ]
    assert answer["sessions"] == ""


def check_connection(shop: ShopUnderTest) -> dict[str, object]:
    """What the settings page's "Check connection" button is told."""
    page = shop.admin.get(f"/wp-admin/admin.php?page=wc-settings&tab=checkout&section={GATEWAY}")
    found = re.search(r"var claimsvcWalletAdmin = (\{.*?\});", page.text)
    assert found, "the settings page has no Check connection script"
    nonce = json.loads(found.group(1))["nonce"]
    reply = shop.admin.post_form(
        "/wp-admin/admin-ajax.php", {"action": "claimsvc_wallet_check", "nonce": nonce}
    )
    data: dict[str, object] = reply.json()["data"]
    return data


def test_check_connection_says_when_the_service_does_not_answer(shop: ShopUnderTest) -> None:
    shop.configure(service_url=f"http://127.0.0.1:{free_port()}")
    try:
        answer = check_connection(shop)
    finally:
        shop.configure()
    assert answer == {
        "problem": "unreachable",
        "message": "The service did not answer. Check the service URL, and that this server "
        "can reach it.",
    }


def test_check_connection_says_when_the_account_is_not_active(shop: ShopUnderTest) -> None:
    path = f"/admin/v1/accounts/{shop.account['id']}"
    shop.service.admin("PATCH", path, status="suspended")
    try:
        answer = check_connection(shop)
    finally:
        shop.service.admin("PATCH", path, status="active")
    assert answer["problem"] == "inactive"
    assert str(answer["message"]).startswith("The key is right, but your claimsvc account is not")


def test_uninstall_removes_the_settings_and_keeps_orders_and_notes(shop: ShopUnderTest) -> None:
    order_id, _ = place_order(shop)
    notes_before = shop.order(order_id)["notes"]
    try:
        left = shop.wp.php(
            f"""
            define('WP_UNINSTALL_PLUGIN', 'claimsvc-wallet-payments/claimsvc-wallet-payments.php');
            include WP_PLUGIN_DIR . '/claimsvc-wallet-payments/uninstall.php';
            return get_option({json.dumps(SETTINGS)}, 'gone');
            """
        )
        assert left == "gone"
        order = shop.order(order_id)
        assert order["notes"] == notes_before and order["sessions"]
    finally:
        shop.configure()
