"""Chromium for the browser tests: installs Debian's `chromium` with apt-get when it is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

CHROMIUM = "/usr/bin/chromium"
# Without a Bengali font the Bangla page (and its screenshots) renders as empty boxes.
BENGALI_FONT = "/usr/share/fonts/truetype/lohit-bengali/Lohit-Bengali.ttf"
PACKAGES = {CHROMIUM: "chromium", BENGALI_FONT: "fonts-lohit-beng-bengali"}
APT_ENV = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}


def privilege_prefix() -> list[str] | None:
    """[] as root, a non-interactive sudo when it works without a password, None otherwise."""
    if os.geteuid() == 0:
        return []
    sudo = shutil.which("sudo")
    if sudo and subprocess.call([sudo, "-n", "true"], stderr=subprocess.DEVNULL) == 0:
        return [sudo, "-n", "--preserve-env=DEBIAN_FRONTEND"]
    return None


def apt_get(prefix: list[str], *args: str) -> int:
    cmd = [*prefix, "apt-get", "-q", "-y", *args]
    print("ensure_chromium:", " ".join(cmd), flush=True)
    return subprocess.call(cmd, env=APT_ENV)


def main() -> int:
    missing = [pkg for path, pkg in PACKAGES.items() if not os.path.exists(path)]
    if not missing:
        return 0
    prefix = privilege_prefix()
    if prefix is None:
        # Not fatal: the browser tests skip themselves with the same advice.
        print(
            f"ensure_chromium: {', '.join(missing)} missing and this user cannot run apt-get.\n"
            f"  Install as root: apt-get install -y --no-install-recommends {' '.join(missing)}\n"
            "  Until then the browser tests (pytest -m e2e) are skipped.",
            file=sys.stderr,
        )
        return 0
    if apt_get(prefix, "update") != 0:
        print("ensure_chromium: apt-get update failed", file=sys.stderr)
        return 1
    status = apt_get(prefix, "install", "--no-install-recommends", *missing)
    if status == 0 and not os.path.exists(CHROMIUM):
        print(f"ensure_chromium: apt-get finished but {CHROMIUM} is absent", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
