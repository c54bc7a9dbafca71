"""promtool for the alert-rule tests: installs Debian's `prometheus` package when it is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

APT_ENV = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
# Another apt-get (make test also installs chromium) may hold the lock for a while.
APT_LOCK_WAIT = ("-o", "DPkg::Lock::Timeout=300")


def privilege_prefix() -> list[str] | None:
    """[] as root, a non-interactive sudo when it works without a password, None otherwise."""
    if os.geteuid() == 0:
        return []
    sudo = shutil.which("sudo")
    if sudo and subprocess.call([sudo, "-n", "true"], stderr=subprocess.DEVNULL) == 0:
        return [sudo, "-n", "--preserve-env=DEBIAN_FRONTEND"]
    return None


def apt_get(prefix: list[str], *args: str) -> int:
    cmd = [*prefix, "apt-get", "-q", "-y", *APT_LOCK_WAIT, *args]
    print("ensure_promtool:", " ".join(cmd), flush=True)
    return subprocess.call(cmd, env=APT_ENV)


def main() -> int:
    if shutil.which("promtool"):
        return 0
    prefix = privilege_prefix()
    if prefix is None or not shutil.which("apt-get"):
        # Not fatal here: the rule tests skip with the same advice, and fail when CI=true.
        print(
            "ensure_promtool: promtool is missing and cannot be installed by this user.\n"
            "  Install it as root: apt-get install -y --no-install-recommends prometheus\n"
            "  Until then the promtool checks in tests/ops are skipped (they fail when CI=true).",
            file=sys.stderr,
        )
        return 0
    if apt_get(prefix, "update") != 0:
        print("ensure_promtool: apt-get update failed", file=sys.stderr)
        return 1
    status = apt_get(prefix, "install", "--no-install-recommends", "prometheus")
    if status == 0 and not shutil.which("promtool"):
        print("ensure_promtool: apt-get finished but promtool is not on PATH", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
