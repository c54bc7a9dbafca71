"""The Python library as it would be published: its wheel and sdist are built offline (the
test environment's setuptools, no isolation), the wheel is installed into an empty folder, and
the library's own offline tests run from the unpacked sdist against that installed copy. A file
missing from either artefact fails here, as it would for a user of the registry."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from tests.sdk.live_stack import SDK

pytestmark = pytest.mark.e2e

BUILD_TIMEOUT_S = 180
SHARED = ("error-cases.json", "webhook-vectors.json")


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """The command's output (stdout and stderr); a failure shows it."""
    try:
        return subprocess.check_output(
            cmd, cwd=cwd, env=env, stderr=subprocess.STDOUT, text=True, timeout=BUILD_TIMEOUT_S
        )
    except subprocess.CalledProcessError as failed:
        pytest.fail(f"{' '.join(cmd)} failed ({failed.returncode}):\n{failed.output}")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ with the wheel and the sdist, built from a copy of sdk/python and the shared
    files beside it (so the checkout gets no build/ or egg-info folders)."""
    root = tmp_path_factory.mktemp("python-package")
    shutil.copytree(
        SDK / "python",
        root / "sdk" / "python",
        ignore=shutil.ignore_patterns("__pycache__", "build", "dist", "*.egg-info", ".*"),
    )
    for name in SHARED:
        shutil.copyfile(SDK / name, root / "sdk" / name)
    build = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(root / "dist")]
    _run([*build, "sdk/python"], root)
    return root / "dist"


def test_the_wheel_carries_the_license_the_types_and_the_registry_metadata(built: Path) -> None:
    (wheel,) = built.glob("claimsvc_sdk-*-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(info).decode("utf-8"))
    assert "claimsvc_sdk/py.typed" in names and "claimsvc_sdk/aio.py" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not any(n.startswith("tests/") for n in names)
    assert meta["License-Expression"] == "MIT" and meta["Author"] == "claimsvc contributors"
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert urls["Repository"] == "https://github.com/claimsvc/claimsvc"
    assert urls["Issues"].endswith("/issues")
    assert "Typing :: Typed" in meta.get_all("Classifier")
    assert meta.get_all("Requires-Dist") == [
        'aiohttp>=3.9; extra == "async"',
        'pytest>=7; extra == "test"',
        'aiohttp>=3.9; extra == "test"',
    ]
    readme = meta.get_payload()
    assert "](https://github.com/claimsvc/claimsvc/blob/main/" in readme
    assert "](../" not in readme and "](examples/" not in readme  # no link the registry breaks


def test_the_sdist_installs_and_its_own_tests_pass_against_the_installed_wheel(
    built: Path, tmp_path: Path
) -> None:
    (wheel,) = built.glob("claimsvc_sdk-*.whl")
    (sdist,) = built.glob("claimsvc_sdk-*.tar.gz")
    site = tmp_path / "site"
    pip = [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index"]
    _run([*pip, "--target", str(site), str(wheel)], tmp_path)
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path, filter="data")
    (unpacked,) = tmp_path.glob("claimsvc_sdk-*/")
    shipped = ("LICENSE", "tests/support.py", "tests/conftest.py")
    for name in (*shipped, *(f"tests/data/{n}" for n in SHARED)):
        assert (unpacked / name).is_file(), f"the sdist lacks {name}"
    # The installed copy, not the sdist's src/ (its pytest setting), and no live service.
    env = {k: v for k, v in os.environ.items() if not k.startswith("CLAIMSVC_SDK")}
    env |= {"PYTHONPATH": str(site), "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    where = _run(
        [sys.executable, "-c", "import claimsvc_sdk; print(claimsvc_sdk.__file__)"], unpacked, env
    )
    assert where.strip().startswith(str(site)), where
    pytest_cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "pythonpath="]
    output = _run([*pytest_cmd, "-rs"], unpacked, env)
    assert " passed" in output and " failed" not in output and " error" not in output
