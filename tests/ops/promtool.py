"""promtool for the tests: on PATH (required in CI), fed the groups of our PrometheusRule."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.ops.kustomize import K8S, REPO

RULES_CR = K8S / "base" / "prometheus-rules.yaml"
UNIT_TESTS = REPO / "tests" / "ops" / "promtool"
RULES_FILE = "rules.yaml"  # the name every unit test file lists under rule_files


def promtool() -> str:
    """The promtool binary; skip when absent, except in CI where its absence is a failure."""
    exe = shutil.which("promtool")
    if exe:
        return exe
    reason = "promtool is not installed (apt-get install --no-install-recommends prometheus)"
    if os.environ.get("CI") == "true":
        pytest.fail(reason + " and CI=true requires it")
    pytest.skip(reason)


def version() -> str:
    exe = shutil.which("promtool")
    if not exe:
        return "none"
    out = subprocess.run([exe, "--version"], capture_output=True, text=True, check=False)
    return (out.stdout or out.stderr).splitlines()[0]


def rule_groups() -> list[dict[str, Any]]:
    """The `groups` of the PrometheusRule custom resource: a plain Prometheus rule file's body."""
    return yaml.safe_load(RULES_CR.read_text())["spec"]["groups"]


def write_rules(directory: Path, groups: list[dict[str, Any]] | None = None) -> Path:
    path = directory / RULES_FILE
    path.write_text(yaml.safe_dump({"groups": rule_groups() if groups is None else groups}))
    return path


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([promtool(), *args], cwd=cwd, capture_output=True, text=True, check=False)
