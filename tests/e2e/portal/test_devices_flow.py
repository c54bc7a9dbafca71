"""Pairing a phone in Chromium: the portal shows the token, address and QR code once; an SMS
posted to that address by the SMS intake (in-process) is then listed on the transactions page."""

from __future__ import annotations

import json
import logging

import pytest
from playwright.async_api import expect
from tornado.httpclient import AsyncHTTPClient

from tests.e2e.portal.conftest import at_both_sizes, each_language
from tests.sms.conftest import bkash_credit, drain, sms, sms_server

__all__ = ["drain", "sms", "sms_server"]  # the SMS tier's fixtures, used here

pytestmark = pytest.mark.e2e


@each_language
async def test_pair_a_phone_post_an_sms_with_its_token_and_see_it_listed(
    make_account, make_user, portal_tab, server, sms_server, drain, deps, viewport, lang, caplog
):
    caplog.set_level(logging.DEBUG)
    # Phones reach the intake at the in-process SMS server: the address the QR code holds.
    deps.settings = deps.settings.replace(public_sms_url=sms_server)
    owner = await make_user(await make_account(name="Rahim Store"))
    tab = await portal_tab(owner, lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/devices?lang={lang}")
    await at_both_sizes(page, None, lang, viewport)
    await page.locator("#name").fill("Shop phone")
    await page.locator("form[action='/portal/devices'] button[type=submit]").click()
    address = (await page.locator("#intake-url").inner_text()).strip()
    token = (await page.locator("#device-token").inner_text()).strip()
    assert address == f"{sms_server}/sms/v1/messages?token={token}"
    qr = page.locator("img.qr")
    await expect(qr).to_be_visible()
    assert (await qr.evaluate("img => img.naturalWidth")) > 0  # the data: image rendered
    await at_both_sizes(page, "device-paired", lang, viewport)

    body = {"sender": "bKash", "message": bkash_credit("9PORTAL1AB", "500.00", "1,500.00")}
    reply = await AsyncHTTPClient().fetch(
        address,
        method="POST",
        body=json.dumps(body),
        raise_error=False,
        headers={"Content-Type": "application/json"},
    )
    assert reply.code == 202, reply.body
    assert await drain() == 1

    await page.goto(f"{server}/portal/devices")
    await expect(page.locator("body")).not_to_contain_text(token)
    await at_both_sizes(page, "devices", lang, viewport, axe=False)
    await page.goto(f"{server}/portal/transactions")
    await expect(page.locator("table").first).to_contain_text("9PORTAL1AB")
    await expect(page.locator("table").first).to_contain_text("017****5678")
    await at_both_sizes(page, None, lang, viewport)
    assert not tab.errors and not tab.csp_violations()
    # The intake, the worker and the portal logged nothing of the token.
    assert caplog.records and all(token not in str(vars(r)) for r in caplog.records)


@each_language
async def test_revoke_a_phone_after_confirming(
    make_account, make_user, portal_tab, server, deps, viewport, lang
):
    shop = await make_account(name="Rahim Store")
    registered = await deps.services.devices.register(shop.id, "Lost phone", None)
    tab = await portal_tab(await make_user(shop, role="developer"), lang=lang)
    page = tab.page
    await page.goto(f"{server}/portal/devices?lang={lang}")
    await page.locator(f"a[href='/portal/devices/{registered.device.id}']").click()
    await expect(page.locator("section")).to_contain_text("Lost phone")
    await at_both_sizes(page, "device-revoke", lang, viewport)
    await page.locator("button.danger").click()
    await expect(page.locator(".flash")).to_be_visible()
    await expect(page.locator("table a")).to_have_count(0)  # no revoke link left
    assert not (await deps.stores.devices.get(registered.device.id)).active
    assert not tab.errors and not tab.csp_violations()
