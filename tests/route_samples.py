"""A sample path for any route of the application, and hostile variants of it: what the route
sweeps (tests/portal/test_every_route.py, tests/api/test_fuzz_endpoints.py) request."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tornado.routing import URLSpec

CANDIDATES = ("nothing_here", "usr_" + "0" * 24, "999999", "A" * 32, "role", "favicon.ico")
"""Values tried for each part of a route's path, in order: the first its pattern takes is used
(ids that exist nowhere; `role` for the team's actions)."""

HOSTILE = ("%00", "%0d%0aSet-Cookie:%20x=1", "%ff", "%1b%5b31m", "%e2%80%ae", "%c0%af")
"""Encoded control characters, bytes that are not UTF-8, a bidi override, an overlong slash."""
HOSTILE_QUERY = ("lang", "mode", "next", "cursor", "status", "account_id", "message")
"""Query arguments the pages and lists read (a hostile value is sent in each at once)."""


def sample(group: str) -> str:
    found = [c for c in CANDIDATES if re.fullmatch(group, c)]
    assert found, f"add a candidate that {group} takes"
    return found[0]


def groups_of(rule: URLSpec) -> list[str]:
    return re.findall(r"\((?:[^()]|\([^()]*\))*\)", rule.regex.pattern)


def sample_path(rule: URLSpec) -> str:
    """The rule's path with every group replaced by its sample."""
    path = rule.regex.pattern.removesuffix("$")
    for group in groups_of(rule):
        path = path.replace(group, sample(group), 1)
    return path.replace("\\", "").removesuffix("/?")


def hostile_paths(rule: URLSpec, keep: int = 0) -> Iterator[str]:
    """The sample path with each segment (past the first `keep`) in turn replaced by each
    hostile value, then with a hostile value in each query argument and after a trailing
    slash."""
    segments = sample_path(rule).split("/")
    for i in range(1 + keep, len(segments)):
        for value in HOSTILE:
            yield "/".join([*segments[:i], value, *segments[i + 1 :]])
    for value in HOSTILE:
        query = "&".join(f"{name}={value}" for name in HOSTILE_QUERY)
        yield f"{sample_path(rule)}?{query}"
        yield f"{sample_path(rule)}/{value}/"
