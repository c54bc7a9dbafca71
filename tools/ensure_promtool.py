"""promtool for the alert-rule tests: installs Debian's `prometheus` package when it is missing."""

from __future__ import annotations

import sys

from apt_install import ensure_commands


def main() -> int:
    return ensure_commands(
        "ensure_promtool",
        ["promtool"],
        ["prometheus"],
        "Until then the promtool checks in tests/ops are skipped (they fail when CI=true).",
    )


if __name__ == "__main__":
    sys.exit(main())
