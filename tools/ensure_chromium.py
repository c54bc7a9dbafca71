"""Chromium for the browser tests: installs Debian's `chromium` with apt-get when it is missing."""

from __future__ import annotations

import os
import sys

from apt_install import install

CHROMIUM = "/usr/bin/chromium"
# Without a Bengali font the Bangla page (and its screenshots) renders as empty boxes.
BENGALI_FONT = "/usr/share/fonts/truetype/lohit-bengali/Lohit-Bengali.ttf"
PACKAGES = {CHROMIUM: "chromium", BENGALI_FONT: "fonts-lohit-beng-bengali"}


def main() -> int:
    missing = [pkg for path, pkg in PACKAGES.items() if not os.path.exists(path)]
    if not missing:
        return 0
    status = install(
        "ensure_chromium", missing, "Until then the browser tests (pytest -m e2e) are skipped."
    )
    if status == 0 and "chromium" in missing and not os.path.exists(CHROMIUM):
        print(f"ensure_chromium: {CHROMIUM} is still absent", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
