"""redis-server and redis-cli for the HA tests (Sentinel, Cluster): Debian's `redis-server`
package installs both; installed with apt-get when missing."""

from __future__ import annotations

import shutil
import sys

from apt_install import install


def main() -> int:
    if shutil.which("redis-server") and shutil.which("redis-cli"):
        return 0
    status = install(
        "ensure_redis_server",
        ["redis-server"],
        "Until then the HA tests (pytest -m ha) are skipped, or fail when CI=true.",
    )
    if status == 0 and not shutil.which("redis-server"):
        print("ensure_redis_server: redis-server is still absent", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
