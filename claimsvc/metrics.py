"""Prometheus metrics of the API and worker processes (names start with claimsvc_).

Labels are route names, codes and outcomes: never ids, keys or phone numbers.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

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

# Webhook delivery (worker) -------------------------------------------------------------------

WEBHOOK_ATTEMPTS = Counter(
    "claimsvc_webhook_attempts_total",
    "Webhook delivery attempts by outcome (delivered, http_error, timeout, connection_error, "
    "address_refused, host_refused).",
    ["outcome"],
)
WEBHOOK_DELIVERY_SECONDS = Histogram(
    "claimsvc_webhook_delivery_seconds",
    "Latency of one webhook attempt, request sent to reply read.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
WEBHOOK_SCHEDULE_LAG = Histogram(
    "claimsvc_webhook_schedule_lag_seconds",
    "Time from an attempt falling due to the worker starting it.",
    buckets=(0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300),
)
WEBHOOK_QUEUE_DEPTH = Gauge(
    "claimsvc_webhook_queue_depth", "Webhook events waiting in the schedule (due now or later)."
)
WEBHOOK_DUE = Gauge("claimsvc_webhook_due", "Webhook events due now and not yet taken.")
WEBHOOK_IN_FLIGHT = Gauge(
    "claimsvc_webhook_in_flight", "Webhook attempts this process is running right now."
)
WEBHOOK_EVENTS = Gauge(
    "claimsvc_webhook_events",
    "Webhook events by delivery status (refreshed periodically).",
    ["status"],
)
WEBHOOK_ENDED = Counter(
    "claimsvc_webhook_events_ended_total",
    "Webhook events that left the queue, by the state they reached (delivered, dead, stopped).",
    ["status"],
)
WEBHOOK_OLDEST_UNDELIVERED = Gauge(
    "claimsvc_webhook_oldest_undelivered_age_seconds",
    "Age of the oldest queued webhook event (0 when none is queued).",
)
WEBHOOK_RESTORED = Counter(
    "claimsvc_webhook_restored_total",
    "Queued webhook events the reconciler found missing from the schedule and put back.",
)
CLAIM_OUTCOMES = Counter(
    "claimsvc_claim_outcomes_total",
    "Claims (verify and submit) by outcome: COMPLETED or the claim error code.",
    ["outcome"],
)
ARRIVAL_CHECKS = Counter(
    "claimsvc_arrival_checks_total",
    "The hosted page's checks whether a claimed TrxID's SMS has arrived, by answer (wait, submit, "
    "switch).",
    ["answer"],
)
SESSIONS_ENDED = Counter(
    "claimsvc_sessions_ended_total", "Sessions that reached a terminal state.", ["status"]
)
WEBHOOK_EVENTS_RECORDED = Counter(
    "claimsvc_webhook_events_recorded_total", "Webhook events written to the outbox."
)
OUTBOX_REPAIRS = Counter(
    "claimsvc_outbox_repairs_total",
    "Owed sessions the outbox relay found already holding their event (a relay died after"
    " writing it, or two relays raced).",
)
SESSIONS_SWEPT = Counter(
    "claimsvc_sessions_swept_total", "Overdue sessions the sweeper moved to EXPIRED."
)

# Merchant alerts (worker) --------------------------------------------------------------------

ALERTS_RECORDED = Counter(
    "claimsvc_alerts_recorded_total",
    "Alerts written, once per cause (before any channel), by kind.",
    ["kind"],
)
ALERTS_SENT = Counter(
    "claimsvc_alerts_sent_total",
    "Alerts delivered to a channel, by channel kind and kind of alert.",
    ["channel", "kind"],
)
ALERTS_GROUPED = Counter(
    "claimsvc_alerts_grouped_total",
    "Alerts that went in a message listing another alert of their kind (the messages saved).",
    ["channel", "kind"],
)
ALERTS_FAILED = Counter(
    "claimsvc_alert_send_failures_total",
    "Alerts whose send attempt failed, by channel kind and reason (rate_limited, refused,"
    " http_error, network, off: the operator turned the channel kind off), and kind of alert.",
    ["channel", "reason", "kind"],
)
ALERT_CHANNELS_BROKEN = Counter(
    "claimsvc_alert_channels_broken_total",
    "Channels marked broken after failing again and again (or being refused).",
    ["channel"],
)
ALERT_PRESSES = Counter(
    "claimsvc_alert_button_presses_total",
    "Confirm and Not received buttons pressed in Telegram, by result (confirmed, rejected,"
    " used, refused, failed).",
    ["result"],
)
