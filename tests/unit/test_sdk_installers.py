"""tools/ensure_php.py and tools/ensure_node.py: nothing to do when the runtime is there; under
CI=true a runtime still missing after the install attempt fails `make test`."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import ensure_node
import ensure_php


def no_install(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[list[str]]:
    """Records install calls instead of running apt-get; each reports success."""
    calls: list[list[str]] = []
    monkeypatch.setattr(module, "install", lambda tool, pkgs, advice: calls.append(pkgs) or 0)
    return calls


@pytest.mark.parametrize("ci", ["true", ""])
def test_php_missing_after_install_fails_only_under_ci(
    monkeypatch: pytest.MonkeyPatch, ci: str
) -> None:
    calls = no_install(monkeypatch, ensure_php)
    monkeypatch.setattr(ensure_php, "missing", lambda: None)
    monkeypatch.setenv("CI", ci)
    assert ensure_php.main() == (1 if ci else 0)
    assert calls == [ensure_php.PACKAGES]


def test_php_without_the_curl_extension_or_mariadb_is_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = no_install(monkeypatch, ensure_php)
    answers = iter([{"curl", "mariadbd"}, set()])
    monkeypatch.setattr(ensure_php, "missing", lambda: next(answers))
    monkeypatch.setenv("CI", "true")
    assert ensure_php.main() == 0 and calls == [ensure_php.PACKAGES]


def test_php_present_installs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = no_install(monkeypatch, ensure_php)
    monkeypatch.setattr(ensure_php, "missing", lambda: set())
    assert ensure_php.main() == 0 and calls == []


def test_php_installs_phpunit_and_composer_with_the_runtime() -> None:
    # The PHP SDK's suite runs under Debian's phpunit; its packaging test builds the Composer
    # archive with Debian's composer (tests/sdk/test_php_package.py).
    assert {"php-cli", "php-curl", "phpunit", "composer"} <= set(ensure_php.PACKAGES)
    assert {"phpunit", "composer"} <= set(ensure_php.PROGRAMS)


def test_php_without_phpunit_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = no_install(monkeypatch, ensure_php)
    monkeypatch.setattr(
        ensure_php.shutil, "which", lambda name: None if name == "phpunit" else f"/usr/bin/{name}"
    )
    monkeypatch.setattr(
        ensure_php.subprocess,
        "run",
        lambda *a, **k: type("Done", (), {"stdout": "\n".join(ensure_php.EXTENSIONS)})(),
    )
    assert ensure_php.missing() == {"phpunit"}
    answers = iter([{"phpunit"}, set()])
    monkeypatch.setattr(ensure_php, "missing", lambda: next(answers))
    assert ensure_php.main() == 0 and calls == [ensure_php.PACKAGES]


@pytest.mark.parametrize(
    ("major", "ci", "status"), [(None, "true", 1), (16, "true", 1), (16, "", 0)]
)
def test_node_missing_or_old_fails_under_ci(
    monkeypatch: pytest.MonkeyPatch, major: int | None, ci: str, status: int
) -> None:
    calls = no_install(monkeypatch, ensure_node)
    monkeypatch.setattr(ensure_node, "node_major", lambda: major)
    monkeypatch.setenv("CI", ci)
    assert ensure_node.main() == status and calls == [["nodejs"]]


def test_node_18_or_later_installs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = no_install(monkeypatch, ensure_node)
    monkeypatch.setattr(ensure_node, "node_major", lambda: 20)
    assert ensure_node.main() == 0 and calls == []
