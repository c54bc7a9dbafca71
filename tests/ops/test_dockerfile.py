"""The Dockerfile, read rather than built (no Docker daemon here), and what its install ships."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.ops.kustomize import REPO

PACKAGES = ("claimsvc", "sms_ingest")


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    text = (REPO / "Dockerfile").read_text().replace("\\\n", " ")
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def final_stage() -> list[tuple[str, str]]:
    steps = instructions()
    last_from = max(i for i, (word, _) in enumerate(steps) if word == "FROM")
    return steps[last_from:]


def test_every_stage_builds_on_python_3_11_slim() -> None:
    bases = [args.split()[0] for word, args in instructions() if word == "FROM"]
    assert bases and all(base == "python:3.11-slim" for base in bases)


def test_the_image_runs_as_a_numeric_unprivileged_user() -> None:
    users = [args for word, args in final_stage() if word == "USER"]
    assert users, "the final stage must switch away from root"
    uid, _, gid = users[-1].partition(":")
    # Numeric, or Kubernetes cannot check runAsNonRoot; the same ids the Deployments set.
    assert uid == "10001" and gid == "10001"


def test_the_container_installs_nothing_when_it_starts() -> None:
    runtime = [args for word, args in final_stage() if word in ("CMD", "ENTRYPOINT")]
    assert runtime == ['["claimsvc", "api"]']
    assert not any("pip" in args for word, args in final_stage() if word == "RUN")


def test_the_build_context_holds_every_file_the_dockerfile_copies() -> None:
    for word, args in instructions():
        if word == "COPY" and not args.startswith("--from"):
            for source in args.split()[:-1]:
                assert (REPO / source).exists(), f"Dockerfile copies {source}, which is missing"
    ignored = (REPO / ".dockerignore").read_text().splitlines()
    assert "*" in ignored, ".dockerignore should allow only what the build needs"
    for needed in ("pyproject.toml", "README.md", "claimsvc/", "sms_ingest/"):
        assert f"!{needed}" in ignored


def test_a_regular_install_ships_every_data_file_of_the_packages(tmp_path: Path) -> None:
    """Templates, static files, OpenAPI: an editable install hides a missing package-data entry."""
    for name in ("pyproject.toml", *PACKAGES):
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, tmp_path / name)
    (tmp_path / "README.md").write_text("placeholder\n")
    # build_py is the step of `pip install .` that decides which files land in site-packages.
    setup = "import setuptools; setuptools.setup()"
    subprocess.run(
        [sys.executable, "-c", setup, "-q", "build_py", "-d", str(tmp_path / "out")],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    wanted = {
        p.relative_to(REPO).as_posix()
        for package in PACKAGES
        for p in (REPO / package).rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc")
    }
    shipped = {
        p.relative_to(tmp_path / "out").as_posix()
        for p in (tmp_path / "out").rglob("*")
        if p.is_file()
    }
    assert wanted - shipped == set()
