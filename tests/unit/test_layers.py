"""The import rules of the layers, read from the source (an import-linter written as a test).

Data flows handler -> service -> domain + store: the domain imports no I/O layer, stores know
nothing of HTTP or use-cases, services nothing of HTTP or background loops, and `claimsvc`
never imports `sms_ingest` (which may import `claimsvc`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]

# (the layer's package, what it may not import)
RULES = [
    (
        "claimsvc.domain",
        (
            "claimsvc.store",
            "claimsvc.services",
            "claimsvc.api",
            "claimsvc.worker",
            "claimsvc.clients",
        ),
    ),
    ("claimsvc.store", ("claimsvc.api", "claimsvc.services")),
    ("claimsvc.services", ("claimsvc.api", "claimsvc.worker")),
    ("claimsvc", ("sms_ingest",)),
    ("claimsvc.bootstrap", ("claimsvc.api", "claimsvc.worker")),
]


def modules(name: str) -> list[Path]:
    """The source files of a package, or the one file of a module."""
    path = ROOT / name.replace(".", "/")
    return (
        [path.with_suffix(".py")]
        if path.with_suffix(".py").exists()
        else sorted(path.rglob("*.py"))
    )


def imported(path: Path, root: Path = ROOT) -> set[str]:
    """Every module `path` imports (absolute or relative), including its `from` targets."""
    tree = ast.parse(path.read_text(), str(path))
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def breaks(name: str, forbidden: tuple[str, ...]) -> bool:
    return any(name == f or name.startswith(f + ".") for f in forbidden)


@pytest.mark.parametrize(("layer", "forbidden"), RULES, ids=[layer for layer, _ in RULES])
def test_each_layer_keeps_to_its_imports(layer, forbidden):
    found = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in modules(layer)
        for name in sorted(imported(path))
        if breaks(name, forbidden)
    ]
    assert found == []


def test_the_rule_reader_sees_every_form_of_import(tmp_path):
    source = tmp_path / "claimsvc" / "domain" / "probe.py"
    source.parent.mkdir(parents=True)
    source.write_text(
        "import claimsvc.api.base\nfrom claimsvc.store import paging\nfrom ..worker import x\n"
    )
    names = imported(source, tmp_path)
    assert {"claimsvc.api.base", "claimsvc.store.paging", "claimsvc.worker.x"} <= names
    assert [n for n in names if breaks(n, RULES[0][1])] != []


def test_only_the_client_address_rule_reads_the_socket_peer():
    """Every per-address limit and record takes the client's address from
    `BaseHandler.client_address` (domain/client_address.py, trusted proxy hops), never from
    `request.remote_ip`, which behind an ingress is the proxy's (issue 23, finding 2)."""
    readers = sorted(
        str(path.relative_to(ROOT))
        for package in ("claimsvc", "sms_ingest")
        for path in modules(package)
        if ".remote_ip" in path.read_text()
    )
    assert readers == ["claimsvc/api/base.py"]
