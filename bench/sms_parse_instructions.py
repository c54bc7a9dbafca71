"""Benchmark: instructions per SMS parse (valgrind callgrind), this tree against a baseline commit.

Run from the repository root: ``.venv/bin/python bench/sms_parse_instructions.py [--baseline REF]
[--passes N]``. Instruction counts do not depend on what else the machine is doing, so this is
the figure to compare when the per-CPU-second rate of bench/sms_parse.py swings with load: the
same corpus messages (200 per provider, as sms_parse.py loads them) are parsed once to warm up
and then N times; the count of a run without the N passes is subtracted, and the difference is
divided by the messages parsed. The baseline (default: the commit before issue 22's wordings,
19f2e3d) is checked out into a temporary git worktree and run with this tree's interpreter.
Needs valgrind (Debian's package); prints a note and exits 0 when it is missing.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PER_PROVIDER = 200

# The child: parse every provider's messages `passes` times after a warm-up (argv: root, passes).
CHILD = """
import importlib.util, sys
root, passes = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, root)
spec = importlib.util.spec_from_file_location("bench_sms", root + "/bench/sms_parse.py")
bench = importlib.util.module_from_spec(spec)
sys.argv = sys.argv[:1]
spec.loader.exec_module(bench)
from claimsvc.domain.accounts import PROVIDERS
from claimsvc.domain.sms.routing import parse_sms
messages = [m for p in PROVIDERS for m in bench.load(p, PER_PROVIDER)]
for sender, text in messages:
    parse_sms(sender, text)
for _ in range(passes):
    for sender, text in messages:
        parse_sms(sender, text)
print(len(messages))
""".replace("PER_PROVIDER", str(PER_PROVIDER))


def instructions(root: Path, passes: int) -> tuple[int, int]:
    """(instructions collected, messages per pass) of one child run under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={tmp}/out",
                sys.executable,
                "-c",
                CHILD,
                str(root),
                str(passes),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
    collected = re.search(r"Collected : (\d+)", run.stderr)
    assert collected is not None, run.stderr[-2000:]
    return int(collected.group(1)), int(run.stdout.strip().splitlines()[-1])


def per_message(root: Path, passes: int) -> float:
    base, _ = instructions(root, 0)
    total, messages = instructions(root, passes)
    return (total - base) / (passes * messages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", default="19f2e3d")
    parser.add_argument("--passes", type=int, default=2)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind); nothing measured")
        return
    with tempfile.TemporaryDirectory() as tmp:
        base_tree = Path(tmp) / "baseline"
        git = ["git", "-C", str(ROOT)]
        subprocess.run([*git, "worktree", "add", "-q", "--detach", str(base_tree), args.baseline])
        try:
            baseline = per_message(base_tree, args.passes)
        finally:
            subprocess.run([*git, "worktree", "remove", "--force", str(base_tree)], check=False)
    this = per_message(ROOT, args.passes)
    print(f"instructions per SMS parse ({PER_PROVIDER} corpus messages per provider, callgrind)")
    print(f"  baseline {args.baseline}: {baseline:,.0f}")
    print(f"  this tree: {this:,.0f}  (ratio {this / baseline:.3f})")


if __name__ == "__main__":
    main()
