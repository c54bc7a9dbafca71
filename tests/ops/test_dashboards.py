"""Grafana dashboards and alert rules ask only for metrics the processes really export."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import yaml
from tornado.httpclient import AsyncHTTPClient
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from tests.conftest import make_settings
from tests.ops import promtool
from tests.ops.processes import PROCESSES, http_get, started
from tests.ops.promql import (
    DASHBOARDS,
    Query,
    alert_queries,
    dashboard_queries,
    dashboards,
    exported_names,
    metric_names,
    panels,
    provisioning,
    sample_values,
)
from tests.ops.scenario import Scenario, run

# Series no claimsvc process exports, and who does.
EXTERNAL = {
    "up": "Prometheus, for every scrape target",
    "kube_deployment_spec_replicas": "kube-state-metrics",
    "kube_deployment_status_replicas_available": "kube-state-metrics",
}

# The counters the scenario must move: (series, labels that must match) -> what it stands for.
MAIN_COUNTERS = [
    ("claimsvc_http_requests_total", {"route": "initialize", "status": "201"}),
    ("claimsvc_http_request_duration_seconds_count", {"route": "submit"}),
    ("claimsvc_sessions_created_total", {}),
    ("claimsvc_sessions_ended_total", {"status": "COMPLETED"}),
    ("claimsvc_sessions_ended_total", {"status": "CANCELLED"}),
    ("claimsvc_sessions_ended_total", {"status": "EXPIRED"}),
    ("claimsvc_claim_outcomes_total", {"outcome": "COMPLETED"}),
    ("claimsvc_claim_outcomes_total", {"outcome": "VERIFICATION_FAILED"}),
    ("claimsvc_rate_limited_total", {}),
    ("claimsvc_daily_limit_rejections_total", {"scope": "vendor"}),
    ("claimsvc_webhook_events_recorded_total", {}),
    ("claimsvc_webhook_attempts_total", {"outcome": "delivered"}),
    ("claimsvc_webhook_attempts_total", {"outcome": "http_error"}),
    ("claimsvc_webhook_events_ended_total", {"status": "delivered"}),
    ("claimsvc_webhook_events_ended_total", {"status": "stopped"}),
    ("claimsvc_webhook_schedule_lag_seconds_count", {}),
    ("claimsvc_webhook_delivery_seconds_count", {}),
    ("sms_ingest_http_requests_total", {"route": "sms_messages", "status": "202"}),
    ("sms_ingest_intake_messages_total", {"outcome": "accepted"}),
    ("sms_ingest_intake_messages_total", {"outcome": "duplicate"}),
    ("sms_ingest_messages_total", {"provider": "bkash", "result": "parsed"}),
    ("sms_ingest_messages_total", {"result": "unparsed"}),
    ("sms_ingest_balance_confirmations_total", {"provider": "bkash"}),
    ("sms_ingest_balance_breaks_total", {"provider": "bkash"}),
    ("sms_ingest_intake_to_final_seconds_count", {}),
]


def every_query() -> list[Query]:
    return dashboard_queries() + alert_queries(promtool.rule_groups())


def total(values: dict, name: str, labels: dict[str, str]) -> float:
    return sum(v for (n, ls), v in values.items() if n == name and set(labels.items()) <= set(ls))


@pytest.fixture
def settings(ca_file):
    return make_settings(webhook_allow_private=True, webhook_ca_file=ca_file)


async def get(url: str) -> str:
    reply = await AsyncHTTPClient().fetch(url, raise_error=True)
    return reply.body.decode()


@pytest.fixture
async def scraped(fetch, post_sms, sms_server, deps, receiver, clock, drain, sms) -> AsyncIterator:
    """The three apps' /metrics before and after the scenario: (before, after pages)."""
    before = (await fetch("/metrics")).body.decode()
    outcome = await run(Scenario(fetch, post_sms, deps, receiver, clock), drain, sms)
    ((ops_app, _),) = outcome.worker.servers
    sock, port = bind_unused_port()
    worker_http = HTTPServer(ops_app)
    worker_http.add_sockets([sock])
    pages = [
        (await fetch("/metrics")).body.decode(),
        await get(f"{sms_server}/metrics"),
        await get(f"http://127.0.0.1:{port}/metrics"),
    ]
    yield before, pages
    worker_http.stop()
    await worker_http.close_all_connections()


@pytest.mark.timeout(180)
async def test_the_scenario_exports_every_metric_asked_for_and_moves_the_main_counters(
    scraped,
) -> None:
    """One run of the scenario for both checks (each ran its own: issue 35's suite budget)."""
    before_page, pages = scraped
    exported = set().union(*(exported_names(page) for page in pages))
    missing = {
        (q.where, name)
        for q in every_query()
        for name in q.metrics
        if name not in exported and name not in EXTERNAL
    }
    assert missing == set()
    before, after = sample_values(before_page), sample_values(pages[0])
    still = [
        (name, labels)
        for name, labels in MAIN_COUNTERS
        if total(after, name, labels) <= total(before, name, labels)
    ]
    assert still == []
    assert total(after, "sms_ingest_devices_active", {}) >= 1
    assert total(after, "claimsvc_webhook_events", {"status": "stopped"}) >= 1


@pytest.mark.e2e
@pytest.mark.timeout(180)
def test_each_process_exports_what_the_queries_naming_its_job_ask_for(tmp_path: Path) -> None:
    exported = {}
    for job in PROCESSES:
        with started(job, tmp_path) as (_, port):
            page = http_get(port, "/metrics").partition(b"\r\n\r\n")[2].decode()
        exported[job] = exported_names(page)
    everywhere = set().union(*exported.values())
    for q in every_query():
        for name in q.metrics - EXTERNAL.keys():
            assert name in everywhere, (q.where, name)
            for job in q.jobs & exported.keys():
                assert name in exported[job], (q.where, job, name)
    # Contract §8: the SMS process's own metrics are sms_ingest_*, and only it has them.
    for job, names in exported.items():
        assert any(n.startswith("sms_ingest_") for n in names) == (job == "claimsvc-sms-ingest")


def test_the_main_counters_are_on_a_dashboard() -> None:
    shown = set().union(*(q.metrics for q in dashboard_queries()))
    for name, _ in MAIN_COUNTERS:
        assert name in shown or name.removesuffix("_count") + "_bucket" in shown, name


def test_every_query_parses(tmp_path: Path) -> None:
    queries = every_query()
    rules = [{"record": f"check:query_{i}", "expr": q.concrete} for i, q in enumerate(queries)]
    path = tmp_path / "queries.yaml"
    path.write_text(yaml.safe_dump({"groups": [{"name": "queries", "rules": rules}]}))
    result = promtool.run("check", "rules", str(path), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_queries_use_no_grafana_variable_but_the_known_macros() -> None:
    for q in dashboard_queries():
        assert "$" not in q.concrete, q.where


def test_panel_ids_are_unique_and_every_panel_queries_the_chosen_data_source() -> None:
    uids = set()
    for name, board in dashboards().items():
        assert board["uid"] not in uids
        uids.add(board["uid"])
        ids = [p["id"] for p in panels(board)]
        assert len(ids) == len(set(ids)), name
        (variable,) = board["templating"]["list"]
        assert (variable["name"], variable["type"]) == ("datasource", "datasource")
        for panel in panels(board):
            pos = panel["gridPos"]
            assert pos["x"] + pos["w"] <= 24, (name, panel["id"])
            if panel["type"] == "row":
                continue
            assert panel["title"] and panel["description"], (name, panel["id"])
            assert panel["datasource"] == {"type": "prometheus", "uid": "${datasource}"}
            refs = [t["refId"] for t in panel["targets"]]
            assert refs and len(refs) == len(set(refs)), (name, panel["id"])


def test_the_three_dashboards_cover_what_operators_watch() -> None:
    boards = {name: set() for name in dashboards()}
    for q in dashboard_queries():
        boards[q.where.split()[0]] |= q.metrics
    assert boards.keys() == {"merchant-api.json", "webhooks.json", "sms-ingest.json"}
    assert {
        "claimsvc_http_requests_total",
        "claimsvc_http_request_duration_seconds_bucket",
        "claimsvc_claim_outcomes_total",
        "claimsvc_rate_limited_total",
        "claimsvc_daily_limit_rejections_total",
    } <= boards["merchant-api.json"]
    assert {
        "claimsvc_webhook_attempts_total",
        "claimsvc_webhook_schedule_lag_seconds_bucket",
        "claimsvc_webhook_queue_depth",
        "claimsvc_webhook_events",
    } <= boards["webhooks.json"]
    assert {
        "sms_ingest_messages_total",
        "sms_ingest_balance_breaks_total",
        "sms_ingest_claims_finalised_total",
        "sms_ingest_oldest_unprocessed_seconds",
        "sms_ingest_stream_pending_entries",
    } <= boards["sms-ingest.json"]


def test_provisioning_loads_the_dashboards_folder_and_a_prometheus_source() -> None:
    files = provisioning()
    (provider,) = files["dashboards.yaml"]["providers"]
    assert files["dashboards.yaml"]["apiVersion"] == 1
    assert provider["type"] == "file" and provider["options"]["path"]
    (source,) = files["datasources.yaml"]["datasources"]
    assert source["type"] == "prometheus" and source["url"].startswith("http")
    assert sorted(p.name for p in DASHBOARDS.glob("*.json")) == sorted(dashboards())


@pytest.mark.parametrize(
    ("expr", "names"),
    [
        ('sum by (route) (rate(a_total{job="x", route!~"b|c"}[5m]))', {"a_total"}),
        ("histogram_quantile(0.99, sum by (le) (rate(h_bucket[$__rate_interval])))", {"h_bucket"}),
        ("max(g) > 100", {"g"}),
        ('absent(up{job="w"} == 1)', {"up"}),
        ('(sum(rate(m{r="u"}[30m])) / sum(rate(m[30m]))) > 0.1\nand sum(n) >= 5', {"m", "n"}),
        ("x - y offset 5m unless on (a) z", {"x", "y", "z"}),
    ],
)
def test_metric_names_are_read_from_queries(expr: str, names: set[str]) -> None:
    assert metric_names(expr) == names
