"""Liveness and readiness probes of the API process."""

import asyncio


async def test_healthz_answers_while_the_process_is_up(fetch):
    reply = await fetch("/healthz")
    assert (reply.code, reply.json()) == (200, {"status": "ok"})


async def test_readyz_answers_200_when_mongodb_and_redis_answer(fetch):
    reply = await fetch("/readyz")
    assert (reply.code, reply.json()) == (
        200,
        {"status": "ok", "checks": {"mongodb": True, "redis": True}},
    )


async def test_readyz_answers_503_when_redis_is_broken(fetch, deps, monkeypatch):
    async def broken():
        raise ConnectionError("redis is down")

    monkeypatch.setattr(deps.redis, "ping", broken)
    reply = await fetch("/readyz")
    assert (reply.code, reply.json()) == (
        503,
        {"status": "unavailable", "checks": {"mongodb": True, "redis": False}},
    )
    assert (await fetch("/healthz")).code == 200


async def test_readyz_answers_503_when_mongodb_hangs(fetch, deps, monkeypatch):
    async def hangs(*args, **kwargs):
        await asyncio.sleep(30)

    monkeypatch.setattr(deps.db, "command", hangs)
    reply = await fetch("/readyz")
    assert (reply.code, reply.json()) == (
        503,
        {"status": "unavailable", "checks": {"mongodb": False, "redis": True}},
    )


async def test_readyz_never_shows_the_failure_detail(fetch, deps, monkeypatch):
    async def broken():
        raise ConnectionError("redis://:hunter2@cache refused")

    monkeypatch.setattr(deps.redis, "ping", broken)
    assert b"hunter2" not in (await fetch("/readyz")).body


async def test_answers_carry_no_server_version_banner(fetch):
    for path in ("/healthz", "/api/v1/checkout/initialize", "/nowhere"):
        assert "Server" not in (await fetch(path)).headers


def test_every_process_serves_the_probes_and_only_the_api_its_openapi_document(deps):
    from claimsvc.api.app import make_app
    from claimsvc.worker.main import ops_app
    from sms_ingest.app import build
    from sms_ingest.app import make_app as intake_app

    def paths(app):
        return {rule.matcher.regex.pattern for rule in app.wildcard_router.rules}

    probes = {"/healthz$", "/readyz$", "/metrics$"}
    assert probes | {"/openapi.yaml$"} <= paths(make_app(deps))
    assert paths(ops_app(deps)) == probes
    assert paths(intake_app(deps, build(deps).intake)) == probes | {"/sms/v1/messages$"}
