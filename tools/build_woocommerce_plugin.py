"""Builds the WooCommerce plugin's installable zip (what a shop owner uploads in wp-admin,
Plugins, Add New, Upload): plugins/woocommerce/claimsvc-wallet-payments/ with the PHP library's
src (sdk/php/src) copied into its lib/, and nothing else (no tests, no dev files).

    .venv/bin/python tools/build_woocommerce_plugin.py [OUT.zip]

The zip is reproducible: files in sorted order with a fixed date, so the same tree gives the
same bytes."""

from __future__ import annotations

import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLUG = "claimsvc-wallet-payments"
PLUGIN = ROOT / "plugins" / "woocommerce" / SLUG
LIBRARY = ROOT / "sdk" / "php" / "src"
LIBRARY_LICENSE = (
    "The claimsvc PHP library in this folder is MIT-licensed (sdk/php/composer.json).\n"
)
SHIPPED = {".php", ".js", ".txt", ".pot", ".po", ".mo"}
"""The kinds of file a plugin ships; anything else in the folder (editor files, notes) stays out."""
DATE = (2026, 1, 1, 0, 0, 0)
DEFAULT_OUT = ROOT / "build" / f"{SLUG}.zip"


def files() -> Iterator[tuple[str, bytes]]:
    """(path inside the zip, content), sorted."""
    found: dict[str, bytes] = {}
    for path in PLUGIN.rglob("*"):
        relative = path.relative_to(PLUGIN)
        if path.is_file() and path.suffix in SHIPPED and not relative.parts[0].startswith("."):
            found[f"{SLUG}/{relative.as_posix()}"] = path.read_bytes()
    for path in LIBRARY.rglob("*.php"):
        found[f"{SLUG}/lib/claimsvc-sdk/{path.relative_to(LIBRARY).as_posix()}"] = path.read_bytes()
    found[f"{SLUG}/lib/claimsvc-sdk/LICENSE.txt"] = LIBRARY_LICENSE.encode()
    yield from sorted(found.items())


def build(out: Path = DEFAULT_OUT) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files():
            info = zipfile.ZipInfo(name, DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return out


if __name__ == "__main__":
    print(build(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT))
