"""Prometheus metrics of the SMS ingest process's edges: its HTTP intake and device health (names
start with sms_ingest_; the SMS core's own are in `claimsvc/services/sms/metrics.py`).

Labels are forms, providers, results and outcomes: never device, account or message ids, and
never phone numbers. Device health is therefore a count of silent devices per threshold; which
devices are silent is in the admin API (`GET /admin/v1/devices`, `last_seen_at`).
"""

from __future__ import annotations

from prometheus_client import REGISTRY, Counter, Gauge, Histogram

from claimsvc.services.sms import metrics as core

# The SMS core's metrics are this process's: exported with its own (only here, contract §8).
REGISTRY.register(core.REGISTRY)

HTTP_REQUESTS = Counter(
    "sms_ingest_http_requests_total",
    "Intake HTTP requests by route and status.",
    ["route", "method", "status"],
)

HTTP_LATENCY = Histogram(
    "sms_ingest_http_request_duration_seconds",
    "Intake HTTP latency by route.",
    ["route", "method"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)

DEVICES_ACTIVE = Gauge("sms_ingest_devices_active", "Devices registered and not revoked.")

DEVICES_SILENT = Gauge(
    "sms_ingest_devices_silent",
    "Active devices not heard from for longer than `over` (alert when above 0).",
    ["over"],
)
