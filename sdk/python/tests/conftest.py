"""Fixtures of the live tests: the running service (CLAIMSVC_SDK_LIVE) and a webhook receiver."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support import Live, Receiver, live_settings


@pytest.fixture(scope="session")
def live() -> Live:
    return Live(live_settings())


@pytest.fixture(scope="session")
def receiver(live: Live) -> Iterator[Receiver]:
    made = Receiver(live.s)
    yield made
    made.close()
