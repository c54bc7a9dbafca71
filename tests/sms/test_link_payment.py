"""A payment link paid the way any session is: the buyer opens the link, the phone forwards the
wallet's SMS, the buyer submits the TrxID, and the session owes exactly one webhook event."""

from __future__ import annotations

import pytest

from claimsvc.domain.delivery import NO_WEBHOOK_URL
from claimsvc.worker.webhooks import make_dispatcher
from tests.claims_support import events_of as event_docs
from tests.conftest import ALLOWED_HOST
from tests.sms.conftest import bkash_credit, events_of, send

FORM = {"content-type": "application/x-www-form-urlencoded"}


async def open_link(fetch, merchant, **fields):
    """Create a Tk 500 link and open it as a buyer: (link, session id)."""
    body = {"amount": 500, "description": "Kurta", **fields}
    link = (await fetch("/api/v1/payment-links", json=body, key=merchant.key)).json()
    slug = link["url"].rsplit("/", 1)[1]
    opened = await fetch(f"/pay/{slug}", body="token=00112233445566ff", headers=FORM)
    assert opened.code == 303, opened.body
    return link, opened.headers["Location"].split("/")[2].split("?")[0]


async def pay_by_sms(fetch, post_sms, drain, device, session_id, trx="LNK8X2K4QA"):
    await send(post_sms, device, bkash_credit(trx, "500.00", "1,500.00"), minute=1)
    await drain()
    claim = {"sessionId": session_id, "trxId": trx.lower(), "provider": "bkash"}
    return await fetch("/api/v1/checkout/submit", json=claim)


@pytest.mark.parametrize("webhook", [True, False])
async def test_a_link_session_paid_by_sms_completes_with_exactly_one_event(
    fetch, make_account, make_device, post_sms, drain, deps, webhook
):
    merchant = await make_account()
    device = await make_device(merchant)
    hook = {"webhook_url": f"https://{ALLOWED_HOST}/hook"} if webhook else {}
    link, session_id = await open_link(fetch, merchant, **hook)

    paid = await pay_by_sms(fetch, post_sms, drain, device, session_id)
    assert paid.code == 200, paid.body
    assert paid.json()["redirect_url"] == f"https://pay.example.test/pay/result/{session_id}"
    again = await fetch(
        "/api/v1/checkout/submit",
        json={"sessionId": session_id, "trxId": "LNK8X2K4QA", "provider": "bkash"},
    )
    assert again.code == 200
    for _ in range(2):
        await deps.services.outbox.relay(100)
    assert await events_of(deps, session_id) == ["COMPLETED"]
    (event,) = await event_docs(deps, session_id)
    assert event["webhook_url"] == (hook.get("webhook_url") or "")

    view = (await fetch(f"/api/v1/payment-links/{link['id']}", key=merchant.key)).json()
    assert (view["payments"], view["paid_amount"]) == (1, 500)


async def test_a_link_without_a_webhook_url_shows_its_event_stopped_saying_why(
    fetch, make_account, make_device, post_sms, drain, deps
):
    merchant = await make_account()
    device = await make_device(merchant)
    _, session_id = await open_link(fetch, merchant)
    assert (await pay_by_sms(fetch, post_sms, drain, device, session_id)).code == 200
    await deps.services.outbox.relay(100)

    await make_dispatcher(deps).deliver_due()

    (event,) = await event_docs(deps, session_id)
    assert (event["status"], event["stopped_reason"], event["attempts"]) == (
        "stopped",
        NO_WEBHOOK_URL,
        0,
    )
    # Setting a secret re-checks stopped events: this one stays stopped, for the same reason.
    await deps.services.admin.patch_account(merchant.id, {"callback_secret": "s" * 32})
    (event,) = await event_docs(deps, session_id)
    assert (event["status"], event["stopped_reason"]) == ("stopped", NO_WEBHOOK_URL)
