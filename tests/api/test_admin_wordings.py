"""The admin API's and `claimsvc admin wordings ...`' taught wordings: list, make global (every
account's stored unparsed messages of the provider re-queued), remove; audited as the operator."""

from __future__ import annotations

from typing import Any

from claimsvc.domain.wordings import Marks, Span
from tests.api.test_cli_admin import admin_cli  # noqa: F401  (the fixture)
from tests.portal.phone_support import audit_entries, store_message
from tests.portal.test_wordings_pages import FIRST, SECOND, span


async def taught(deps: Any, account: Any) -> Any:
    """A wording taught in `account` from a stored message of it, and a second one stored."""
    msg = await store_message(deps, account.id, "unparsed", "no_pattern", FIRST)
    await store_message(deps, account.id, "unparsed", "no_pattern", SECOND)

    def at(value: str) -> Span:
        return Span.parse(span(FIRST, value))

    m = Marks("credit", "received", at("NEWQ1W2E3R"), at("500.00"), balance=at("1,500.00"))
    saved = await deps.services.wordings.teach(account.id, msg.id, m, "owner@shop.example")
    return saved


async def test_the_operator_lists_makes_global_and_removes_a_wording(fetch, make_account, deps):
    shop, other = await make_account(), await make_account()
    wording = await taught(deps, shop)
    await store_message(deps, other.id, "unparsed", "no_pattern", SECOND)

    listed = await fetch("/admin/v1/wordings", admin=True)
    assert listed.code == 200
    [item] = listed.json()["items"]
    assert item["id"] == wording.id and item["global"] is False
    assert item["wording"].startswith("Money received! Tk {amount} from {phone}")
    assert (item["provider"], item["direction"], item["kind"]) == ("bkash", "credit", "received")
    mine = await fetch(f"/admin/v1/wordings?account_id={other.id}", admin=True)
    assert mine.json()["items"] == []
    bad = await fetch("/admin/v1/wordings?provider=paypal", admin=True)
    assert bad.code == 400

    made = await fetch(f"/admin/v1/wordings/{wording.id}/global", json={}, admin=True)
    assert made.code == 200
    body = made.json()
    assert (body["global"], body["rereading"]) == (True, True)  # the SMS worker re-queues
    assert body["made_global_at"] is not None
    again = await fetch(f"/admin/v1/wordings/{wording.id}/global", json={}, admin=True)
    assert again.json()["made_global_at"] == body["made_global_at"]
    own, shared = await deps.services.wordings.visible(other.id)
    assert own == [] and [t.id for t in shared] == [wording.id]

    removed = await fetch(f"/admin/v1/wordings/{wording.id}/remove", json={}, admin=True)
    assert (removed.code, removed.json()["id"]) == (200, wording.id)
    gone = await fetch(f"/admin/v1/wordings/{wording.id}/remove", json={}, admin=True)
    assert gone.code == 404
    assert (await fetch("/admin/v1/wordings/nope/global", json={}, admin=True)).code == 404
    actions = [e["action"] for e in await audit_entries(deps, "wording.global")]
    actions += [e["action"] for e in await audit_entries(deps, "wording.remove")]
    assert actions == ["wording.global", "wording.global", "wording.remove"]
    [first] = (await audit_entries(deps, "wording.global"))[:1]
    assert (first["account_id"], first["actor_id"], first["target"]) == (
        shop.id,
        "operator",
        wording.id,
    )


async def test_the_wordings_admin_api_needs_the_token(fetch, make_account, deps):
    wording = await taught(deps, await make_account())
    for path, method in (
        ("/admin/v1/wordings", "GET"),
        (f"/admin/v1/wordings/{wording.id}/global", "POST"),
        (f"/admin/v1/wordings/{wording.id}/remove", "POST"),
    ):
        reply = await fetch(
            path,
            method=method,
            json={} if method == "POST" else None,
            headers={"Authorization": "Bearer wrong"},
        )
        assert reply.code == 401
    assert await deps.db["sms_wordings"].count_documents({"everywhere": True}) == 0
    assert await deps.db["sms_wordings"].count_documents({}) == 1


async def test_wordings_from_the_terminal(admin_cli, make_account, deps):  # noqa: F811
    shop = await make_account()
    wording = await taught(deps, shop)
    code, listed = await admin_cli("wordings", "list", "--account-id", shop.id)
    assert code == 0 and [w["id"] for w in listed["items"]] == [wording.id]
    code, made = await admin_cli("wordings", "global", wording.id)
    assert code == 0 and made["global"] is True
    code, removed = await admin_cli("wordings", "remove", wording.id)
    assert code == 0 and removed["id"] == wording.id
    code, _ = await admin_cli("wordings", "remove", wording.id)
    assert code == 1
