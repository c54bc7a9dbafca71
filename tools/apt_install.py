"""Installing the Debian packages the test suite needs (Chromium, a Bengali font, promtool,
redis-server)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

APT_ENV = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
# Another apt-get (make test runs several installers, CI may run others) may hold the lock.
APT_LOCK_WAIT = ("-o", "DPkg::Lock::Timeout=300")


def privilege_prefix() -> list[str] | None:
    """[] as root, a non-interactive sudo when it works without a password, None otherwise."""
    if os.geteuid() == 0:
        return []
    sudo = shutil.which("sudo")
    if sudo and subprocess.call([sudo, "-n", "true"], stderr=subprocess.DEVNULL) == 0:
        return [sudo, "-n", "--preserve-env=DEBIAN_FRONTEND"]
    return None


def apt_get(tool: str, prefix: list[str], *args: str) -> int:
    """Run one apt-get command, echoing it under the calling tool's name."""
    cmd = [*prefix, "apt-get", "-q", "-y", *APT_LOCK_WAIT, *args]
    print(f"{tool}:", " ".join(cmd), flush=True)
    return subprocess.call(cmd, env=APT_ENV)


def install(tool: str, packages: list[str], advice: str) -> int:
    """apt-get install `packages`; without the rights, print `advice` and succeed (tests skip)."""
    prefix = privilege_prefix()
    if prefix is None or not shutil.which("apt-get"):
        print(
            f"{tool}: {', '.join(packages)} missing and this user cannot run apt-get.\n"
            f"  Install as root: apt-get install -y --no-install-recommends {' '.join(packages)}\n"
            f"  {advice}",
            file=sys.stderr,
        )
        return 0
    if apt_get(tool, prefix, "update") != 0:
        print(f"{tool}: apt-get update failed", file=sys.stderr)
        return 1
    return apt_get(tool, prefix, "install", "--no-install-recommends", *packages)


def ensure_commands(tool: str, commands: list[str], packages: list[str], advice: str) -> int:
    """Install `packages` unless every one of `commands` is already on PATH; fail if one is
    still missing after an install that reported success."""
    if all(shutil.which(command) for command in commands):
        return 0
    status = install(tool, packages, advice)
    missing = [command for command in commands if not shutil.which(command)]
    if status == 0 and missing and privilege_prefix() is not None:
        print(f"{tool}: {', '.join(missing)} still not on PATH", file=sys.stderr)
        return 1
    return status
