"""Fixtures of the operations tests: the SMS and webhook fixtures, reused, and log capture."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from claimsvc.logs import OWN_LOGGERS, setup_logging

# The scenario runs every process in-process, so it reuses the fixtures the SMS and worker tests
# already keep working: the intake app and its consumer, and a real HTTPS webhook receiver.
from tests.sms.conftest import drain, make_device, post_sms, sms, sms_server  # noqa: F401
from tests.worker.conftest import ca, ca_file, receiver, server_ssl  # noqa: F401


@pytest.fixture
def captured_logs() -> Iterator[io.StringIO]:
    """Every log line of the test, as the processes write them (JSON), in a buffer."""
    root = logging.getLogger()
    named = [logging.getLogger(n) for n in ("tornado.access", *OWN_LOGGERS)]
    saved_handlers, saved_levels = root.handlers[:], [x.level for x in (root, *named)]
    stream = io.StringIO()
    setup_logging("DEBUG", stream)
    try:
        yield stream
    finally:
        root.handlers[:] = saved_handlers
        for logger, level in zip((root, *named), saved_levels, strict=True):
            logger.setLevel(level)
