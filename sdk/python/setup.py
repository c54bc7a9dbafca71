"""The sdist takes the error table and the webhook vectors that the three libraries share
(../error-cases.json, ../webhook-vectors.json, outside this folder) into tests/data, so that
its tests run wherever it is unpacked. Everything else is in pyproject.toml."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.sdist import sdist

SHARED = ("error-cases.json", "webhook-vectors.json")


class SdistWithSharedFiles(sdist):  # type: ignore[misc]
    def make_release_tree(self, base_dir: str, files: Any) -> None:
        super().make_release_tree(base_dir, files)
        data = Path(base_dir) / "tests" / "data"
        for name in SHARED:
            source = Path(__file__).resolve().parent.parent / name
            if source.is_file():  # in the repository; an unpacked sdist has its copy already
                data.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, data / name)
            elif not (data / name).is_file():
                raise FileNotFoundError(f"{name}: neither ../{name} nor tests/data/{name}")


setup(cmdclass={"sdist": SdistWithSharedFiles})
