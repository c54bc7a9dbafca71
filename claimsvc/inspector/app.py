"""The inspector's HTTP side: POST (any path) receives a webhook and answers as a careful
receiver does (2xx only when the signature verifies, 401 otherwise, interface.md §6 receiver
rule 3); GET / lists what came, newest first, with each request's headers, body, its mode (live
or test) and whether its signature verified with its account's callback secret of that mode (a
test session's event with the test secret, contract.md §6)."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from tornado.web import Application, RequestHandler

from claimsvc.api.words import Words
from claimsvc.domain import signing
from claimsvc.domain.exchange import Headers, body_text, mask_headers
from claimsvc.domain.i18n import choose_lang, clock_time, digits
from claimsvc.domain.modes import LIVE, TEST

KEPT = 100
"""Requests the page lists; older ones are forgotten (the inspector keeps nothing on disk)."""

UNKNOWN_EVENT = "unknown_event"
"""The verdict when no account's secret can be found for the request's x-svc-event-id."""

VERDICT_WORDS = {
    signing.VERIFIED_CURRENT: "inspector.verdict_current",
    signing.VERIFIED_PREVIOUS: "inspector.verdict_previous",
    signing.MISMATCH: "inspector.verdict_mismatch",
    signing.UNSIGNED: "inspector.verdict_unsigned",
    UNKNOWN_EVENT: "inspector.verdict_unknown_event",
}
"""What the page says of each verdict."""

MODE_WORDS = {LIVE: "inspector.mode_live", TEST: "inspector.mode_test"}


@dataclass(frozen=True)
class Signers:
    """What an event is checked with: its mode and that mode's (current, previous) secrets."""

    mode: str
    current: str | None
    previous: str | None = None


SecretsOf = Callable[[str], Awaitable[Signers | None]]
"""Given an `x-svc-event-id` value: its mode and secrets, or None when no such event exists."""

TEMPLATES = Path(__file__).resolve().parent.parent / "api" / "templates"


@dataclass(frozen=True)
class Received:
    """One request as the page shows it."""

    number: int
    at: datetime
    path: str
    headers: Headers
    body: str
    body_cut: bool
    verdict: str
    answered: int
    mode: str | None = None
    """live or test, when the event is known."""


class Inbox:
    """The latest KEPT requests, in memory."""

    def __init__(self) -> None:
        self.items: deque[Received] = deque(maxlen=KEPT)
        self.count = 0

    def add(
        self, path: str, headers: Headers, body: str, cut: bool, verdict: str, mode: str | None
    ) -> Received:
        self.count += 1
        answered = 200 if verdict in (signing.VERIFIED_CURRENT, signing.VERIFIED_PREVIOUS) else 401
        now = datetime.now(UTC)
        got = Received(self.count, now, path, headers, body, cut, verdict, answered, mode)
        self.items.appendleft(got)
        return got


async def verdict_of(
    body: bytes, headers: dict[str, str], secrets_of: SecretsOf
) -> tuple[str, str | None]:
    """Whether the request's x-svc-signature verifies with its event's account's secrets of
    the event's mode, and that mode (None when the event is unknown)."""
    event_id = headers.get("x-svc-event-id", "")
    signers = await secrets_of(event_id) if event_id.isdigit() and len(event_id) < 19 else None
    mode = None if signers is None else signers.mode
    signature = headers.get("x-svc-signature")
    if not signature:
        return signing.UNSIGNED, mode
    if signers is None:
        return UNKNOWN_EVENT, None
    secrets = (signers.current, signers.previous)
    return signing.check_svc_signature(body, signature, secrets), mode


class ReceiveHandler(RequestHandler):
    """POST anywhere: a webhook. GET /: the page."""

    def initialize(self, inbox: Inbox, secrets_of: SecretsOf) -> None:
        self.inbox = inbox
        self.secrets_of = secrets_of

    async def post(self, path: str) -> None:
        body = self.request.body
        lowered = {k.lower(): v for k, v in self.request.headers.get_all()}
        verdict, mode = await verdict_of(body, lowered, self.secrets_of)
        # The page shows what any receiver would see; nothing here is a secret of the stack's
        # (signatures are not), but header names that usually carry one are masked all the same.
        shown, _ = mask_headers(self.request.headers.get_all())
        text, cut = body_text(body)
        got = self.inbox.add("/" + path, shown, text, cut, verdict, mode)
        self.set_status(got.answered)
        self.set_header("content-type", "application/json")
        answer = {"received": got.number} if got.answered == 200 else {"error": verdict}
        self.finish(json.dumps(answer))

    def get(self, path: str) -> None:
        if path:
            self.send_error(404)
            return
        lang = choose_lang(
            self.get_query_argument("lang", None), self.request.headers.get("Accept-Language")
        )
        self.set_header("Cache-Control", "no-store")
        self.render(
            "inspector.html",
            lang=lang,
            t=Words(lang),
            items=list(self.inbox.items),
            kept=KEPT,
            verdict_words=VERDICT_WORDS,
            mode_words=MODE_WORDS,
            when=lambda moment: clock_time(moment, lang),
            number=lambda n: digits(str(n), lang),
            verified=(signing.VERIFIED_CURRENT, signing.VERIFIED_PREVIOUS),
        )


def make_inspector(secrets_of: SecretsOf, inbox: Inbox | None = None) -> Application:
    """The inspector's application (served over HTTPS by `claimsvc dev`)."""
    kwargs = {"inbox": inbox or Inbox(), "secrets_of": secrets_of}
    return Application(
        [(r"/(.*)", ReceiveHandler, kwargs)],
        template_path=str(TEMPLATES),
        xsrf_cookies=False,
    )
