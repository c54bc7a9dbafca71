"""Each SDK's own test runner (pytest, plain php, node --test) against the real service: the
processes of `claimsvc dev` on free ports, fresh accounts per language, a test CA for the
webhook receivers each runner starts."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.sdk.commands import finished
from tests.sdk.js_package import checked, pack_and_install
from tests.sdk.live_stack import SDK, LiveStack, tool

pytestmark = pytest.mark.e2e

RUNNER_TIMEOUT_S = 100


def run(stack: LiveStack, language: str, cmd: list[str], **env: str) -> str:
    """Runs one SDK's test runner in its folder against the stack; its output, or a failure
    that shows it."""
    live = {"CLAIMSVC_SDK_LIVE": stack.settings_for(language), "CLAIMSVC_SDK_LIVE_REQUIRED": "1"}
    done = finished(cmd, SDK / language, {**os.environ, **live, **env}, RUNNER_TIMEOUT_S)
    return done.stdout + done.stderr


def test_the_python_sdk_passes_its_own_tests_against_the_service(stack: LiveStack) -> None:
    # Only pytest itself: the project's plugins (asyncio, timeout, ...) are not the SDK's.
    output = run(
        stack,
        "python",
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs"],
        PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",
    )
    assert " passed" in output and "skipped" not in output


ROOT = SDK.parent


@pytest.mark.parametrize(
    "precision",
    ["-1", "17"],
    ids=["serialize_precision=-1", "serialize_precision=17"],
)
def test_the_php_sdk_passes_its_own_tests_against_the_service(
    stack: LiveStack, precision: str
) -> None:
    # 17 is what many shared hosts' php.ini still sets (PHP before 7.1 shipped it): amounts
    # read from an answer or a webhook must come out exact all the same (issue 30).
    php = [tool("php", "ensure_php.py"), "-d", f"serialize_precision={precision}"]
    phpunit = tool("phpunit", "ensure_php.py")
    output = run(stack, "php", [*php, phpunit, "--do-not-cache-result"])
    # "OK (N tests" only when nothing failed, was skipped or was risky.
    assert "\nOK (" in output, output


def test_the_js_sdk_passes_its_own_tests_against_the_service(
    stack: LiveStack, tmp_path: Path
) -> None:
    # From the packed tarball, installed into a fresh `npm init` project (CommonJS), as a shop
    # would have it: the suite's live tests use the package by name, never the source tree.
    installed = pack_and_install(tmp_path)
    env = {"CLAIMSVC_SDK_LIVE": stack.settings_for("js"), "CLAIMSVC_SDK_LIVE_REQUIRED": "1"}
    output = checked([installed.node, "--test", "test/"], installed.project, **env)
    assert "# fail 0" in output and "# skipped 0" in output
