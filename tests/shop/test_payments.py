"""Orders paid through the wallet gateway against the real shop and service, over HTTP (the
Store API is what the Checkout block sends; tests/shop/test_browser.py drives the pages)."""

from __future__ import annotations

import pytest

from tests.shop.conftest import GATEWAY, SHOP_TIMEOUT_S, ShopUnderTest
from tests.shop.web import StoreApi

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(SHOP_TIMEOUT_S)]


def place_order(shop: ShopUnderTest, product: str = "physical") -> tuple[int, str]:
    """A guest's order through the Store API; (order id, the hosted page it is sent to)."""
    store = StoreApi(shop.visitor())
    store.add(shop.wp.ids[product])
    reply = store.checkout(GATEWAY)
    assert reply.status == 200, reply.text[:2000]
    result = reply.json()
    assert result["payment_result"]["payment_status"] == "success", result
    return int(result["order_id"]), str(result["payment_result"]["redirect_url"])


def session_of(checkout_url: str) -> str:
    return checkout_url.rstrip("/").rsplit("/", 1)[1]


def test_a_test_payment_marks_the_order_processing_once_with_its_note(
    shop: ShopUnderTest,
) -> None:
    order_id, checkout_url = place_order(shop)
    assert f":{shop.service.dev.api_port}/checkout/" in checkout_url
    assert shop.order(order_id)["status"] == "pending"

    paid = shop.test_payment(session_of(checkout_url))
    status, answer = shop.submit(session_of(checkout_url), paid["trx_id"])
    assert status == 200, answer

    order = shop.wait_for_status(order_id, "processing")
    assert order["total"] == "1310.50"
    assert order["transaction_id"] == paid["trx_id"]
    notes = [n for n in order["notes"] if "TrxID" in n]
    assert notes == [
        f"Test mode: no real money moves. Payments here are test payments. Paid 1310.50 BDT "
        f"by bKash, TrxID {paid['trx_id']} (claimsvc session {order_id})."
    ]
