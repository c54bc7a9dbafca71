"""Each SDK's own test runner (pytest, plain php, node --test) against the real service: the
processes of `claimsvc dev` on free ports, fresh accounts per language, a test CA for the
webhook receivers each runner starts."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.sdk.live_stack import SDK, LiveStack, tool

pytestmark = pytest.mark.e2e

RUNNER_TIMEOUT_S = 100


def run(stack: LiveStack, language: str, cmd: list[str], **env: str) -> str:
    """Runs one SDK's test runner in its folder against the stack; its output, or a failure
    that shows it."""
    environ = {
        **os.environ,
        "CLAIMSVC_SDK_LIVE": stack.settings_for(language),
        "CLAIMSVC_SDK_LIVE_REQUIRED": "1",
        **env,
    }
    done = subprocess.run(
        cmd,
        cwd=SDK / language,
        env=environ,
        capture_output=True,
        text=True,
        timeout=RUNNER_TIMEOUT_S,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(cmd)} failed ({done.returncode}):\n{output}"
    return output


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
# The live tests of the calls issue 31 adds to the service (PHPUnit group issue-31-service): run
# once the service serves them, left out on a tree whose service predates them.
ISSUE_31_SERVICE = any(
    "/api/v1/webhook-events" in path.read_text("utf-8")
    for path in (ROOT / "claimsvc" / "api").rglob("*.py")
)


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
    groups = [] if ISSUE_31_SERVICE else ["--exclude-group", "issue-31-service"]
    output = run(stack, "php", [*php, phpunit, "--do-not-cache-result", *groups])
    # "OK (N tests" only when nothing failed, was skipped or was risky.
    assert "\nOK (" in output, output


def test_the_js_sdk_passes_its_own_tests_against_the_service(stack: LiveStack) -> None:
    output = run(stack, "js", [tool("node", "ensure_node.py"), "--test", "test/"])
    assert "# fail 0" in output and "# skipped 0" in output
