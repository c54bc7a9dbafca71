"""PHP for the PHP SDK's tests (sdk/php): Debian's `php-cli` and `php-curl`, installed with
apt-get when `php` or one of its extensions is missing. Under CI=true a PHP that is still
missing afterwards is a failure, never a silent skip."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from apt_install import install

PACKAGES = ["php-cli", "php-curl"]
# json and openssl are built into Debian's php-cli; curl comes with php-curl.
EXTENSIONS = {"curl", "json", "openssl"}


def missing_extensions() -> set[str] | None:
    """Extensions the `php` on PATH lacks; None when there is no `php` at all."""
    php = shutil.which("php")
    if php is None:
        return None
    listed = subprocess.run([php, "-m"], capture_output=True, text=True, check=False).stdout
    return EXTENSIONS - {line.strip().lower() for line in listed.splitlines()}


def main() -> int:
    if missing_extensions() == set():
        return 0
    status = install(
        "ensure_php", PACKAGES, "Until then the PHP SDK tests are skipped, or fail when CI=true."
    )
    still = missing_extensions()
    if still == set():
        return status
    what = "php" if still is None else "php extensions " + ", ".join(sorted(still))
    print(f"ensure_php: {what} still missing", file=sys.stderr)
    return 1 if status != 0 or os.environ.get("CI") == "true" else 0


if __name__ == "__main__":
    sys.exit(main())
