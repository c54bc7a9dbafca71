"""Screenshots of every state of the hosted page, both languages, into docs/screenshots/.

Runs the e2e setup (the real app in-process, headless Chromium) through pytest:
    .venv/bin/python tools/screenshots.py [output directory]
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    out = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "docs" / "screenshots"
    env = {**os.environ, "SCREENSHOTS_DIR": str(out)}
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:randomly",
        "tests/e2e/screenshot_states.py",
    ]
    status = subprocess.call(cmd, cwd=ROOT, env=env)
    if status == 0:
        print(f"screenshots written to {out}")
    return status


if __name__ == "__main__":
    sys.exit(main())
