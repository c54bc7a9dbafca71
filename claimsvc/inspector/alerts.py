"""The inspector's alert pages: the emails the local stack caught (GET /emails) and what its
Telegram stand-in bot sent (GET /telegram), where you also write to the bot (a code that links
the chat, /stop) and press its buttons, as a merchant does in Telegram."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tornado.web import HTTPError, RequestHandler

from claimsvc.api.words import Words
from claimsvc.domain.i18n import choose_lang

Message = dict[str, Any]
"""One caught item as the page shows it: `fields` ((words key, value) pairs), `text`, and for
a bot message its `id` and `buttons` ({text, data})."""


@dataclass(frozen=True)
class Caught:
    """What the stack caught, read at each page view (None: that channel sends for real)."""

    emails: Callable[[], list[Message]] | None = None
    bot_messages: Callable[[], list[Message]] | None = None
    write_to_bot: Callable[[str], None] | None = None
    press: Callable[[int, str], None] | None = None

    def sections(self) -> list[tuple[str, str]]:
        """The inspector's pages, (path, words key), when it shows more than webhooks."""
        if self.emails is None and self.bot_messages is None:
            return []
        found = [("/", "inspector.webhooks")]
        if self.emails is not None:
            found.append(("/emails", "inspector.emails"))
        if self.bot_messages is not None:
            found.append(("/telegram", "inspector.telegram"))
        return found


class InspectorPage(RequestHandler):
    """A page of the inspector, in the request's language."""

    def initialize(self, caught: Caught) -> None:
        self.caught = caught

    @property
    def lang(self) -> str:
        return choose_lang(
            self.get_query_argument("lang", None), self.request.headers.get("Accept-Language")
        )

    def show(self, name: str, **ns: Any) -> None:
        self.set_header("Cache-Control", "no-store")
        lang = self.lang
        sections = self.caught.sections()
        self.render(name, lang=lang, t=Words(lang), sections=sections, here=self.request.path, **ns)


WORDS = {
    "emails": ("inspector.emails", "inspector.emails_intro"),
    "telegram": ("inspector.telegram", "inspector.telegram_intro"),
}
"""Each caught page's title and introduction."""


class CaughtPage(InspectorPage):
    kind = ""

    def get(self) -> None:
        source = self.caught.emails if self.kind == "emails" else self.caught.bot_messages
        if source is None:
            raise HTTPError(404)
        t = Words(self.lang)
        title, intro = WORDS[self.kind]
        self.show(
            "inspector_alerts.html", kind=self.kind, title=t(title), intro=t(intro), items=source()
        )


class EmailsPage(CaughtPage):
    kind = "emails"


class TelegramPage(CaughtPage):
    kind = "telegram"


class BotAction(InspectorPage):
    """POST /telegram/send (text) and /telegram/press (message_id, data): as the merchant in
    Telegram. Only from the inspector's own page (a page of another site cannot post here)."""

    def check_origin(self) -> None:
        origin = self.request.headers.get("Origin")
        site = self.request.headers.get("Sec-Fetch-Site")
        own = f"{self.request.protocol}://{self.request.host}"
        if (origin is not None and origin != own) or site not in (None, "same-origin"):
            raise HTTPError(403)

    def post(self, action: str) -> None:
        self.check_origin()
        if action == "send" and self.caught.write_to_bot is not None:
            text = self.get_body_argument("text", "").strip()[:200]
            if text:
                self.caught.write_to_bot(text)
        elif action == "press" and self.caught.press is not None:
            raw_id = self.get_body_argument("message_id", "")
            if not raw_id.isdigit():
                raise HTTPError(400)
            self.caught.press(int(raw_id), self.get_body_argument("data", "")[:64])
        else:
            raise HTTPError(404)
        self.redirect("/telegram", status=303)


def routes(caught: Caught) -> list[Any]:
    kwargs = {"caught": caught}
    return [
        (r"/emails", EmailsPage, kwargs),
        (r"/telegram", TelegramPage, kwargs),
        (r"/telegram/(send|press)", BotAction, kwargs),
    ]
