"""redis-server and redis-cli for the HA tests (Sentinel, Cluster): Debian's `redis-server`
package installs both; installed with apt-get when missing."""

from __future__ import annotations

import sys

from apt_install import ensure_commands


def main() -> int:
    return ensure_commands(
        "ensure_redis_server",
        ["redis-server", "redis-cli"],
        ["redis-server"],
        "Until then the HA tests (pytest -m ha) are skipped, or fail when CI=true.",
    )


if __name__ == "__main__":
    sys.exit(main())
