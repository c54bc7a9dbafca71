"""axe-core for the accessibility check: `npm ci` from the committed lock when it is missing."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def main() -> int:
    if AXE.exists():
        return 0
    npm = shutil.which("npm")
    if npm is None:
        # Not fatal: the accessibility test skips itself with the same advice.
        print(
            "ensure_node_deps: npm is missing, so axe-core cannot be installed.\n"
            "  Install it as root: apt-get install -y --no-install-recommends npm",
            file=sys.stderr,
        )
        return 0
    cmd = [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"]
    print("ensure_node_deps:", " ".join(cmd), flush=True)
    return subprocess.call(cmd, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main())
