"""The first path a merchant takes: open a session, replay it."""

from tests.conftest import initialize_body


async def test_initialize_creates_then_replays_the_same_session(fetch, make_account):
    merchant = await make_account()
    body = initialize_body(amount=150.25)
    first = await fetch("/api/v1/checkout/initialize", json=body, key=merchant.key)
    again = await fetch("/api/v1/checkout/initialize", json=body, key=merchant.key)
    assert first.code == 201
    assert again.code == 200
    assert first.json() == again.json()
    assert first.json()["amount"] == 150.25
    assert (
        first.json()["checkout_url"]
        == f"https://pay.example.test/checkout/{first.json()['session_id']}"
    )
