"""A provider is one spec (issue 34): a made-up wallet, declared by one module written here and
touching no other file, is parsed from its sender, claimed through the API and shown by its
name on the portal's transactions page. It is removed again after each test."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from types import ModuleType

import pytest

from claimsvc.api.words.wallets import BRANDS
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.simulated_payments import sender_of, sms_text
from claimsvc.domain.sms.rereading import wants_wording
from claimsvc.domain.sms.routing import Direction, Kind, Result, parse_sms, real_sender
from tests.portal.conftest import make_user, portal  # noqa: F401 - the portal's fixtures
from tests.sms.conftest import open_session, send, stored_messages

SPEC_MODULE = '''
"""ZPay, a made-up wallet: its whole declaration."""

from claimsvc.domain.providers import ProviderSpec, register
from claimsvc.domain.sms.engine import MONEY, PARTY, Direction, Kind, Rule, head

ZPAY = ProviderSpec(
    name="zpay",
    names={"en": "ZedPay", "bn": "জেডপে"},
    sender_ids=frozenset({"zpay"}),
    test_sender="ZPay",
    trx_shape=r"ZP\\d{8}",
    test_credit="You got Tk {amount} from {phone}. Balance Tk {balance}. TrxID {trx}",
    ussd="*999#",
    rules=(
        Rule(Kind.CREDIT_RECEIVED, Direction.CREDIT, head(rf"You got {MONEY} from {PARTY}\\.")),
    ),
)
unregister = register(ZPAY)
'''

CREDIT = "You got Tk 750.00 from 01712345678. Balance Tk 2,750.00. TrxID ZP12345678"


@pytest.fixture
def zpay(tmp_path: Path) -> Iterator[ModuleType]:
    """The made-up provider's spec module, imported (registered) and removed afterwards."""
    path = tmp_path / "zpay_spec.py"
    path.write_text(SPEC_MODULE, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("zpay_spec", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    try:
        yield module
    finally:
        module.unregister()
        sys.modules.pop("zpay_spec", None)


def test_a_made_up_providers_sms_is_parsed_from_its_sender_only(zpay: ModuleType) -> None:
    found = parse_sms("ZPay", CREDIT)
    assert found.result is Result.PARSED and found.parsed is not None
    assert (found.provider, found.parsed.kind, found.parsed.direction) == (
        "zpay",
        Kind.CREDIT_RECEIVED,
        Direction.CREDIT,
    )
    assert (found.parsed.trx_id, found.parsed.amount_poisha) == ("ZP12345678", 75_000)
    stranger = parse_sms("01712345678", CREDIT)
    assert (stranger.result, stranger.reason) == (Result.SUSPECT, "unknown_sender")


def test_a_removed_provider_is_gone() -> None:
    assert not real_sender("ZPay")
    gone = parse_sms("ZPay", CREDIT)  # a stranger's payment-shaped text now
    assert (gone.result, gone.provider, gone.reason) == (Result.SUSPECT, None, "unknown_sender")
    assert "zpay" not in PROVIDERS


async def test_a_made_up_provider_is_claimed_and_shown_on_the_portal(
    zpay,
    fetch,
    make_account,
    make_device,
    make_user,  # noqa: F811 - the fixture imported above
    portal,  # noqa: F811
    post_sms,
    drain,
    deps,
):
    merchant = await make_account()
    device = await make_device(merchant)
    session_id = await open_session(fetch, merchant, 750, "order-zpay")
    await send(post_sms, device, CREDIT, sender="ZPay", minute=1)
    await drain()
    [msg] = await stored_messages(deps, merchant.id)
    assert (msg["result"], msg["provider"]) == ("parsed", "zpay")

    body = {"sessionId": session_id, "trxId": "ZP12345678", "provider": "zpay"}
    done = await fetch("/api/v1/checkout/verify", json=body, key=merchant.key)
    assert (done.code, done.json()["status"]) == (200, "COMPLETED"), done.body

    client = await portal(await make_user(merchant))
    for lang, name in (("en", "ZedPay"), ("bn", "জেডপে")):
        page = await client.get(f"/portal/transactions?lang={lang}")
        assert page.code == 200
        assert "ZP12345678" in page.text and name in page.text, lang


async def test_a_made_up_providers_sender_and_brand_are_on_the_pages_that_list_them(
    zpay,
    make_account,
    make_user,  # noqa: F811 - the fixture imported above
    portal,  # noqa: F811
) -> None:
    """The forwarder set-up steps name every wallet sender, the hosted page's wallet list knows
    its name and code, and a test payment's SMS comes from its sender: all from the one spec."""
    client = await portal(await make_user(await make_account()))
    await client.get("/portal/devices")
    paired = await client.post("/portal/devices", {"name": "Till"}, follow=True)
    assert paired.code == 200
    assert "bKash, NAGAD, 16216, upay, CellFin, ZPay" in paired.text
    brand = BRANDS["zpay"]
    assert (brand.name["bn"], brand.ussd, brand.actions["personal"][0]) == (
        "জেডপে",
        "*999#",
        "Send Money",
    )
    assert "zpay" in list(BRANDS) and sender_of("zpay") == "ZPay"
    text = sms_text("zpay", "ZP00000001", 10_000, 60_000, datetime(2026, 11, 28, 10, 0))
    found = parse_sms(sender_of("zpay"), text)
    assert (found.result, found.provider) == (Result.PARSED, "zpay")


def test_only_a_made_up_providers_own_sender_asks_for_a_taught_wording(zpay) -> None:
    unread = parse_sms("ZPay", "ZPay: got Tk 5.00 from 017. TrxID ZP11112222. Balance Tk 105.00")
    assert (unread.result, unread.provider) == (Result.UNPARSED, "zpay")
    assert wants_wording("ZPay", unread)
    assert not wants_wording("bKash", unread)
