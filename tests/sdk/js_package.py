"""The JS library as npm publishes it, installed where a shop would have it: `npm pack` builds
the tarball, a fresh `npm init` project (CommonJS, as npm makes it) installs it offline, laid
out as the repository's sdk/ folder (the two shared JSON files two folders above the tests),
with the library's tests copied in to run against the installed package."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from tests.sdk.commands import finished
from tests.sdk.live_stack import SDK, tool

JS = SDK / "js"
STEP_TIMEOUT_S = 120


@dataclass(frozen=True)
class Installed:
    node: str
    project: Path
    files: list[str]


def checked(cmd: list[str], cwd: Path, **env: str) -> str:
    """The command's standard output. The live service's settings are never passed on: these
    runs are offline unless `env` gives them back."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("CLAIMSVC_SDK_LIVE")}
    return finished(cmd, cwd, {**environ, **env}, STEP_TIMEOUT_S).stdout


def pack_and_install(top: Path) -> Installed:
    """The packed library installed offline into a fresh CommonJS project under `top`."""
    node = tool("node", "ensure_node.py")
    npm = tool("npm", "ensure_node.py")
    cache = {"npm_config_cache": str(top / "npm-cache"), "npm_config_update_notifier": "false"}
    pack = [npm, "pack", "--json", "--pack-destination", str(top)]
    packed = json.loads(checked(pack, JS, **cache))[0]
    sdk = top / "sdk"
    project = sdk / "js"
    project.mkdir(parents=True)
    for shared in ("error-cases.json", "webhook-vectors.json"):
        shutil.copy(SDK / shared, sdk / shared)
    checked([npm, "init", "-y"], project, **cache)
    install = [
        npm,
        "install",
        "--offline",
        "--no-audit",
        "--no-fund",
        str(top / packed["filename"]),
    ]
    checked(install, project, **cache)
    shutil.copytree(JS / "test", project / "test")
    return Installed(node, project, [f["path"] for f in packed["files"]])
