"""The PrometheusRule alerts: valid for promtool, each unit-tested with `promtool test rules`."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from tests.ops import promtool


def test_rule_groups_pass_promtool_check(tmp_path: Path) -> None:
    rules = promtool.write_rules(tmp_path)
    result = promtool.run("check", "rules", str(rules), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    count = sum(len(g["rules"]) for g in promtool.rule_groups())
    assert f"SUCCESS: {count} rules found" in result.stdout


def test_promtool_check_catches_a_broken_expression(tmp_path: Path) -> None:
    broken = [{"name": "broken", "rules": [{"alert": "Broken", "expr": "sum(rate(x[5m])"}]}]
    rules = promtool.write_rules(tmp_path, broken)
    assert promtool.run("check", "rules", str(rules), cwd=tmp_path).returncode != 0


def test_alert_unit_tests_pass(tmp_path: Path) -> None:
    promtool.write_rules(tmp_path)
    files = sorted(promtool.UNIT_TESTS.glob("*.yaml"))
    for source in files:
        shutil.copy(source, tmp_path / source.name)
    result = promtool.run("test", "rules", *(f.name for f in files), cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_alert_has_a_unit_test_that_fires_it() -> None:
    alerts = {r["alert"] for g in promtool.rule_groups() for r in g["rules"] if "alert" in r}
    fired = set()
    for path in promtool.UNIT_TESTS.glob("*.yaml"):
        doc = yaml.safe_load(path.read_text())
        assert doc["rule_files"] == [promtool.RULES_FILE]
        for test in doc["tests"]:
            for case in test.get("alert_rule_test", []):
                if case.get("exp_alerts"):
                    fired.add(case["alertname"])
    assert alerts - fired == set()
