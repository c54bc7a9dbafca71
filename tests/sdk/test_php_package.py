"""The PHP library as Packagist users get it: the Composer archive of sdk/php (what `composer
archive` and Packagist's dist zip hold, .gitattributes export-ignore applied), installed into a
fresh shop project from that archive alone (a Composer `path` repository over its unpacked
files, Packagist switched off: no network), and the library's own offline PHPUnit suite run
against the installed copy, so a file missing from the archive fails here. Also: the copies of
the shared files its tests read are the shared files, and composer.json validates."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.sdk.live_stack import SDK, tool

PHP_SDK = SDK / "php"
VERSION = re.search(r"VERSION = '([^']+)'", (PHP_SDK / "src/Client.php").read_text("utf-8"))


def run(cmd: list[str], cwd: Path, env: dict[str, str]) -> str:
    """One command, offline; its output, or a failure that shows it."""
    done = subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(cmd)} failed:\n{output}"
    return output


def composer(cwd: Path, home: Path, *args: str) -> str:
    env = {**os.environ, "COMPOSER_HOME": str(home), "COMPOSER_DISABLE_NETWORK": "1"}
    return run([tool("composer", "ensure_php.py"), *args, "--no-interaction"], cwd, env)


@pytest.mark.parametrize("name", ["error-cases.json", "webhook-vectors.json"])
def test_the_php_tests_copy_of_a_shared_file_is_the_shared_file(name: str) -> None:
    # The tests read tests/data/ so that a copied library folder still runs them; this keeps the
    # copy equal to the one file the three libraries share.
    copy = json.loads((PHP_SDK / "tests" / "data" / name).read_text("utf-8"))
    assert copy == json.loads((SDK / name).read_text("utf-8")), f"cp sdk/{name} sdk/php/tests/data/"


def test_composer_json_validates_strictly(tmp_path: Path) -> None:
    output = composer(PHP_SDK, tmp_path, "validate", "--strict")
    assert "is valid" in output
    meta = json.loads((PHP_SDK / "composer.json").read_text("utf-8"))
    assert "version" not in meta, "Packagist takes the version from the tag"
    assert meta["license"] == "MIT" and meta["require"]["php"] == ">=8.1"
    assert meta["autoload"] == {"psr-4": {"Claimsvc\\": "src/"}}
    assert meta["autoload-dev"] == {"psr-4": {"Claimsvc\\Tests\\": "tests/"}}
    assert {"issues", "source"} <= meta["support"].keys() and meta["authors"]


def test_the_composer_archive_installs_and_passes_the_offline_suite(tmp_path: Path) -> None:
    assert VERSION is not None
    php = tool("php", "ensure_php.py")
    phpunit = tool("phpunit", "ensure_php.py")
    home = tmp_path / "composer-home"
    composer(PHP_SDK, home, "archive", "--format=zip", f"--dir={tmp_path}", "--file=claimsvc-sdk")
    archive = tmp_path / "claimsvc-sdk.zip"
    with zipfile.ZipFile(archive) as zf:
        names = set(zf.namelist())
        zf.extractall(tmp_path / "package")
    assert {"composer.json", "LICENSE", "README.md", "autoload.php", "src/Client.php"} <= names
    assert not [n for n in names if n.startswith(("tests/", "examples/", "phpunit.xml"))], names

    shop = tmp_path / "shop"
    shop.mkdir()
    repository = {
        "type": "path",
        "url": str(tmp_path / "package"),
        "options": {"symlink": False, "versions": {"claimsvc/sdk": VERSION[1]}},
    }
    (shop / "composer.json").write_text(
        json.dumps(
            {
                "name": "example/shop",
                "require": {"claimsvc/sdk": VERSION[1]},
                "repositories": [repository, {"packagist.org": False}],
            }
        ),
        "utf-8",
    )
    composer(shop, home, "install", "--no-progress")
    installed = shop / "vendor" / "claimsvc" / "sdk"
    assert (installed / "src" / "Client.php").is_file()

    # The tests are not in the archive (export-ignore): a copy of them, outside the library,
    # runs against the installed copy alone.
    harness = tmp_path / "harness"
    shutil.copytree(PHP_SDK / "tests", harness / "tests")
    shutil.copy(PHP_SDK / "phpunit.xml.dist", harness)
    env = {
        **os.environ,
        "CLAIMSVC_SDK_AUTOLOAD": str(shop / "vendor" / "autoload.php"),
        "CLAIMSVC_SDK_LIVE": "",
    }
    suite = [php, "-d", "serialize_precision=17", phpunit, "--testsuite", "offline"]
    output = run([*suite, "--do-not-cache-result"], harness, env)
    assert "\nOK (" in output, output
    loaded = subprocess.run(
        [
            php,
            "-r",
            "require 'vendor/autoload.php';"
            " echo (new ReflectionClass(Claimsvc\\Client::class))->getFileName();",
        ],
        cwd=shop,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert loaded == str(installed / "src" / "Client.php")
