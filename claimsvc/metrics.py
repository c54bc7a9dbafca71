"""Prometheus metrics of the API and worker processes (names start with claimsvc_).

Labels are route names, codes and outcomes: never ids, keys or phone numbers.
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

HTTP_REQUESTS = Counter(
    "claimsvc_http_requests_total",
    "HTTP requests by route and status.",
    ["route", "method", "status"],
)
HTTP_LATENCY = Histogram(
    "claimsvc_http_request_duration_seconds",
    "HTTP request latency by route.",
    ["route", "method"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
RATE_LIMITED = Counter(
    "claimsvc_rate_limited_total", "Requests refused by a per-minute rate limit.", ["scope"]
)
DAILY_LIMIT_REJECTIONS = Counter(
    "claimsvc_daily_limit_rejections_total", "Initializes refused by a daily limit.", ["scope"]
)
SESSIONS_CREATED = Counter("claimsvc_sessions_created_total", "Checkout sessions created.")
