"""The JS library as npm would publish it: `npm pack` builds the tarball, a fresh `npm init`
project (CommonJS, as npm makes it) installs it offline, and the library's own offline tests run
there against the installed package (a file the tarball lacks fails them); tsc then checks a
typed CommonJS and a typed ES module caller (sdk/js/test/types) against the installed types."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.sdk.live_stack import SDK, tool

pytestmark = pytest.mark.e2e

ROOT = SDK.parent
JS = SDK / "js"
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"
STEP_TIMEOUT_S = 120
# Files a publishable package must carry, and what it must leave out.
SHIPPED = {
    "LICENSE",
    "README.md",
    "CHANGELOG.md",
    "package.json",
    "index.d.ts",
    "esm/index.mjs",
    "src/index.js",
}
NOT_SHIPPED_PREFIXES = ("test/", "examples/")


def run(cmd: list[str], cwd: Path, **env: str) -> str:
    """The command's output; a failure shows it."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("CLAIMSVC_SDK_LIVE")}
    done = subprocess.run(
        cmd,
        cwd=cwd,
        env={**environ, **env},
        capture_output=True,
        text=True,
        timeout=STEP_TIMEOUT_S,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(cmd)} failed ({done.returncode}):\n{output}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The packed tarball's report, and a fresh CommonJS project that installed it offline,
    laid out as the repository's sdk/ folder (the shared JSON files two folders above the
    tests) with the library's tests copied in."""
    node = tool("node", "ensure_node.py")
    npm = tool("npm", "ensure_node.py")
    top = tmp_path_factory.mktemp("js-package")
    cache = {"npm_config_cache": str(top / "npm-cache"), "npm_config_update_notifier": "false"}
    packed = json.loads(run([npm, "pack", "--json", "--pack-destination", str(top)], JS, **cache))
    tarball = top / packed[0]["filename"]
    sdk = top / "sdk"
    project = sdk / "js"
    project.mkdir(parents=True)
    for shared in ("error-cases.json", "webhook-vectors.json"):
        shutil.copy(SDK / shared, sdk / shared)
    run([npm, "init", "-y"], project, **cache)
    install = [npm, "install", "--offline", "--no-audit", "--no-fund", str(tarball)]
    run(install, project, **cache)
    shutil.copytree(JS / "test", project / "test")
    return {"node": node, "project": project, "files": [f["path"] for f in packed[0]["files"]]}


def test_the_tarball_carries_the_library_its_licence_and_types_and_no_tests(
    installed: dict[str, Any],
) -> None:
    files = set(installed["files"])
    assert files >= SHIPPED
    assert not [f for f in files if f.startswith(NOT_SHIPPED_PREFIXES)]
    package = installed["project"] / "node_modules" / "claimsvc-sdk"
    assert "Copyright (c) 2026 claimsvc contributors" in (package / "LICENSE").read_text()
    # The registry shows the README away from the repository: every link must be absolute.
    for doc in ("README.md", "CHANGELOG.md"):
        links = re.findall(r"\]\(([^)]+)\)", (package / doc).read_text())
        assert [link for link in links if not link.startswith("https://")] == [], doc


def test_a_default_npm_init_project_requires_the_installed_package(
    installed: dict[str, Any],
) -> None:
    project = installed["project"]
    assert json.loads((project / "package.json").read_text()).get("type", "commonjs") == "commonjs"
    (project / "shop.js").write_text(
        'const { Client, DailyLimitError } = require("claimsvc-sdk");\n'
        'const client = new Client({ apiKey: "sk_test_x" });\n'
        "console.log(typeof client.testPayments.create, DailyLimitError.name);\n"
    )
    assert run([installed["node"], "shop.js"], project).split() == ["function", "DailyLimitError"]


def test_the_librarys_own_tests_pass_from_the_installed_tarball(
    installed: dict[str, Any],
) -> None:
    output = run([installed["node"], "--test", "test/"], installed["project"])
    assert "# fail 0" in output, output
    passed = int(output.split("# pass ")[1].split()[0])
    assert passed >= 100, output


def test_the_installed_types_check_a_typed_commonjs_and_es_module_caller(
    installed: dict[str, Any],
) -> None:
    if not TSC.exists():
        advice = "TypeScript is missing: run `python tools/ensure_node_deps.py` (make test does)"
        if os.environ.get("CI"):
            pytest.fail(advice)
        pytest.skip(advice)
    # sdk/js/test/types: typed callers, with @ts-expect-error where the types must refuse.
    run([installed["node"], str(TSC), "-p", "test/types/tsconfig.json"], installed["project"])
