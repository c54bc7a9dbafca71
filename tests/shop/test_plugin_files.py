"""The WooCommerce plugin as files: every PHP file parses, its pure rules hold, its zip holds
what a shop installs and nothing else, and its translations are complete and compiled."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.sdk.live_stack import tool
from tests.shop.wordpress import PHP_DIR
from tools.build_woocommerce_plugin import LIBRARY, PLUGIN, SLUG, build

LANGUAGES = PLUGIN / "languages"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("zip") / f"{SLUG}.zip")


def test_every_php_file_of_the_zip_parses(built: Path, tmp_path: Path) -> None:
    php = tool("php", "ensure_php.py")
    with zipfile.ZipFile(built) as zf:
        zf.extractall(tmp_path)
    files = sorted(tmp_path.rglob("*.php"))
    assert len(files) > 40  # the plugin's own and the library's
    for path in files:
        done = subprocess.run([php, "-l", str(path)], capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr


def test_the_plugins_pure_rules_hold() -> None:
    php = tool("php", "ensure_php.py")
    done = subprocess.run(
        [php, str(PHP_DIR / "rules-test.php"), str(PLUGIN)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.startswith("ok "), done.stdout + done.stderr


def test_the_zip_holds_the_plugin_and_the_library_and_nothing_else(built: Path) -> None:
    with zipfile.ZipFile(built) as zf:
        names = zf.namelist()
    assert all(name.startswith(f"{SLUG}/") for name in names)
    inside = {name.removeprefix(f"{SLUG}/") for name in names}
    assert {
        f"{SLUG}.php",
        "readme.txt",
        "uninstall.php",
        "assets/js/checkout-block.js",
        "assets/js/admin.js",
        f"languages/{SLUG}.pot",
        f"languages/{SLUG}-bn_BD.po",
        f"languages/{SLUG}-bn_BD.mo",
        "lib/claimsvc-sdk/Client.php",
        "lib/claimsvc-sdk/Webhook.php",
        "lib/claimsvc-sdk/Exception/ApiException.php",
    } <= inside
    library = {
        f"lib/claimsvc-sdk/{p.relative_to(LIBRARY).as_posix()}" for p in LIBRARY.rglob("*.php")
    }
    assert library <= inside
    for name in inside:
        parts = name.split("/")
        assert not any(p.startswith(".") for p in parts), name
        assert not any(p in {"tests", "test", "node_modules", "vendor"} for p in parts), name
        assert not re.search(r"(Test\.php|\.lock|composer\.json|phpunit|\.md)$", name), name


def test_the_zip_is_the_same_bytes_when_built_again(built: Path, tmp_path: Path) -> None:
    again = build(tmp_path / "again.zip")
    assert again.read_bytes() == built.read_bytes()


def test_the_plugin_header_and_readme_are_what_wordpress_reads() -> None:
    header = (PLUGIN / f"{SLUG}.php").read_text()
    for field in (
        "Plugin Name:       Claimsvc Wallet Payments",
        "License:           GPL-2.0-or-later",
        "Requires PHP:      8.1",
        "Text Domain:       claimsvc-wallet-payments",
        "Requires Plugins:  woocommerce",
    ):
        assert field in header
    readme = (PLUGIN / "readme.txt").read_text()
    assert readme.startswith("=== Claimsvc Wallet Payments ===\n")
    for field in ("Requires PHP: 8.1", "License: GPLv2 or later", "Stable tag: 0.1.0"):
        assert field in readme
    for section in (
        "== Description ==",
        "== Installation ==",
        "== Frequently Asked Questions ==",
        "== Changelog ==",
    ):
        assert section in readme


def msgids(po: str) -> set[str]:
    """The message ids of a .po/.pot text (multi-line ids joined)."""
    found = set()
    for block in re.findall(r'^msgid ((?:".*"\n)+)', po + "\n", re.M):
        text = "".join(re.findall(r'"(.*)"', block))
        if text:
            found.add(text)
    return found


def test_the_pot_has_every_string_of_the_code_and_bangla_translates_each() -> None:
    xgettext = shutil.which("xgettext")
    if xgettext is None:
        pytest.skip("xgettext (gettext) is missing")
    sources = sorted(str(p) for p in PLUGIN.rglob("*.php"))
    keywords = [f"--keyword={k}" for k in ("__", "esc_html__", "esc_html_e", "_e", "esc_attr__")]
    extracted = subprocess.run(
        [xgettext, "--language=PHP", "--from-code=UTF-8", "-o", "-", *keywords, *sources],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    pot = (LANGUAGES / f"{SLUG}.pot").read_text()
    assert msgids(pot) == msgids(extracted)
    po = (LANGUAGES / f"{SLUG}-bn_BD.po").read_text()
    assert msgids(po) == msgids(pot)
    assert not re.search(r'^msgstr ""\n\n', po.split("\n\n", 1)[1] + "\n", re.M), "untranslated"


def test_the_committed_mo_is_the_po_compiled(tmp_path: Path) -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (gettext) is missing")
    out = tmp_path / "bn_BD.mo"
    subprocess.run([msgfmt, "-o", str(out), str(LANGUAGES / f"{SLUG}-bn_BD.po")], check=True)
    assert out.read_bytes() == (LANGUAGES / f"{SLUG}-bn_BD.mo").read_bytes()
