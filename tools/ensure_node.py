"""Node.js 18 or later for the JavaScript SDK's tests (sdk/js, `node --test`, global fetch):
Debian's `nodejs`, installed with apt-get when `node` is missing or older. Under CI=true a node
that is still missing or too old afterwards is a failure, never a silent skip."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from apt_install import install

MIN_MAJOR = 18


def node_major() -> int | None:
    """The major version of the `node` on PATH; None without one."""
    node = shutil.which("node")
    if node is None:
        return None
    version = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    try:
        return int(version.stdout.strip().lstrip("v").split(".")[0])
    except ValueError:
        return None


def main() -> int:
    major = node_major()
    if major is not None and major >= MIN_MAJOR:
        return 0
    status = install(
        "ensure_node", ["nodejs"], "Until then the JS SDK tests are skipped, or fail when CI=true."
    )
    major = node_major()
    if major is not None and major >= MIN_MAJOR:
        return status
    print(f"ensure_node: node {MIN_MAJOR}+ still missing (found {major})", file=sys.stderr)
    return 1 if status != 0 or os.environ.get("CI") == "true" else 0


if __name__ == "__main__":
    sys.exit(main())
