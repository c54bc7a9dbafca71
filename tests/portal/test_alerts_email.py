"""Email alerts in the portal: an address verified by a link sent through a real SMTP server
(aiosmtpd on 127.0.0.1), only by the user who asked, once; bad input and a refusing server."""

from __future__ import annotations

import re

import pytest

from claimsvc.domain import alerts as al
from tests.alerts.smtp_server import smtp, smtp_settings
from tests.conftest import make_settings

__all__ = ["smtp"]

LINK = re.compile(r"https?://\S+/portal/alerts/email/verify/[A-Za-z0-9_-]+")


@pytest.fixture
def settings(smtp):
    return make_settings(telegram_bot_token="1:t", **smtp_settings(smtp))


def link_in(message) -> str:
    return LINK.search(message.get_content()).group(0)


async def test_an_address_is_verified_by_the_link_it_was_sent(
    deps, make_account, make_user, portal, smtp
):
    merchant = await make_account()
    user = await make_user(merchant, "staff")
    client = await portal(user)
    await client.get("/portal/alerts")
    page = await client.post("/portal/alerts/email", {"address": "Alerts@Shop.Example.com"})
    assert page.code == 303
    page = await client.get(page.location)
    assert "We sent a link to the address." in page.text
    assert "Waiting for you to open the link we sent to alerts@shop.example.com" in page.text
    [message] = smtp.to("alerts@shop.example.com")
    assert message["Subject"] == "Verify this address for payment alerts"
    url = link_in(message)
    path = url.split("://", 1)[1].partition("/")[2]
    asked = await client.get("/" + path)
    assert "Yes, send alerts there" in asked.text
    [channel] = await deps.services.alert_channels.of_user(user.id)
    assert channel.status == al.PENDING  # fetching the link changed nothing
    # Fetching the link asks; its button posts to the link's address and /confirm.
    assert f'action="/{path}/confirm"' in asked.text
    assert (await client.get(f"/{path}/confirm")).code == 405
    done = await client.post(f"/{path}/confirm", follow=True)
    assert "Your address is verified" in done.text
    assert "Alerts go to alerts@shop.example.com." in done.text
    [channel] = await deps.services.alert_channels.of_user(user.id)
    assert (channel.kind, channel.status) == (al.EMAIL, al.LINKED)
    again = await client.post(f"/{path}/confirm", follow=True)
    assert "That link does not work any more" in again.text


async def test_another_users_link_verifies_nothing(deps, make_account, make_user, portal, smtp):
    merchant = await make_account()
    asker = await portal(await make_user(merchant, "staff"))
    await asker.get("/portal/alerts")
    await asker.post("/portal/alerts/email", {"address": "mine@shop.example.com"})
    path = "/" + link_in(smtp.messages[0]).split("://", 1)[1].partition("/")[2]
    other_user = await make_user(merchant, "owner")
    other = await portal(other_user)
    await other.get(path)
    page = await other.post(path + "/confirm", follow=True)
    assert "That link does not work any more" in page.text
    assert await deps.services.alert_channels.of_user(other_user.id) == []


async def test_the_link_asks_to_sign_in_first_and_keeps_its_token(portal_client):
    client = portal_client()
    page = await client.get("/portal/alerts/email/verify/" + "A" * 43, follow=False)
    assert page.code == 303
    assert page.location == "/portal/login?next=/portal/alerts/email/verify/" + "A" * 43


async def test_a_bad_address_or_a_refusing_server_links_nothing(
    deps, make_account, make_user, portal, smtp
):
    merchant = await make_account()
    user = await make_user(merchant, "staff")
    client = await portal(user)
    await client.get("/portal/alerts")
    bad = await client.post("/portal/alerts/email", {"address": "not an address"})
    assert bad.code == 400 and "That is not an email address." in bad.text
    assert 'id="address-problem"' in bad.text and 'value="not an address"' in bad.text
    assert await deps.services.alert_channels.of_user(user.id) == []
    smtp.refuse_next.append("550 5.1.1 no such user")
    refused = await client.post(
        "/portal/alerts/email", {"address": "gone@shop.example.com"}, follow=True
    )
    assert "The email could not be sent." in refused.text
    assert smtp.messages == []


async def test_without_smtp_the_email_part_says_so(deps, make_account, make_user, portal):
    deps.settings = deps.settings.replace(smtp_host=None)
    merchant = await make_account()
    client = await portal(await make_user(merchant, "owner"))
    page = await client.get("/portal/alerts?lang=bn")
    assert 'data-testid="email-off"' in page.text and "ইমেইল সতর্কবার্তা চালু করেননি" in page.text
