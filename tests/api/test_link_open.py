"""Opening a payment link: initialize's path and rules, and single-use links under concurrency."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from claimsvc import errors
from claimsvc.domain.links import NewLink
from tests.claims_support import claim_body, pay
from tests.conftest import initialize_body

SUBMIT, CANCEL = "/api/v1/checkout/submit", "/api/v1/checkout/cancel"
AMOUNT = 50_000


@pytest.fixture
def make_link(deps, make_account):
    """make_link(merchant=None, **NewLink fields) -> (merchant, link)."""

    async def _make(merchant=None, **fields):
        merchant = merchant or await make_account()
        account = await deps.stores.accounts.get(merchant.id)
        req = NewLink(**{"amount_poisha": AMOUNT, "description": "Kurta", **fields})
        view = await deps.services.links.create(account, req)
        return merchant, view.link

    return _make


def opener(deps, link, address="10.0.0.1"):
    async def _open(token=None, at=address):
        return await deps.services.links.open(link.slug, at, token)

    return _open


async def link_sessions(deps, link):
    return await deps.db["sessions"].find({"link_id": link.id}).to_list(None)


async def test_a_link_session_has_the_links_amount_id_and_our_result_page(deps, make_link):
    _, link = await make_link(webhook_url=None)
    session = await opener(deps, link)()
    assert (session.amount_poisha, session.link_id, session.status) == (AMOUNT, link.id, "OPEN")
    assert session.success_url == session.cancel_url
    assert session.success_url == f"https://pay.example.test/pay/result/{session.id}"
    assert session.webhook_url == ""
    assert session.order_id.startswith(f"link-{link.slug}#")


async def test_a_links_webhook_url_goes_on_its_sessions(deps, make_link):
    _, link = await make_link(webhook_url="https://shop.example.com/hook", order_ref="SHIRT")
    session = await opener(deps, link)()
    assert session.webhook_url == "https://shop.example.com/hook"
    assert session.order_id.startswith("SHIRT#")


async def test_a_reusable_link_opens_one_session_per_form_and_one_per_double_submit(
    deps, make_link
):
    _, link = await make_link()
    open_ = opener(deps, link)
    twice = await asyncio.gather(open_("0123456789abcdef"), open_("0123456789abcdef"))
    other = await open_("fedcba9876543210")
    assert twice[0].id == twice[1].id != other.id
    assert len(await link_sessions(deps, link)) == 2


async def test_a_malformed_token_gets_a_fresh_session_each_time(deps, make_link):
    _, link = await make_link()
    a, b = await opener(deps, link)("x"), await opener(deps, link)("x")
    assert a.id != b.id


async def test_two_buyers_opening_a_single_use_link_at_once_share_one_session(deps, make_link):
    _, link = await make_link(single_use=True, order_ref="INV-7")
    opened = await asyncio.gather(*(opener(deps, link, f"10.0.0.{i}")() for i in range(8)))
    assert len({s.id for s in opened}) == 1
    assert opened[0].order_id == "INV-7"
    assert len(await link_sessions(deps, link)) == 1


@pytest.mark.parametrize("ending", ["cancel", "expire"])
async def test_a_single_use_link_opens_a_new_attempt_once_its_session_ended_unpaid(
    deps, make_link, fetch, clock, ending
):
    _, link = await make_link(single_use=True, order_ref="INV-7")
    first = await opener(deps, link)()
    if ending == "cancel":
        assert (await fetch(CANCEL, json={"sessionId": first.id})).code == 200
    else:
        clock.advance(minutes=31)  # overdue; the sweeper has not come by
    racing = await asyncio.gather(*(opener(deps, link, f"10.0.1.{i}")() for i in range(6)))
    assert len({s.id for s in racing}) == 1
    assert racing[0].id != first.id and racing[0].order_id == "INV-7#2"
    stored = {s["_id"]: s["status"] for s in await link_sessions(deps, link)}
    assert stored == {
        first.id: "CANCELLED" if ending == "cancel" else "EXPIRED",
        racing[0].id: "OPEN",
    }


async def test_a_paid_single_use_link_is_used_up_and_opens_nothing(deps, make_link, fetch):
    merchant, link = await make_link(single_use=True)
    session = await opener(deps, link)()
    tx = await pay(deps, merchant, amount_poisha=AMOUNT)
    assert (await fetch(SUBMIT, json=claim_body(session.id, tx.trx_id))).code == 200
    with pytest.raises(errors.LinkUnavailable) as refused:
        await opener(deps, link)()
    assert refused.value.state == "used"
    assert (await deps.services.links.preview(link.slug)).state == "used"
    assert len(await link_sessions(deps, link)) == 1


async def test_a_single_use_link_completes_at_most_once_whatever_the_races(deps, make_link, fetch):
    merchant, link = await make_link(single_use=True)
    first = await opener(deps, link)()
    await fetch(CANCEL, json={"sessionId": first.id})
    second = await opener(deps, link)()
    txs = [await pay(deps, merchant, amount_poisha=AMOUNT) for _ in range(3)]
    claims = [fetch(SUBMIT, json=claim_body(s.id, t.trx_id)) for s in (first, second) for t in txs]
    await asyncio.gather(
        *claims, *(opener(deps, link, f"10.0.2.{i}")() for i in range(4)), return_exceptions=True
    )
    statuses = [s["status"] for s in await link_sessions(deps, link)]
    assert sorted(statuses) == ["CANCELLED", "COMPLETED"]
    view = await deps.services.links.get(merchant.id, link.id)
    assert (view.totals.payments, view.totals.amount_poisha) == (1, AMOUNT)


async def test_totals_count_completed_sessions_only(deps, make_link, fetch):
    merchant, link = await make_link()
    paid = [await opener(deps, link)() for _ in range(2)]
    await opener(deps, link)()  # left open
    cancelled = await opener(deps, link)()
    await fetch(CANCEL, json={"sessionId": cancelled.id})
    for session in paid:
        tx = await pay(deps, merchant, amount_poisha=AMOUNT)
        assert (await fetch(SUBMIT, json=claim_body(session.id, tx.trx_id))).code == 200
    page = await deps.services.links.list(merchant.id, None, None)
    assert [(v.totals.payments, v.totals.amount_poisha) for v in page.items] == [(2, 2 * AMOUNT)]


@pytest.mark.parametrize("single_use", [False, True])
async def test_a_disabled_or_expired_link_opens_nothing(deps, make_link, clock, single_use):
    merchant, link = await make_link(single_use=single_use)
    _, expiring = await make_link(single_use=single_use, expires_at=clock() + timedelta(hours=1))
    await deps.services.links.disable(merchant.id, link.id)
    clock.advance(hours=1)
    for which, state in ((link, "disabled"), (expiring, "expired")):
        with pytest.raises(errors.LinkUnavailable) as refused:
            await opener(deps, which)()
        assert refused.value.state == state
        assert await link_sessions(deps, which) == []


async def test_opening_follows_maintenance_account_state_fees_and_daily_limits(
    deps, make_link, make_account
):
    cases = [
        ({"status": "suspended"}, errors.VendorNotActive),
        ({"archived": True}, errors.BrandArchived),
        ({"fee_due_poisha": 10_000, "fee_limit_poisha": 1_000}, errors.PlatformFeeDue),
        ({"daily_limit": 0}, errors.VendorDailyLimit),
    ]
    for fields, error in cases:
        merchant, link = await make_link()
        await deps.services.admin.patch_account(merchant.id, fields)
        with pytest.raises(error):
            await opener(deps, link)()
        assert await link_sessions(deps, link) == []
    _, link = await make_link()
    await deps.services.admin.set_platform({"maintenance": True})
    with pytest.raises(errors.Maintenance):
        await opener(deps, link)()


async def test_opening_is_limited_per_address_and_per_link(deps, make_link, settings):
    _, link = await make_link()
    for _ in range(settings.link_open_rate_per_ip):
        await opener(deps, link)()
    with pytest.raises(errors.BuyerRateLimited):
        await opener(deps, link)()
    # Many addresses together stop at the link's own limit.
    opened = settings.link_open_rate_per_ip
    with pytest.raises(errors.BuyerRateLimited):
        for i in range(settings.link_open_rate_per_link + 1):
            await opener(deps, link, f"10.9.{i // 200}.{i % 200}")()
            opened += 1
    assert opened == settings.link_open_rate_per_link
    assert len(await link_sessions(deps, link)) == opened


async def test_an_order_reference_taken_by_an_api_session_is_refused(deps, make_link, fetch):
    merchant, link = await make_link(single_use=True, order_ref="INV-9")
    await fetch(
        "/api/v1/checkout/initialize", json=initialize_body(order_id="INV-9"), key=merchant.key
    )
    with pytest.raises(errors.LinkOrderTaken):
        await opener(deps, link)()


async def test_an_unknown_slug_is_not_found(deps):
    for slug in ("A" * 16, "short", "../../etc"):
        with pytest.raises(errors.NotFound):
            await deps.services.links.open(slug, "10.0.0.1", None)
        with pytest.raises(errors.NotFound):
            await deps.services.links.preview(slug)


async def test_previewing_creates_nothing(deps, make_link):
    _, link = await make_link(single_use=True)
    for _ in range(3):
        shown = await deps.services.links.preview(link.slug)
    assert (shown.state, shown.merchant) == ("payable", "Test Shop")
    assert await link_sessions(deps, link) == []
