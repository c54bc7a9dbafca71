"""Logs of a full scenario: one JSON object a line, request ids throughout, and no secret ever."""

from __future__ import annotations

import io
import json
import logging
from datetime import UTC, datetime
from typing import Any

import pytest

from claimsvc.logs import JsonFormatter, request_id, setup_logging
from tests.conftest import initialize_body, make_settings
from tests.ops.dev_stack import dev_stack
from tests.ops.scenario import Outcome, Scenario, run

pytestmark = pytest.mark.timeout(180)

SUPPLIED_TOKEN = "operator-chosen-admin-token-6d1f0c2b"


@pytest.fixture
def settings(ca_file):
    return make_settings(webhook_allow_private=True, webhook_ca_file=ca_file)


@pytest.fixture
async def played(
    captured_logs, fetch, post_sms, deps, receiver, clock, drain, sms
) -> tuple[Outcome, str]:
    outcome = await run(Scenario(fetch, post_sms, deps, receiver, clock), drain, sms)
    return outcome, captured_logs.getvalue()


def records(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


async def test_no_key_token_secret_or_phone_number_reaches_the_logs(
    played: tuple[Outcome, str],
) -> None:
    outcome, text = played
    assert len(text.splitlines()) >= len(outcome.request_ids)
    assert set(outcome.secrets) >= {"admin token", "callback secret", "device token"}
    leaked = [name for name, secret in outcome.secrets.items() if secret in text]
    assert leaked == []


async def test_every_line_is_one_json_object(played: tuple[Outcome, str]) -> None:
    _, text = played
    for line in text.splitlines():
        record = json.loads(line)
        assert isinstance(record, dict)
        assert {"ts", "level", "logger", "msg"} <= set(record)


async def test_each_request_logs_its_id_and_answers_with_it(played: tuple[Outcome, str]) -> None:
    outcome, text = played
    lines = records(text)
    access = [r for r in lines if r["logger"].endswith(".access")]
    assert all("request_id" in r for r in access)
    for rid, reply in outcome.request_ids.items():
        assert reply.headers.get("X-Request-Id") == rid
        assert [r["request_id"] for r in access].count(rid) == 1, rid
    # No line carries an id that is not one of the scenario's requests.
    assert {r["request_id"] for r in lines if "request_id" in r} <= set(outcome.request_ids)


async def test_a_request_without_an_id_gets_one_in_its_answer_and_its_log_line(
    captured_logs: io.StringIO, fetch
) -> None:
    reply = await fetch("/api/v1/checkout/initialize", json={}, key="sk_not_a_real_key")
    rid = reply.headers["X-Request-Id"]
    assert reply.code == 401 and rid
    (line,) = [r for r in records(captured_logs.getvalue()) if r.get("request_id") == rid]
    assert line["status"] == 401


@pytest.mark.parametrize("given", ["x" * 65, "bad id", "id;forged", "id\u00e9", "id\u00bd"])
async def test_an_unusable_request_id_is_replaced(fetch, given: str) -> None:
    reply = await fetch("/healthz", headers={"X-Request-Id": given})
    assert reply.headers["X-Request-Id"] not in ("", given)


async def test_an_unexpected_error_logs_its_traceback_with_the_request_id_and_answers_plainly(
    captured_logs: io.StringIO, fetch, deps, make_account, monkeypatch
) -> None:
    merchant = await make_account()

    async def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("the database fell over")

    monkeypatch.setattr(deps.services.checkout, "initialize", broken)
    reply = await fetch(
        "/api/v1/checkout/initialize",
        json=initialize_body(),
        key=merchant.key,
        headers={"X-Request-Id": "boom-1"},
    )
    assert reply.code == 500
    assert b"Traceback" not in reply.body and b"fell over" not in reply.body
    lines = [r for r in records(captured_logs.getvalue()) if r.get("request_id") == "boom-1"]
    (fault,) = [r for r in lines if "exc" in r]
    assert "RuntimeError: the database fell over" in fault["exc"]
    assert [r["status"] for r in lines if r["logger"] == "claimsvc.access"] == [500]


def format_record(fields: dict[str, Any], msg: str = "event") -> dict[str, Any]:
    record = logging.LogRecord("t", logging.INFO, __file__, 1, msg, None, None)
    record.fields = fields
    return json.loads(JsonFormatter().format(record))


def test_phone_numbers_are_masked_wherever_they_sit_in_a_line() -> None:
    out = format_record(
        {"list": ["call +8801712345678"], "nested": {"to": "01812345678"}, "n": 3},
        msg="from 01912345678",
    )
    text = json.dumps(out)
    for number in ("1712345678", "1812345678", "1912345678"):
        assert number not in text
    assert out["msg"] == "from 019****5678"
    assert out["n"] == 3


def test_values_rendered_by_str_are_scrubbed_too() -> None:
    class Opaque:
        def __str__(self) -> str:
            return "key sk_abcdefghijklmnop for 01712345678"

    out = format_record({"obj": Opaque(), "when": datetime(2026, 1, 2, tzinfo=UTC)})
    assert out["obj"] == "key sk_*** for 017****5678"
    assert out["when"].startswith("2026-01-02")


# Issue 23, finding 4: DEBUG is ours alone; the libraries stay quiet unless asked separately ---

LIBRARY_LOGGERS = [
    "pymongo.command",
    "pymongo.connection",
    "pymongo.serverSelection",
    "pymongo.topology",
    "redis.asyncio.connection",
    "aiohttp.client",
    "asyncio",
    "tornado.general",
    "urllib3.connectionpool",
]


@pytest.mark.usefixtures("captured_logs")  # setup_logging("DEBUG") into a buffer, then restored
def test_debug_is_our_loggers_level_and_every_library_stays_at_warning() -> None:
    for name in ("claimsvc.api", "claimsvc.worker.dispatch", "claimsvc.services.sms.intake"):
        assert logging.getLogger(name).isEnabledFor(logging.DEBUG), name
    for name in LIBRARY_LOGGERS:
        logger = logging.getLogger(name)
        assert not logger.isEnabledFor(logging.INFO), name
        assert logger.isEnabledFor(logging.WARNING), name
    assert not logging.getLogger("tornado.access").isEnabledFor(logging.INFO)


def test_a_library_debug_level_is_its_own_setting() -> None:
    root = logging.getLogger()
    saved = (root.handlers[:], root.level, logging.getLogger("claimsvc").level)
    try:
        setup_logging("WARNING", io.StringIO(), library_level="DEBUG")
        assert logging.getLogger("pymongo.command").isEnabledFor(logging.DEBUG)
        assert not logging.getLogger("claimsvc.api").isEnabledFor(logging.INFO)
    finally:
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])
        logging.getLogger("claimsvc").setLevel(saved[2])
        logging.getLogger("sms_ingest").setLevel(saved[2])


# The driver's command log, as pymongo writes it: the document is JSON inside a JSON string.
DRIVER_LINE = (
    '{"message": "Command started", "command": "{\\"insert\\": \\"accounts\\", '
    '\\"documents\\": [{\\"callback_secret\\": \\"cb-\\\\\\"quoted-1\\", '
    '\\"name\\": \\"Shop\\", \\"recovery_hashes\\": [\\"rh-1\\", \\"rh-2\\"], '
    '\\"totp_pending\\": \\"TOTPSECRET234\\", \\"signing_key\\": \\"sig-cut-off'
)


@pytest.mark.parametrize(
    ("line", "hidden", "kept"),
    [
        (DRIVER_LINE, ["cb-", "quoted-1", "rh-1", "rh-2", "TOTPSECRET234", "sig-cut"], ["Shop"]),
        ("{'key_hash': 'abc123', 'name': 'x'}", ["abc123"], ["'name': 'x'"]),
        ('{"password_hash": "$scrypt$n=16384$salt$hash"}', ["scrypt", "salt"], []),
        ("token_hash=0a1b2c3d4e other", ["0a1b2c3d4e"], ["other"]),
        # A portal session's CSRF token, as the driver logs its insert (issue 23 sweep).
        (
            '{\\"csrf\\": \\"Zm9vYmFyYmF6cXV4\\", \\"user_id\\": \\"usr_1\\"}',
            ["Zm9vYmFyYmF6cXV4"],
            ["usr_1"],
        ),
        ("Authorization: Bearer plain-token-123", ["plain-token-123"], ["Authorization"]),
    ],
)
def test_values_of_fields_named_like_secrets_are_masked(line, hidden, kept) -> None:
    out = format_record({}, msg=line)["msg"]
    assert [h for h in hidden if h in out] == []
    assert all(k in out for k in kept), out


def test_a_field_named_like_a_secret_is_hidden_whole() -> None:
    out = format_record({"signing_key": "k-123", "nested": {"totp_secret": ["A", "B"]}, "n": 1})
    assert (out["signing_key"], out["nested"], out["n"]) == ("***", {"totp_secret": "***"}, 1)


def test_a_line_carries_the_request_id_of_its_context() -> None:
    token = request_id.set("ctx-7")
    try:
        assert format_record({})["request_id"] == "ctx-7"
    finally:
        request_id.reset(token)
    assert "request_id" not in format_record({})


# `claimsvc dev`: its banner and everything else it writes from start to drain (issue 14) ------


def test_a_supplied_admin_token_never_appears_in_any_start_up_or_drain_output(tmp_path):
    with dev_stack(tmp_path, CLAIMSVC_ADMIN_TOKEN=SUPPLIED_TOKEN) as stack:
        assert stack.banner_value("admin token") == "from CLAIMSVC_ADMIN_TOKEN (not shown)"
        status, _ = stack.call("GET", "/admin/v1/devices", SUPPLIED_TOKEN)
        assert status in (200, 400)  # the supplied token is the one in force
        assert stack.call("GET", "/admin/v1/devices", "adm_guess")[0] == 401
        # The operator's token is theirs: not written to the dev stack's credentials file either.
        assert "CLAIMSVC_ADMIN_TOKEN" not in stack.credentials()
        assert SUPPLIED_TOKEN not in stack.credentials_file().read_text()
        signing = stack.credential("demo callback secret")
    text = stack.output()
    assert stack.proc.returncode == 0
    assert SUPPLIED_TOKEN not in text
    assert signing not in text


def test_a_generated_admin_token_is_in_the_credentials_file_only_and_is_the_one_in_force(
    tmp_path,
):
    with dev_stack(tmp_path) as stack:
        token = stack.credential("admin token")
        assert token.startswith("adm_")
        assert stack.banner_value("admin token") == (
            f"{token[:12]}… (generated for this run; $CLAIMSVC_ADMIN_TOKEN)"
        )
        assert stack.call("GET", "/admin/v1/devices", token)[0] in (200, 400)
        signing = stack.credential("demo callback secret")
    text = stack.output()
    assert token not in text  # neither the banner nor any log line
    assert signing not in text
