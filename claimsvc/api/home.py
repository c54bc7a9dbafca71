"""A person who lands on the service without a page of ours in mind: the site root, or an
address that leads nowhere (a link cut short by a terminal). A browser (it asks for HTML) gets a
page in its language that says where to go; an API client keeps the JSON 404 of interface.md."""

from __future__ import annotations

from typing import Any

from tornado import template
from tornado.routing import URLSpec
from tornado.web import url

from claimsvc import errors
from claimsvc.api.base import BaseHandler
from claimsvc.api.page import TEMPLATES, PageHandler


def wants_html(accept: str | None) -> bool:
    """Whether the client is a browser: it lists text/html (curl's */* and API clients' JSON
    do not)."""
    return "text/html" in (accept or "").lower()


class PersonPage(PageHandler):
    """HTML for a browser, the JSON answers of every API handler for anyone else."""

    @property
    def for_person(self) -> bool:
        return wants_html(self.request.headers.get("Accept"))

    def set_default_headers(self) -> None:
        if self.for_person:
            super().set_default_headers()
        else:
            BaseHandler.set_default_headers(self)
        self.add_header("Vary", "Accept")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        if self.for_person:
            super().write_error(status_code, **kwargs)
        else:
            BaseHandler.write_error(self, status_code, **kwargs)

    def render_problem(self, status: int) -> None:
        if status != 404:
            super().render_problem(status)
            return
        title = self.t("home.missing_title")
        message = self.t("home.missing_text")
        self.render_home(status, title, message, missing=True)

    def render_home(
        self, status: int, heading: str, message: str, missing: bool, title: str = ""
    ) -> None:
        self.render_page(
            "home.html",
            status,
            title=title or heading,
            heading=heading,
            message=message,
            missing=missing,
            portal=self.reverse_url("portal_login"),
        )


class HomePage(PersonPage):
    route_name = "home"

    def get(self) -> None:
        if not self.for_person:
            raise errors.NotFound()
        t = self.t
        self.render_home(
            200, t("home.heading"), t("home.text"), missing=False, title=t("home.title")
        )


class NotFoundPage(PersonPage):
    """Any path no route matches (the API application's default handler)."""

    route_name = "not_found"

    def prepare(self) -> None:
        super().prepare()
        raise errors.NotFound()


def loader() -> template.Loader:
    return template.Loader(str(TEMPLATES))


def routes(deps: Any) -> list[URLSpec]:
    return [url(r"/", HomePage, {"deps": deps, "loader": loader()}, name="home")]


def not_found(deps: Any) -> tuple[type[NotFoundPage], dict[str, Any]]:
    """The default handler and its arguments."""
    return NotFoundPage, {"deps": deps, "loader": loader()}
