"""promtool for the alert-rule tests: installs Debian's `prometheus` package when it is missing."""

from __future__ import annotations

import shutil
import sys

from apt_install import install


def main() -> int:
    if shutil.which("promtool"):
        return 0
    status = install(
        "ensure_promtool",
        ["prometheus"],
        "Until then the promtool checks in tests/ops are skipped (they fail when CI=true).",
    )
    if status == 0 and not shutil.which("promtool"):
        print("ensure_promtool: promtool is still not on PATH", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
