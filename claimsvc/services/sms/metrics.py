"""Prometheus metrics of the SMS core: intake, reading, the balance chain and the queue's worker
(names start with sms_ingest_, the process that serves them; its edges' own are in
`sms_ingest/metrics.py`).

They are kept in a registry of their own, not the default one: every process builds the SMS
core's services (`claimsvc/bootstrap.py`), but only `sms-ingest` exports these, by adding
`REGISTRY` to the default registry its `/metrics` reads (contract §8: the SMS process's metrics
are sms_ingest_*, and only it has them).

Labels are forms, providers, results and outcomes: never device, account or message ids, and
never phone numbers.
"""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry(auto_describe=True)
"""The SMS core's metrics; `sms_ingest.metrics` adds it to the default registry."""

INTAKE_MESSAGES = Counter(
    "sms_ingest_intake_messages_total",
    "Forwarded SMS by body form and outcome (accepted = newly stored, duplicate).",
    ["form", "outcome"],
    registry=REGISTRY,
)

INTAKE_REJECTED = Counter(
    "sms_ingest_intake_rejected_total",
    "Intake requests refused, by reason (unauthorized, bad_signature, bad_body, too_large).",
    ["reason"],
    registry=REGISTRY,
)

INTAKE_GROUP_REQUESTS = Histogram(
    "sms_ingest_intake_group_requests",
    "Intake requests stored together by one group commit (one insert and one gate script).",
    buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256),
    registry=REGISTRY,
)

INTAKE_EVENTS = Counter(
    "sms_ingest_intake_events_total",
    "Forwarder webhook events that carry no SMS (pings).",
    ["form"],
    registry=REGISTRY,
)

MESSAGES = Counter(
    "sms_ingest_messages_total",
    "Processed SMS by provider and parse result (parsed, ignored, unparsed, suspect).",
    ["provider", "result"],
    registry=REGISTRY,
)

NEW_WORDINGS = Counter(
    "sms_ingest_new_wordings_total",
    "Messages of a real sender no rule reads, given their wallet's running balance, by whether "
    "their arithmetic read them (read, not_understood): a rising count means a wallet changed "
    "its wording (docs/sms-wordings.md, section 6).",
    ["provider", "outcome"],
    registry=REGISTRY,
)

BALANCE_CONFIRMATIONS = Counter(
    "sms_ingest_balance_confirmations_total",
    "Transactions confirmed by the running-balance chain.",
    ["provider"],
    registry=REGISTRY,
)

BALANCE_BREAKS = Counter(
    "sms_ingest_balance_breaks_total",
    "Messages that did not chain: held (a gap) or suspect (can never chain).",
    ["provider", "kind"],
    registry=REGISTRY,
)

CLAIMS_FINALISED = Counter(
    "sms_ingest_claims_finalised_total",
    "Pending claims completed by a confirmed transaction.",
    registry=REGISTRY,
)

INTAKE_TO_FINAL = Histogram(
    "sms_ingest_intake_to_final_seconds",
    "From a message being stored by the intake to its effects being stored.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300),
    registry=REGISTRY,
)

PROCESSING_ERRORS = Counter(
    "sms_ingest_processing_errors_total",
    "Messages whose processing raised (retried later).",
    registry=REGISTRY,
)

DEAD_LETTERED = Counter(
    "sms_ingest_dead_lettered_total",
    "Messages given up after too many failed deliveries (kept as unparsed).",
    registry=REGISTRY,
)

STREAM_RECLAIMED = Counter(
    "sms_ingest_stream_reclaimed_total",
    "Stream entries taken over from an idle consumer.",
    registry=REGISTRY,
)

STREAM_REQUEUED = Counter(
    "sms_ingest_stream_requeued_total",
    "Stored messages put back on a stream that had lost them.",
    registry=REGISTRY,
)

STREAM_PENDING = Gauge(
    "sms_ingest_stream_pending_entries",
    "Stream entries delivered to a consumer, not yet acked.",
    registry=REGISTRY,
)

STREAM_LENGTH = Gauge(
    "sms_ingest_stream_length", "Entries on the SMS stream (unacked backlog).", registry=REGISTRY
)

OLDEST_UNPROCESSED = Gauge(
    "sms_ingest_oldest_unprocessed_seconds",
    "Age of the oldest stored message not yet processed (0 when none): the real lag.",
    registry=REGISTRY,
)
