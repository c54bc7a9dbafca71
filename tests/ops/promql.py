"""PromQL as the ops tests read it: the queries of the dashboards and alerts, and their metrics."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from prometheus_client.parser import text_string_to_metric_families

from tests.ops.kustomize import REPO

DASHBOARDS = REPO / "grafana" / "dashboards"
# Grafana fills these in before Prometheus sees the query.
GRAFANA_MACROS = {"$__rate_interval": "5m", "$__interval": "1m", "$__range": "6h"}

_STRINGS = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')
_MATCHERS = re.compile(r"\{[^}]*\}")
_RANGES = re.compile(r"\[[^\]]*\]")
_GROUPING = re.compile(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)")
_NAME = re.compile(r"(?<![\w:.])([A-Za-z_:][\w:]*)(\s*\()?")
_KEYWORDS = {"and", "or", "unless", "bool", "offset", "inf", "nan", "atan2"}
_JOB = re.compile(r'\bjob\s*=\s*"([^"]+)"')


@dataclass(frozen=True)
class Query:
    """One PromQL expression and where it is used."""

    where: str
    expr: str

    @property
    def concrete(self) -> str:
        """The expression as Prometheus receives it (Grafana macros filled in)."""
        out = self.expr
        for macro, value in GRAFANA_MACROS.items():
            out = out.replace(macro, value)
        return out

    @property
    def metrics(self) -> set[str]:
        return metric_names(self.expr)

    @property
    def jobs(self) -> set[str]:
        """The jobs the query selects by exact match (empty: any process)."""
        return set(_JOB.findall(self.expr))


def metric_names(expr: str) -> set[str]:
    """Series names an expression selects (not functions, keywords, labels or durations)."""
    text = _STRINGS.sub('""', expr)
    text = _MATCHERS.sub("", text)
    text = _RANGES.sub("", text)
    text = _GROUPING.sub("", text)
    names = set()
    for match in _NAME.finditer(text):
        name, call = match.groups()
        if not call and name.lower() not in _KEYWORDS:
            names.add(name)
    return names


def dashboards() -> dict[str, dict[str, Any]]:
    return {p.name: json.loads(p.read_text()) for p in sorted(DASHBOARDS.glob("*.json"))}


def panels(board: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every panel, those inside rows included."""
    for panel in board["panels"]:
        yield panel
        yield from panel.get("panels", [])


def dashboard_queries() -> list[Query]:
    return [
        Query(f"{name} panel {panel['id']} {target['refId']}", target["expr"])
        for name, board in dashboards().items()
        for panel in panels(board)
        for target in panel.get("targets", [])
    ]


def alert_queries(groups: list[dict[str, Any]]) -> list[Query]:
    return [Query(f"alert {r['alert']}", r["expr"]) for g in groups for r in g["rules"]]


def exported_names(exposition: str) -> set[str]:
    """Every series name a /metrics page can produce, from its HELP and TYPE lines too.

    A labelled metric that has not been used yet has no samples, only its declaration; the
    series names follow from its type.
    """
    suffixes = {
        "counter": ("_total", "_created"),
        "gauge": ("",),
        "histogram": ("_bucket", "_sum", "_count", "_created"),
        "summary": ("", "_sum", "_count", "_created"),
        "info": ("_info",),
        "untyped": ("",),
    }
    names = set()
    for family in text_string_to_metric_families(exposition):
        names |= {family.name + s for s in suffixes.get(family.type, ("",))}
        names |= {sample.name for sample in family.samples}
    return names


def sample_values(exposition: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """(series name, labels) -> value, for comparing two scrapes."""
    return {
        (s.name, frozenset(s.labels.items())): s.value
        for family in text_string_to_metric_families(exposition)
        for s in family.samples
    }


def provisioning() -> dict[str, Any]:
    import yaml

    base = REPO / "grafana" / "provisioning"
    return {p.name: yaml.safe_load(p.read_text()) for p in sorted(Path(base).glob("*.yaml"))}
