"""The test-only node tools of the root package.json (axe-core for the accessibility check,
TypeScript for the JS library's type check): `npm ci` from the committed lock when one is
missing."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"


def main() -> int:
    if AXE.exists() and TSC.exists():
        return 0
    npm = shutil.which("npm")
    if npm is None:
        # Not fatal: the accessibility test skips itself with the same advice.
        print(
            "ensure_node_deps: npm is missing, so axe-core and TypeScript cannot be installed.\n"
            "  Install it as root: apt-get install -y --no-install-recommends npm",
            file=sys.stderr,
        )
        return 0
    cmd = [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"]
    print("ensure_node_deps:", " ".join(cmd), flush=True)
    return subprocess.call(cmd, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main())
