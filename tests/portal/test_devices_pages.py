"""The portal's devices pages over HTTP: pairing shows the token, intake address and QR code once;
revoking asks first; another account's phone is not there; roles and CSRF hold."""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote

import pytest

from claimsvc.domain.devices import phone_cannot_reach
from tests.portal.phone_support import all_documents, audit_entries

TOKEN = re.compile(r'id="device-token">(dev_[A-Za-z0-9_-]+)<')
QR = re.compile(r'<img class="qr" src="(data:image/svg\+xml[^"]+)"')


async def pair(client, name="Shop phone", **extra):
    """Pair through the form and follow its redirect to the page that shows the token once."""
    return await client.post("/portal/devices", {"name": name, **extra}, follow=True)


async def test_pairing_shows_token_address_and_qr_code_once(
    make_account, make_user, portal, deps, caplog
):
    caplog.set_level(logging.DEBUG)
    owner = await make_user(await make_account())
    client = await portal(owner)
    await client.get("/portal/devices")
    page = await pair(client)
    assert page.code == 200
    token = TOKEN.search(page.text).group(1)
    address = f"{deps.settings.public_sms_url}/sms/v1/messages?token={token}"
    assert address in page.text
    qr = unquote(QR.search(page.text).group(1))
    assert qr.startswith("data:image/svg+xml") and "<svg" in qr
    assert "SMS Gateway for Android" in page.text and "Incoming SMS to URL forwarder" in page.text
    # Never again: not on a reload, not on the list, not in a flash, not stored, not logged.
    reload = await client.get(page.url)
    assert token not in reload.text and "no longer visible" in reload.text
    later = await client.get("/portal/devices")
    assert "Shop phone" in later.text and token[:12] in later.text
    assert token not in later.text
    assert all(token not in doc for doc in await all_documents(deps))
    assert all(token not in record.getMessage() for record in caplog.records)
    assert all(token not in value for value in client.cookies.values())
    [device] = (await deps.services.devices.list(owner.account_id, None, None)).items
    assert (await deps.services.devices.authenticate(token)).id == device.id


async def test_pairing_is_audited_without_the_token(make_account, make_user, portal, deps):
    owner = await make_user(await make_account())
    client = await portal(owner)
    await client.get("/portal/devices")
    token = TOKEN.search((await pair(client, "Till")).text).group(1)
    [entry] = await audit_entries(deps, "device.pair")
    assert entry["account_id"] == owner.account_id and entry["details"] == {"name": "Till"}
    assert token not in str(entry)


@pytest.mark.parametrize(
    "form", [{"name": ""}, {"name": "x" * 101}, {"name": "Phone", "signing_key": "short"}]
)
async def test_a_bad_pairing_form_is_refused_and_pairs_nothing(
    make_account, make_user, portal, deps, form
):
    owner = await make_user(await make_account())
    client = await portal(owner)
    await client.get("/portal/devices")
    page = await client.post("/portal/devices", form)
    assert page.code == 400
    assert 'role="alert"' in page.text and "device-token" not in page.text
    assert (await deps.services.devices.list(owner.account_id, None, None)).items == []


@pytest.mark.parametrize(
    ("form", "field", "words"),
    [
        ({"name": ""}, "name", "Enter a name of 1 to 100 characters."),
        ({"name": "Till", "signing_key": "short"}, "signing_key", "A signing key has 8 to 256"),
    ],
)
async def test_a_refused_pairing_form_names_the_field_and_keeps_the_name_not_the_key(
    make_account, make_user, portal, form, field, words
):
    client = await portal(await make_user(await make_account()))
    await client.get("/portal/devices")
    page = await client.post("/portal/devices", form)
    assert page.code == 400
    problem = re.search(rf'<p class="error field-error" id="{field}-problem">([^<]+)<', page.text)
    assert problem and problem.group(1).startswith(words)
    assert f'name="{field}" ' in page.text and 'aria-invalid="true"' in page.text
    assert f'value="{form["name"]}"' in page.text
    assert "short" not in page.text  # a signing key is never written back into the page


async def test_a_cursor_the_service_did_not_write_is_the_lists_one_400(
    make_account, make_user, portal
):
    client = await portal(await make_user(await make_account()))
    page = await client.get("/portal/devices?cursor=nonsense")
    assert page.code == 400
    assert "That page of the list does not exist" in page.text
    assert '<a href="/portal/devices" data-testid="problem-back">' in page.text


async def test_the_devices_list_pages_with_the_one_pager(make_account, make_user, portal, deps):
    shop = await make_account()
    for i in range(51):
        await deps.services.devices.register(shop.id, f"Phone {i:02d}", None)
    client = await portal(await make_user(shop))
    first = await client.get("/portal/devices")
    older = re.search(r'href="([^"]+)" rel="next" data-testid="pager-older"', first.text)
    assert older and "pager-newest" not in first.text
    second = await client.get(older.group(1).replace("&amp;", "&"))
    assert second.code == 200 and 'data-testid="pager-newest"' in second.text
    assert "pager-older" not in second.text


async def test_revoking_is_a_form_s_action_and_never_a_page(make_account, make_user, portal):
    client = await portal(await make_user(await make_account()))
    page = await client.get("/portal/devices/dev_x/revoke")
    assert page.code == 405 and "This address only takes a form" in page.text


async def test_a_phone_unheard_for_an_hour_is_marked_quiet(
    make_account, make_user, portal, deps, clock
):
    owner = await make_user(await make_account())
    await deps.services.devices.register(owner.account_id, "Old phone", None)
    clock.advance(minutes=59)
    new = (await deps.services.devices.register(owner.account_id, "New phone", None)).device
    await deps.services.devices.seen(new)
    clock.advance(minutes=2)
    page = await (await portal(owner)).get("/portal/devices")
    rows = {
        name: row
        for name, row in re.findall(r"<td[^>]*>([^<]+ phone)</td>(.*?)</tr>", page.text, re.S)
    }
    assert "Quiet" in rows["Old phone"] and "Never" in rows["Old phone"]
    assert "Quiet" not in rows["New phone"] and "Active" in rows["New phone"]


async def test_revoking_asks_then_stops_the_token(make_account, make_user, portal, deps):
    owner = await make_user(await make_account())
    registered = await deps.services.devices.register(owner.account_id, "Lost phone", None)
    client = await portal(owner)
    listing = await client.get("/portal/devices")
    assert f'href="/portal/devices/{registered.device.id}"' in listing.text
    ask = await client.get(f"/portal/devices/{registered.device.id}")
    assert ask.code == 200 and "Revoke Lost phone?" in ask.text
    assert f'action="/portal/devices/{registered.device.id}/revoke"' in ask.text
    page = await client.post(f"/portal/devices/{registered.device.id}/revoke", follow=True)
    assert "The phone is revoked" in page.text and "Revoked" in page.text
    with pytest.raises(Exception, match="Unauthorized"):
        await deps.services.devices.authenticate(registered.token)
    [entry] = await audit_entries(deps, "device.revoke")
    assert entry["target"] == registered.device.id


async def test_another_accounts_phone_is_not_found_and_stays_active(
    make_account, make_user, portal, deps
):
    theirs = await deps.services.devices.register((await make_account()).id, "Their phone", None)
    client = await portal(await make_user(await make_account()))
    page = await client.get("/portal/devices")
    assert "Their phone" not in page.text
    assert (await client.get(f"/portal/devices/{theirs.device.id}")).code == 404
    refused = await client.post(f"/portal/devices/{theirs.device.id}/revoke")
    assert refused.code == 404 and "Their phone" not in refused.text
    assert (await deps.services.devices.authenticate(theirs.token)).active


async def test_staff_may_not_pair_or_revoke(make_account, make_user, portal, deps):
    shop = await make_account()
    device = (await deps.services.devices.register(shop.id, "Shop phone", None)).device
    staff = await portal(await make_user(shop, role="staff"))
    assert (await staff.get("/portal/devices")).code == 403
    await staff.get("/portal/")
    assert (await pair(staff)).code == 403
    assert (await staff.post(f"/portal/devices/{device.id}/revoke")).code == 403
    assert len((await deps.services.devices.list(shop.id, None, None)).items) == 1
    assert (await deps.stores.devices.get(device.id)).active


async def test_a_developer_may_pair(make_account, make_user, portal):
    developer = await portal(await make_user(await make_account(), role="developer"))
    await developer.get("/portal/devices")
    assert TOKEN.search((await pair(developer)).text)


@pytest.mark.parametrize("csrf", [None, "wrong-token"])
async def test_pairing_and_revoking_without_the_form_token_change_nothing(
    make_account, make_user, portal, deps, csrf
):
    owner = await make_user(await make_account())
    device = (await deps.services.devices.register(owner.account_id, "Phone", None)).device
    client = await portal(owner)
    await client.get("/portal/devices")
    assert (await client.post("/portal/devices", {"name": "X"}, csrf=csrf)).code == 403
    assert (await client.post(f"/portal/devices/{device.id}/revoke", csrf=csrf)).code == 403
    assert len((await deps.services.devices.list(owner.account_id, None, None)).items) == 1
    assert (await deps.stores.devices.get(device.id)).active


def test_the_qr_code_is_a_data_image_of_the_address():
    from claimsvc.api.portal.devices import qr_data_uri

    uri = qr_data_uri("https://sms.example.com/sms/v1/messages?token=dev_x")
    assert uri.startswith("data:image/svg+xml")
    assert "<svg" in unquote(uri)


@pytest.mark.parametrize(
    ("sms_url", "warned"),
    [
        ("http://localhost:8081", True),
        ("http://127.0.0.1:8081", True),
        ("http://[::1]:8081", True),
        ("http://0.0.0.0:8081", True),
        ("http://app.localhost:8081", True),
        ("http://192.168.1.20:8081", False),
        ("https://sms.example.test", False),
    ],
)
def test_a_phone_cannot_reach_the_server_s_own_machine(sms_url, warned):
    assert phone_cannot_reach(sms_url) is warned


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "A phone cannot reach this address"), ("bn", "ফোন এই ঠিকানায় পৌঁছাতে পারবে না")],
)
async def test_pairing_says_when_the_phone_cannot_reach_the_address_and_how_to_set_it(
    make_account, make_user, portal, deps, lang, words
):
    """With CLAIMSVC_PUBLIC_SMS_URL unset under `claimsvc dev` the phone is given
    http://localhost:<port>/..., which it cannot open: the page says so and names the setting,
    before pairing and on the page after it."""
    deps.settings = deps.settings.replace(public_sms_url="http://localhost:8081")
    client = await portal(await make_user(await make_account()))
    before = await client.get(f"/portal/devices?lang={lang}")
    assert words in before.text and "CLAIMSVC_PUBLIC_SMS_URL" in before.text
    paired = await pair(client)
    assert words in paired.text and "CLAIMSVC_PUBLIC_SMS_URL" in paired.text
    assert "http://localhost:8081" in paired.text.split('id="unreachable"', 1)[1]
    deps.settings = deps.settings.replace(public_sms_url="http://192.168.1.20:8081")
    later = await client.get("/portal/devices")
    assert 'id="unreachable"' not in later.text
    reachable = await pair(client, name="Second phone")
    assert 'id="unreachable"' not in reachable.text
    assert "http://192.168.1.20:8081/sms/v1/messages?token=" in reachable.text


@pytest.mark.parametrize(
    ("sms_url", "example"), [("http://localhost:18481", ":18481"), ("http://127.0.0.1", "")]
)
async def test_the_unreachable_warnings_example_uses_the_stacks_own_sms_port(
    make_account, make_user, portal, deps, sms_url, example
):
    """Issue 32: the example address keeps the SMS port the stack listens on, not 8081."""
    deps.settings = deps.settings.replace(public_sms_url=sms_url)
    client = await portal(await make_user(await make_account()))
    page = (await client.get("/portal/devices")).text.split('id="unreachable"', 1)[1]
    assert f"<code>CLAIMSVC_PUBLIC_SMS_URL=http://192.168.1.20{example}</code>" in page
