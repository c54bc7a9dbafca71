"""The JS library as npm would publish it (tests/sdk/js_package.py packs it and installs it
offline into a fresh CommonJS project): what the tarball carries, a plain `require`, the
library's own offline tests against the installed package (a file the tarball lacks fails
them), and tsc on a typed CommonJS and a typed ES module caller (sdk/js/test/types)."""

from __future__ import annotations

import json
import os
import re

import pytest

from tests.sdk.js_package import Installed, checked, pack_and_install
from tests.sdk.live_stack import SDK

pytestmark = pytest.mark.e2e

ROOT = SDK.parent
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"
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


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    return pack_and_install(tmp_path_factory.mktemp("js-package"))


def test_the_tarball_carries_the_library_its_licence_and_types_and_no_tests(
    installed: Installed,
) -> None:
    files = set(installed.files)
    assert files >= SHIPPED
    assert not [f for f in files if f.startswith(NOT_SHIPPED_PREFIXES)]
    package = installed.project / "node_modules" / "claimsvc-sdk"
    assert "Copyright (c) 2026 claimsvc contributors" in (package / "LICENSE").read_text()
    # The registry shows the README away from the repository: every link must be absolute.
    for doc in ("README.md", "CHANGELOG.md"):
        links = re.findall(r"\]\(([^)]+)\)", (package / doc).read_text())
        assert [link for link in links if not link.startswith("https://")] == [], doc


def test_a_default_npm_init_project_requires_the_installed_package(
    installed: Installed,
) -> None:
    project = installed.project
    assert json.loads((project / "package.json").read_text()).get("type", "commonjs") == "commonjs"
    (project / "shop.js").write_text(
        'const { Client, DailyLimitError } = require("claimsvc-sdk");\n'
        'const client = new Client({ apiKey: "sk_test_x" });\n'
        "console.log(typeof client.testPayments.create, DailyLimitError.name);\n"
    )
    assert checked([installed.node, "shop.js"], project).split() == ["function", "DailyLimitError"]


def test_the_librarys_own_tests_pass_from_the_installed_tarball(
    installed: Installed,
) -> None:
    output = checked([installed.node, "--test", "test/"], installed.project)
    assert "# fail 0" in output, output
    passed = int(output.split("# pass ")[1].split()[0])
    assert passed >= 100, output


def test_the_installed_types_check_a_typed_commonjs_and_es_module_caller(
    installed: Installed,
) -> None:
    if not TSC.exists():
        advice = "TypeScript is missing: run `python tools/ensure_node_deps.py` (make test does)"
        if os.environ.get("CI"):
            pytest.fail(advice)
        pytest.skip(advice)
    # sdk/js/test/types: typed callers, with @ts-expect-error where the types must refuse.
    checked([installed.node, str(TSC), "-p", "test/types/tsconfig.json"], installed.project)
