"""GET /admin/v1/accounts (issue 31 §8): operators list accounts newest first, page by cursor,
filter by status, and search by an exact id or part of a name in any case. The text is a
literal: regex characters match themselves."""

from __future__ import annotations

import urllib.parse

import pytest

from claimsvc.runtime import cli_admin

ACCOUNTS = "/admin/v1/accounts"


async def make(deps, clock, name: str, **fields):
    clock.advance(seconds=1)  # newest first: each account a second later
    return await deps.services.admin.create_account({"name": name, **fields})


@pytest.fixture
async def shops(deps, clock):
    return [
        await make(deps, clock, "Dhaka Tea House"),
        await make(deps, clock, "Chittagong TEA Mart", status="suspended"),
        await make(deps, clock, "Sylhet (Tea) + Co.*"),
        await make(deps, clock, "Rajshahi Mangoes"),
    ]


def q(**params) -> str:
    return f"{ACCOUNTS}?{urllib.parse.urlencode(params)}"


async def ids(fetch, path) -> list[str]:
    reply = await fetch(path, admin=True)
    assert reply.code == 200, reply.body
    return [item["id"] for item in reply.json()["items"]]


async def test_accounts_list_newest_first_as_the_account_read_answers(fetch, shops):
    reply = await fetch(q(limit=2), admin=True)
    first = reply.json()
    assert [i["id"] for i in first["items"]] == [shops[3].id, shops[2].id]
    one = (await fetch(f"{ACCOUNTS}/{shops[3].id}", admin=True)).json()
    assert first["items"][0] == one  # the item is the account as GET /accounts/{id} has it
    assert '"callback_secret"' not in reply.body.decode()  # never a secret
    rest = await ids(fetch, q(limit=2, cursor=first["next_cursor"]))
    assert rest[:2] == [shops[1].id, shops[0].id]


async def test_search_matches_part_of_a_name_in_any_case_or_an_exact_id(fetch, shops):
    assert await ids(fetch, q(search="tea")) == [shops[2].id, shops[1].id, shops[0].id]
    assert await ids(fetch, q(search="TEA", status="suspended")) == [shops[1].id]
    assert await ids(fetch, q(search=shops[3].id)) == [shops[3].id]
    assert await ids(fetch, q(search=shops[3].id[:-2])) == []  # an id matches exactly only
    assert await ids(fetch, q(search="(Tea) + Co.*")) == [shops[2].id]  # a literal
    assert await ids(fetch, q(search=".*")) == [shops[2].id]
    assert await ids(fetch, q(search="a" * 100)) == []


@pytest.mark.parametrize(
    ("params", "detail"),
    [
        ({"status": "closed"}, "status: "),
        ({"search": "a" * 101}, "search: "),
        ({"limit": "0"}, "limit: "),
        ({"cursor": "nope"}, "cursor: not a valid cursor"),
        ({"colour": "red"}, "colour: Unknown field."),
    ],
)
async def test_a_bad_query_is_refused_with_its_reason(fetch, params, detail):
    reply = await fetch(q(**params), admin=True)
    assert reply.code == 400
    assert any(d.startswith(detail) for d in reply.json()["details"]), reply.json()


async def test_the_list_needs_the_admin_token(fetch):
    assert (await fetch(ACCOUNTS)).code == 401


def test_the_cli_lists_accounts_with_its_filters():
    parser = cli_admin.argparse.ArgumentParser()
    cli_admin.add_arguments(parser)
    args = parser.parse_args(["accounts", "list", "--search", "tea house", "--status", "active"])
    request = cli_admin.build_request(args, {"CLAIMSVC_ADMIN_URL": "http://admin.test"})
    assert request.get_method() == "GET"
    assert request.full_url == "http://admin.test/admin/v1/accounts?search=tea+house&status=active"
