"""One real service for every SDK test module (starting it is most of their setup time)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.sdk.live_stack import LiveStack, live_stack


@pytest.fixture(scope="session")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveStack]:
    with live_stack(tmp_path_factory.mktemp("sdk-stack")) as made:
        yield made
