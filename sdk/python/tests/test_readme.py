"""The README's error table is the error table the service answers (error-cases.json): every
code with the type this library raises, and no code the table does not have."""

from __future__ import annotations

import json
import re
from pathlib import Path

import claimsvc_sdk
from claimsvc_sdk.errors import error_from_response
from support import shared

README = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
ROW = re.compile(r"^\| `([A-Z_<>a-z]+)` \| (.+?) \| (.+?) \|$", re.M)


def _readme_rows() -> dict[str, set[str]]:
    rows: dict[str, set[str]] = {}
    errors = README.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    for code, types, _ in ROW.findall(errors):
        rows.setdefault(code, set()).update(re.findall(r"`(\w+)`", types))
    return rows


def test_the_readmes_error_table_names_what_the_library_raises_for_the_shared_table() -> None:
    want: dict[str, set[str]] = {}
    for case in shared("error-cases.json")["cases"]:
        code = "HTTP_<status>" if case["code"].startswith("HTTP_") else case["code"]
        raw = b"" if case["body"] is None else json.dumps(case["body"]).encode()
        raised = error_from_response(case["status"], raw, case.get("headers", {}))
        want.setdefault(code, set()).add(type(raised).__name__)
    assert _readme_rows() == want


def test_every_type_the_readme_names_exists() -> None:
    for types in _readme_rows().values():
        for name in types:
            assert issubclass(getattr(claimsvc_sdk, name), claimsvc_sdk.ApiError)


def test_the_readme_has_no_link_the_registry_would_break() -> None:
    targets = re.findall(r"\]\(([^)]+)\)", README)
    assert targets and all(t.startswith("https://") for t in targets), targets


def test_every_python_example_of_the_readme_is_valid_python() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, re.S)
    assert len(blocks) >= 8
    for block in blocks:
        compile(block, "README.md", "exec")
