"""Every portal route, read from the application itself: a page answers GET as every role (and
signed out) without a 5xx; an action answers GET with 405; every route that takes a form refuses
a POST without the form's token with 403 and changes nothing. A route added later is covered
the day it is added (or fails here for want of a sample of its path's parts)."""

from __future__ import annotations

from typing import Any

import pytest
from tornado.routing import URLSpec
from tornado.web import RequestHandler

from claimsvc.api.app import make_app
from claimsvc.api.portal.base import PortalAction, PortalHandler, PortalPage
from claimsvc.domain.users import ROLES, can
from tests.portal.phone_support import all_documents
from tests.route_samples import groups_of, hostile_paths, sample, sample_path


def portal_rules(deps: Any) -> list[URLSpec]:
    app = make_app(deps)
    rules = app.wildcard_router.rules
    return [r for r in rules if issubclass(r.target, PortalHandler)]  # type: ignore[attr-defined]


async def test_every_portal_handler_is_a_page_or_an_action_never_both(deps):
    rules = portal_rules(deps)
    assert len(rules) > 40
    for rule in rules:
        handler: type[RequestHandler] = rule.target  # type: ignore[assignment]
        assert issubclass(handler, PortalPage) != issubclass(handler, PortalAction), handler
        if issubclass(handler, PortalAction):
            assert handler.get is RequestHandler.get, f"{handler.__name__} shows a page"


async def test_every_route_has_one_name_and_every_name_builds_its_path(deps):
    app = make_app(deps)
    names = [r.name for r in app.wildcard_router.rules if r.name]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    for rule in portal_rules(deps):
        handler = rule.target
        assert rule.name == handler.route_name, (rule.regex.pattern, rule.name)  # type: ignore[attr-defined]
        path = sample_path(rule)
        args = [sample(g) for g in groups_of(rule)]
        assert app.reverse_url(rule.name, *args) == path


@pytest.mark.parametrize("role", [*ROLES, None])
async def test_get_on_every_route_as_every_role_never_fails(
    deps, make_account, make_user, portal, portal_client, role
):
    shop = await make_account(name="Rahim Store")
    client = await portal(await make_user(shop, role=role)) if role else portal_client()
    seen = {}
    for rule in portal_rules(deps):
        page = await client.get(sample_path(rule), follow=False)
        seen[rule.name] = page.code
        assert page.code < 500, (rule.name, page.code, page.text[:300])
        if issubclass(rule.target, PortalAction):  # type: ignore[attr-defined]
            assert page.code == 405, (rule.name, page.code)
            assert "This address only takes a form" in page.text
    assert seen["portal_links"] == (303 if role is None else 200 if can(role, "links") else 403)


@pytest.mark.parametrize("role", ["owner", None])
async def test_hostile_characters_in_any_path_segment_or_query_get_the_portal_s_own_page(
    deps, make_account, make_user, portal, portal_client, role
):
    shop = await make_account(name="Rahim Store")
    client = await portal(await make_user(shop, role=role)) if role else portal_client()
    bad = []
    for rule in portal_rules(deps):
        for path in hostile_paths(rule, keep=1):  # /portal/...: the portal's own page
            page = await client.get(path, follow=False)
            if page.code >= 500 or (page.code >= 400 and "<h1>" not in page.text):
                bad.append(f"{path}: {page.code} {page.text[:120]!r}")
            if page.code in (301, 302, 303):
                assert page.location.startswith("/portal"), (path, page.location)
                assert "\r" not in page.location and "\n" not in page.location
    assert bad == []


async def test_the_issue_s_hostile_slash_addresses_are_the_portal_s_404(portal_client):
    for path in ("/portal/%0d%0aSet-Cookie:%20x=1/", "/portal/%00/"):
        page = await portal_client().get(path)
        assert page.code == 404, (path, page.code)
        assert "<h1>Page not found</h1>" in page.text
        assert "x=1" not in str(page.headers.get_list("Set-Cookie"))


@pytest.mark.parametrize("query", ["mode=%ff", "lang=%ff", "lang=%ff&mode=%ff"])
async def test_a_query_word_that_is_not_text_is_ignored_on_every_page(
    make_account, make_user, portal, query
):
    client = await portal(await make_user(await make_account(name="Rahim Store")))
    for path in ("/portal/login", "/portal/", "/portal/payments", "/portal/transactions"):
        page = await client.get(f"{path}?{query}")
        assert page.code == 200, (path, page.code, page.text[:200])
        assert 'lang="en"' in page.text


async def test_a_post_without_the_forms_token_is_refused_on_every_route_and_changes_nothing(
    deps, make_account, make_user, portal
):
    shop = await make_account(name="Rahim Store")
    client = await portal(await make_user(shop, role="owner"))
    before = sorted(await all_documents(deps))
    form = {"amount": "100", "description": "x", "label": "x", "email": "a@b.c", "role": "staff"}
    for rule in portal_rules(deps):
        if "POST" not in rule.target.SUPPORTED_METHODS:  # type: ignore[attr-defined]
            continue
        page = await client.post(sample_path(rule), form, csrf=False)
        assert page.code == 403, (rule.name, page.code, page.text[:300])
    assert sorted(await all_documents(deps)) == before


@pytest.mark.parametrize(
    ("typed", "lands"),
    [
        ("/portal", "/portal/"),
        ("/portal/links/", "/portal/links"),
        ("/portal/payments/?status=OPEN&mode=test", "/portal/payments?status=OPEN&mode=test"),
    ],
)
async def test_a_typed_or_bookmarked_slash_lands_on_the_page(portal_client, typed, lands):
    page = await portal_client().get(typed, follow=False)
    assert (page.code, page.location) == (301, lands)


async def test_paths_written_where_no_route_table_is_at_hand_are_portal_routes(deps):
    """Alerts (built by the worker), invite links (by the user service) and the sign-in's
    landing page name portal paths without `reverse_url`: each must still be a route."""
    from claimsvc.domain.alert_text import PORTAL_PATHS
    from claimsvc.domain.origins import PORTAL_HOME
    from claimsvc.services.users import INVITE_PATH

    patterns = [rule.regex for rule in portal_rules(deps)]
    written = [*PORTAL_PATHS.values(), PORTAL_HOME, INVITE_PATH + "A" * 32]
    assert [p for p in written if not any(r.fullmatch(p) for r in patterns)] == []


async def test_a_cursor_that_is_not_utf8_gets_the_lists_one_answer(make_account, make_user, portal):
    client = await portal(await make_user(await make_account(name="Rahim Store")))
    page = await client.get("/portal/links?cursor=%FF%FE", follow=False)
    assert page.code == 400
    assert "That page of the list does not exist" in page.text
    assert 'href="/portal/links"' in page.text
