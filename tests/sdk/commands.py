"""One way to run a tool of the SDK tests: in a folder, with an environment, under a bound,
and a failure that shows everything the tool printed."""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from pathlib import Path


def finished(
    cmd: list[str], cwd: Path, env: Mapping[str, str], timeout_s: float
) -> subprocess.CompletedProcess[str]:
    """The command, run to its end; it must exit 0."""
    done = subprocess.run(
        cmd,
        cwd=cwd,
        env=dict(env),
        capture_output=True,
        text=True,
        timeout=timeout_s,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(cmd)} failed ({done.returncode}):\n{output}"
    return done
