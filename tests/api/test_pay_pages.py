"""The public payment-link pages over HTTP: what a buyer (and a chat app's preview) gets."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from claimsvc.api.page import PAGE_HEADERS
from tests.claims_support import claim_body, pay
from tests.conftest import ALLOWED_HOST

LINKS = "/api/v1/payment-links"
FORM = {"content-type": "application/x-www-form-urlencoded"}


async def make_link(fetch, merchant, **fields):
    body = {"amount": 500, "description": "Blue <kurta> & scarf", **fields}
    reply = await fetch(LINKS, json=body, key=merchant.key)
    assert reply.code == 201, reply.body
    return reply.json()


def path_of(link):
    return "/pay/" + link["url"].rsplit("/", 1)[1]


def token_of(page: bytes) -> str:
    found = re.search(rb'name="token" value="([0-9a-f]{16})"', page)
    assert found, page
    return found.group(1).decode()


async def submit(fetch, path, token="0123456789abcdef", headers=None):
    return await fetch(path, body=f"token={token}", headers={**FORM, **(headers or {})})


async def sessions_of(deps, link):
    return await deps.db["sessions"].find({"link_id": link["id"]}).to_list(None)


async def test_the_page_shows_shop_amount_and_description_escaped_and_creates_nothing(
    fetch, make_account, deps
):
    merchant = await make_account(name="Rina's Boutique")
    link = await make_link(fetch, merchant, order_ref="INV-7")
    for _ in range(3):
        page = await fetch(path_of(link))
    text = page.body.decode()
    assert page.code == 200
    assert "Pay Rina&#x27;s Boutique" in text and ">500<" in text and "INV-7" in text
    assert "Blue &lt;kurta&gt; &amp; scarf" in text and "<kurta>" not in text
    assert "Pay now" in text
    assert await sessions_of(deps, link) == []
    for name, value in PAGE_HEADERS.items():
        assert page.headers[name] == value


async def test_the_page_speaks_bangla(fetch, make_account):
    link = await make_link(fetch, await make_account())
    page = await fetch(path_of(link) + "?lang=bn")
    text = page.body.decode()
    assert 'lang="bn"' in text and "এখন পেমেন্ট করুন" in text and "৫০০" in text
    by_header = await fetch(path_of(link), headers={"Accept-Language": "bn-BD,bn;q=0.9"})
    assert "এখন পেমেন্ট করুন" in by_header.body.decode()


async def test_posting_the_form_opens_a_session_and_sends_the_buyer_to_the_hosted_page(
    fetch, make_account, deps
):
    link = await make_link(fetch, await make_account())
    page = await fetch(path_of(link) + "?lang=bn")
    reply = await submit(fetch, path_of(link) + "?lang=bn", token_of(page.body))
    (session,) = await sessions_of(deps, link)
    assert reply.code == 303
    assert reply.headers["Location"] == f"/checkout/{session['_id']}?lang=bn"
    again = await submit(fetch, path_of(link) + "?lang=bn", token_of(page.body))
    assert again.headers["Location"] == reply.headers["Location"]
    hosted = await fetch(reply.headers["Location"])
    assert hosted.code == 200 and "৫০০" in hosted.body.decode()
    # The hosted page says what the link's payment is for, and which order (issue 25).
    html = hosted.body.decode()
    assert 'id="description">Blue &lt;kurta&gt; &amp; scarf<' in html
    assert f"অর্ডার {session['order_id']}" in html


@pytest.mark.parametrize("how", ["disabled", "expired", "used"])
async def test_a_link_that_cannot_be_paid_shows_why_on_get_and_post(
    fetch, make_account, deps, clock, how
):
    merchant = await make_account()
    expires = (clock() + timedelta(hours=1)).isoformat()
    link = await make_link(fetch, merchant, single_use=True, expires_at=expires)
    if how == "disabled":
        await fetch(f"{LINKS}/{link['id']}/disable", body="", key=merchant.key)
    elif how == "expired":
        clock.advance(hours=2)
    else:
        location = (await submit(fetch, path_of(link))).headers["Location"]
        tx = await pay(deps, merchant, amount_poisha=50_000)
        session_id = location.split("/")[2].split("?")[0]
        assert (
            await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
        ).code == 200
    titles = {
        "disabled": "This link is turned off",
        "expired": "This link has expired",
        "used": "Already paid",
    }
    labels = {"disabled": "Amount", "expired": "Amount", "used": "Amount paid"}
    before = len(await sessions_of(deps, link))
    for reply in (await fetch(path_of(link)), await submit(fetch, path_of(link))):
        assert reply.code == 410
        assert titles[how] in reply.body.decode() and "Pay now" not in reply.body.decode()
        # A link that cannot be paid never asks for money (issue 32): no "Amount to pay".
        label = re.search(r'id="amount-label">([^<]+)<', reply.body.decode())
        assert label and label.group(1) == labels[how]
    assert len(await sessions_of(deps, link)) == before


async def test_an_unknown_link_is_the_not_found_page(fetch):
    for path in ("/pay/AAAAAAAAAAAAAAAA", "/pay/x", "/pay/result/nope", "/pay/result/" + "0" * 36):
        reply = await fetch(path)
        assert reply.code == 404 and "text/html" in reply.headers["Content-Type"]


async def test_too_many_openings_from_one_address_get_a_page_saying_wait(
    fetch, make_account, settings, deps
):
    link = await make_link(fetch, await make_account())
    for i in range(settings.link_open_rate_per_ip):
        assert (await submit(fetch, path_of(link), f"{i:016x}")).code == 303
    refused = await submit(fetch, path_of(link), "f" * 16)
    assert refused.code == 429 and "Retry-After" in refused.headers
    assert "Too many tries" in refused.body.decode()
    assert len(await sessions_of(deps, link)) == settings.link_open_rate_per_ip


async def test_a_suspended_shop_and_maintenance_get_pages_not_errors(fetch, make_account, deps):
    merchant = await make_account()
    link = await make_link(fetch, merchant)
    await deps.services.admin.patch_account(merchant.id, {"status": "suspended"})
    closed = await submit(fetch, path_of(link))
    assert closed.code == 403 and "cannot take payments" in closed.body.decode()
    await deps.services.admin.patch_account(merchant.id, {"status": "active"})
    await deps.services.admin.set_platform({"maintenance": True})
    busy = await submit(fetch, path_of(link))
    assert busy.code == 503 and "paused" in busy.body.decode()
    assert await sessions_of(deps, link) == []


async def test_the_result_page_shows_the_sessions_real_state(fetch, make_account, deps):
    merchant = await make_account(name="Rina")
    link = await make_link(fetch, merchant)
    location = (await submit(fetch, path_of(link))).headers["Location"]
    session_id = location.split("/")[2].split("?")[0]
    result = f"/pay/result/{session_id}"
    waiting = await fetch(result)
    assert "Payment not finished" in waiting.body.decode()
    assert f'href="/checkout/{session_id}?lang=en"' in waiting.body.decode()
    tx = await pay(deps, merchant, amount_poisha=50_000)
    await fetch("/api/v1/checkout/submit", json=claim_body(session_id, tx.trx_id))
    done = (await fetch(result)).body.decode()
    (session,) = await sessions_of(deps, link)
    assert "Payment received" in done and session["payment_id"] in done
    bangla = (await fetch(result + "?lang=bn")).body.decode()
    assert "পেমেন্ট সম্পন্ন হয়েছে" in bangla


async def test_an_api_sessions_id_has_no_result_page(fetch, make_account):
    from tests.conftest import initialize_body

    merchant = await make_account()
    opened = await fetch("/api/v1/checkout/initialize", json=initialize_body(), key=merchant.key)
    reply = await fetch(f"/pay/result/{opened.json()['session_id']}")
    assert reply.code == 404


async def test_the_pay_pages_allow_only_their_methods(fetch, make_account):
    link = await make_link(fetch, await make_account())
    put = await fetch(path_of(link), method="PUT", body="")
    post_result = await fetch("/pay/result/" + "0" * 36, body="")
    assert put.code == 405 and put.headers["Allow"] == "GET, POST"
    assert post_result.code == 405 and post_result.headers["Allow"] == "GET"


async def test_a_webhook_url_of_the_link_is_only_ever_the_merchants(fetch, make_account):
    merchant = await make_account()
    link = await make_link(fetch, merchant, webhook_url=f"https://{ALLOWED_HOST}/hook")
    page = (await fetch(path_of(link))).body.decode()
    assert "/hook" not in page and link["id"] not in page
