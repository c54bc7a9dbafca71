"""The import rules of the layers, read from the source (an import-linter written as a test).

Data flows handler -> service -> domain + store: the domain imports no I/O layer, stores know
nothing of HTTP or use-cases, services nothing of HTTP or background loops, and `claimsvc` never
imports `sms_ingest` (which may import `claimsvc`, never its stores). The layout keeps the
architecture visible (issue 24): the top level holds packages and a few shared primitives, the dev
stack and the test instrumentation stay out of the service's paths, the admin API and the portal
share no module, and every error a client may see is defined in `claimsvc/errors.py`.
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
    ("claimsvc.api.admin", ("claimsvc.api.portal",)),
    ("claimsvc.api.portal", ("claimsvc.api.admin",)),
    # The SMS core (issue 34): its reading and the providers' specs are pure domain code; its
    # use-cases are services; the `sms-ingest` process keeps only its edges and calls them.
    ("claimsvc.domain.sms", ("claimsvc.store", "claimsvc.services", "claimsvc.api", "sms_ingest")),
    (
        "claimsvc.domain.providers",
        ("claimsvc.store", "claimsvc.services", "claimsvc.api", "sms_ingest"),
    ),
    ("claimsvc.services.sms", ("claimsvc.api", "claimsvc.worker", "sms_ingest")),
    ("sms_ingest", ("claimsvc.store", "claimsvc.worker")),
]

SMS_INGEST_MODULES = {
    "__init__",
    "__main__",
    "app",
    "cli",
    "consumer",
    "formats",
    "health",
    "metrics",
    "sms_forwarder",
}
"""What the `sms-ingest` process keeps: its entry point, HTTP intake, worker loop, request body
shapes, health loop, edge metrics and CLI command (the SMS core is in claimsvc, issue 34)."""

# (a package, the only packages that may import it): whatever is not listed may not, in
# claimsvc and sms_ingest alike. Tests and benches import them freely.
ONLY_IMPORTED_BY = [
    # Round-trip counters: test and benchmark instrumentation, never on a request's path.
    ("claimsvc.testing", ()),
    # `claimsvc dev` and its demo, SecantusDB launcher and webhook inspector: run by the CLI.
    ("claimsvc.devstack", ("claimsvc.runtime",)),
    ("claimsvc.inspector", ("claimsvc.runtime", "claimsvc.devstack")),
]

ARCHITECTURE = {
    "api": "HTTP: merchant API, hosted and pay pages, admin API (admin/), portal (portal/)",
    "clients": "outbound adapters (the webhook sender, the alert mailer)",
    "devstack": "the local stack of `claimsvc dev`, and the dev and test MongoDB",
    "domain": "pure rules: values in, values out, no I/O",
    "inspector": "the local webhook inspector of `claimsvc dev`",
    "runtime": "the command line and the processes: servers and loops, drained on SIGTERM",
    "services": "use-cases, called by handlers and loops",
    "store": "persistence: MongoDB collections, Redis key families and scripts",
    "testing": "round-trip counters for tests and benchmarks",
    "worker": "background loops of the worker process",
}
"""The packages at the top of `claimsvc`, and what each holds."""

TOP_MODULES = {"__init__", "bootstrap", "clock", "errors", "logs", "metrics", "settings"}
"""The loose modules at the top: primitives every layer shares (docs/decisions.md, issue 24)."""

ERRORS_ELSEWHERE: dict[str, set[str]] = {}
"""Client-facing errors not in errors.py: none (the list only shrinks)."""


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


def importers(package: str, allowed: tuple[str, ...], root: Path = ROOT) -> list[str]:
    """Modules of claimsvc and sms_ingest (under `root`) that import `package` while neither
    in it nor in an allowed importer."""
    own = (package, *allowed)
    return [
        f"{path.relative_to(root)} imports {name}"
        for top in ("claimsvc", "sms_ingest")
        for path in sorted((root / top).rglob("*.py"))
        if not breaks(".".join(path.relative_to(root).with_suffix("").parts), own)
        for name in sorted(imported(path, root))
        if breaks(name, (package,))
    ]


@pytest.mark.parametrize(
    ("package", "allowed"), ONLY_IMPORTED_BY, ids=[p for p, _ in ONLY_IMPORTED_BY]
)
def test_dev_and_test_code_stays_off_the_service_paths(package, allowed):
    assert importers(package, allowed) == []


def test_sms_ingest_keeps_only_its_processes_and_only_the_app_speaks_http():
    modules = {path.stem for path in (ROOT / "sms_ingest").rglob("*.py")}
    http = {
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "sms_ingest").rglob("*.py"))
        if any(breaks(name, ("claimsvc.api",)) for name in imported(path))
    }
    assert modules == SMS_INGEST_MODULES
    assert http <= {"sms_ingest/app.py"}, http


def test_the_top_level_holds_packages_and_shared_primitives():
    """A newcomer reads the architecture in the folder names: a new loose module goes into the
    package it belongs to, a new package is added here with what it holds."""
    top = ROOT / "claimsvc"
    loose = {p.stem for p in top.glob("*.py")}
    packages = {p.name for p in top.iterdir() if (p / "__init__.py").exists()}
    assert (loose, packages) == (TOP_MODULES, set(ARCHITECTURE))


def base_name(base: ast.expr) -> str:
    """The class name a base is written with: `X` or `errors.X` (anything else: "")."""
    if isinstance(base, ast.Name):
        return base.id
    if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
        return base.attr if base.value.id == "errors" else ""
    return ""


def error_classes(path: Path, known: set[str]) -> list[str]:
    """Classes in `path` that subclass one of `known` (names of errors.py's classes), or a
    class found so before them in the same file."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ClassDef) and {base_name(b) for b in node.bases} & (
            known | set(found)
        ):
            found.append(node.name)
    return found


def errors_outside(root: Path = ROOT) -> dict[str, set[str]]:
    """Every client-facing error class defined outside claimsvc/errors.py, by file."""
    tree = ast.parse((root / "claimsvc" / "errors.py").read_text())
    known = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    found = {
        str(path.relative_to(root)): set(error_classes(path, known))
        for top in ("claimsvc", "sms_ingest")
        for path in sorted((root / top).rglob("*.py"))
        if path.relative_to(root) != Path("claimsvc/errors.py")
    }
    return {path: names for path, names in found.items() if names}


def test_every_error_a_client_may_see_is_defined_in_errors_py():
    """One error tree in one file (STYLE 6): a service, a page or the SMS intake raises
    `errors.X`. Domain parse problems (ValueError subclasses) stay beside their rules."""
    assert errors_outside() == ERRORS_ELSEWHERE


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
