"""The plugin's webhook endpoint against the real shop: what it refuses (a forged signature, a
stale replay, a test event on a live shop) changes nothing, and a cancelled session leaves the
order payable again from My account, through a new session."""

from __future__ import annotations

import html
import json
import re
import time

import pytest

from claimsvc.domain.signing import delivery_headers
from tests.shop.conftest import GATEWAY, SHOP_TIMEOUT_S, ShopUnderTest
from tests.shop.test_payments import place_order, session_of
from tests.shop.web import Client, StoreApi, form_value, log_in
from tests.shop.wordpress import CUSTOMER_PASSWORD, CUSTOMER_USER

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(SHOP_TIMEOUT_S)]


def webhook_url(shop: ShopUnderTest) -> str:
    return f"{shop.url}/wc-api/{GATEWAY}/"


def event_body(order: dict[str, object], ref: str, status: str = "COMPLETED") -> bytes:
    stored = order["sessions"][ref]  # type: ignore[index]
    return json.dumps(
        {
            "order_id": ref,
            "payment_status": status,
            "trid": stored["payment_id"],
            "amount": float(stored["amount"]),
        }
    ).encode()


def refusals(shop: ShopUnderTest) -> int:
    """Webhooks the plugin refused so far (its WooCommerce log)."""
    logs = shop.wp.root / "wp-content" / "uploads" / "wc-logs"
    return sum(p.read_text().count("Refused a webhook") for p in logs.glob(f"{GATEWAY}-*.log"))


def test_a_forged_webhook_is_refused_and_changes_nothing(shop: ShopUnderTest) -> None:
    order_id, _ = place_order(shop)
    before = shop.order(order_id)
    body = event_body(before, str(order_id))
    headers = delivery_headers("cbs_not-the-shops-secret-000", 77, 1, body, int(time.time()))
    reply = shop.visitor().request("POST", webhook_url(shop), body, headers)
    assert reply.status == 401, reply.text
    assert shop.order(order_id) == before


def test_a_stale_replayed_webhook_is_refused(shop: ShopUnderTest) -> None:
    order_id, _ = place_order(shop)
    before = shop.order(order_id)
    body = event_body(before, str(order_id))
    an_hour_ago = int(time.time()) - 3600
    headers = delivery_headers(shop.account["test_secret"], 78, 1, body, an_hour_ago, test=True)
    reply = shop.visitor().request("POST", webhook_url(shop), body, headers)
    assert reply.status == 401, reply.text
    assert shop.order(order_id) == before


def test_a_test_event_sent_to_a_live_shop_is_refused(live_shop: ShopUnderTest) -> None:
    shop = live_shop
    order_id, _ = place_order(shop)
    assert shop.order(order_id)["sessions"][str(order_id)]["mode"] == "live"
    seen = refusals(shop)
    # The shop's own test payment for the same order number, its webhook at the live shop.
    opened = shop.call(
        "POST",
        "/api/v1/checkout/initialize",
        shop.account["test_key"],
        order_id=str(order_id),
        amount=1310.5,
        success_url=f"{shop.url}/",
        cancel_url=f"{shop.url}/",
        webhook_url=webhook_url(shop),
    )
    paid = shop.test_payment(opened["session_id"])
    status, answer = shop.submit(opened["session_id"], paid["trx_id"])
    assert status == 200, answer
    deadline = time.monotonic() + 40
    while refusals(shop) == seen:
        assert time.monotonic() < deadline, "the test event never reached the shop"
        time.sleep(0.3)
    order = shop.order(order_id)
    assert order["status"] == "pending"
    assert not [n for n in order["notes"] if "TrxID" in n]


def customer_order(shop: ShopUnderTest) -> tuple[Client, int, str]:
    """Karim, signed in, orders the e-book; (his browser, the order id, the hosted page)."""
    karim = shop.visitor()
    log_in(karim, CUSTOMER_USER, CUSTOMER_PASSWORD)
    store = StoreApi(karim)
    store.add(shop.wp.ids["virtual"])
    reply = store.checkout(GATEWAY)
    assert reply.status == 200, reply.text[:2000]
    result = reply.json()
    return karim, int(result["order_id"]), result["payment_result"]["redirect_url"]


def pay_from_my_account(karim: Client, order_id: int) -> str:
    """My account, Orders, Pay, then Pay for order with the wallet gateway; where it sends him."""
    orders = karim.get("/my-account/orders/")
    assert orders.status == 200, orders.status
    link = re.search(rf'href="([^"]*order-pay/{order_id}/[^"]*)"', orders.text)
    assert link, "no Pay button for the order"
    pay_url = html.unescape(link.group(1))
    form = karim.get(pay_url)
    assert form.status == 200, (pay_url, form.status, form.headers.get("location"))
    reply = karim.post_form(
        pay_url,
        {
            "payment_method": GATEWAY,
            "woocommerce-pay-nonce": form_value(form.text, "woocommerce-pay-nonce"),
            "_wp_http_referer": pay_url,
            "woocommerce_pay": "1",
        },
    )
    assert reply.status in (302, 303), reply.text[-2000:]
    return str(reply.headers["location"])


def test_a_cancelled_session_leaves_the_order_payable_again_through_a_new_session(
    shop: ShopUnderTest,
) -> None:
    karim, order_id, first_page = customer_order(shop)
    thanks = shop.wp.php(f"return wc_get_order({order_id})->get_checkout_order_received_url();")
    # Back at the shop before paying (the return itself completes nothing).
    assert "We are confirming your payment." in karim.get(thanks).text
    status, answer = shop.service.dev.call(
        "POST",
        "/api/v1/checkout/cancel",
        shop.account["test_key"],
        sessionId=session_of(first_page),
    )
    assert status == 200, answer
    order = shop.wait_for_note(order_id, "(CANCELLED)")
    assert order["status"] == "pending"
    page = karim.get(thanks).text
    assert "The wallet payment was not completed. You can pay for this order again." in page

    second_page = pay_from_my_account(karim, order_id)
    assert session_of(second_page) != session_of(first_page)
    assert shop.order(order_id)["ref"] == f"{order_id}-2"

    paid = shop.test_payment(session_of(second_page))
    status, answer = shop.submit(session_of(second_page), paid["trx_id"])
    assert status == 200, answer
    order = shop.wait_for_status(order_id, "completed")  # virtual goods only
    assert [n for n in order["notes"] if "TrxID" in n] == [
        f"Test mode: no real money moves. Payments here are test payments. Paid 99.99 BDT by "
        f"bKash, TrxID {paid['trx_id']} (claimsvc session {order_id}-2)."
    ]
