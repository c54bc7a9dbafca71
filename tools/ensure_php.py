"""PHP for the PHP SDK's tests (sdk/php: PHPUnit, and Composer for its packaging test) and the
WooCommerce shop the plugin's tests run (tests/shop): Debian's PHP with the extensions WordPress
and WooCommerce need, MariaDB's server (a private `mariadbd` per test worker) and gettext (the
plugin's translations), installed with apt-get when one is missing. Under CI=true anything still
missing afterwards is a failure, never a silent skip."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

from apt_install import install

PACKAGES = [
    "php-cli",
    "php-curl",
    "php-mysql",
    "php-xml",
    "php-mbstring",
    "php-intl",
    "php-gd",
    "php-zip",
    "php-bcmath",
    "mariadb-server",
    "gettext",
    "phpunit",
    "composer",
]
# json and openssl are built into Debian's php-cli; each other one comes with its php-* package.
EXTENSIONS = {
    "curl",
    "json",
    "openssl",
    "mysqli",
    "xml",
    "mbstring",
    "intl",
    "gd",
    "zip",
    "bcmath",
}
PROGRAMS = ("mariadbd", "mariadb-install-db", "msgfmt", "xgettext", "phpunit", "composer")


def missing() -> set[str] | None:
    """What the machine lacks (extensions by name, programs by name); None without `php`."""
    php = shutil.which("php")
    if php is None:
        return None
    listed = subprocess.run([php, "-m"], capture_output=True, text=True, check=False).stdout
    absent = EXTENSIONS - {line.strip().lower() for line in listed.splitlines()}
    return absent | {p for p in PROGRAMS if shutil.which(p) is None}


def main() -> int:
    if missing() == set():
        return 0
    status = install(
        "ensure_php",
        PACKAGES,
        "Until then the PHP SDK and WooCommerce shop tests are skipped, or fail when CI=true.",
    )
    still = missing()
    if still == set():
        return status
    what = "php" if still is None else ", ".join(sorted(still))
    print(f"ensure_php: {what} still missing", file=sys.stderr)
    return 1 if status != 0 or os.environ.get("CI") == "true" else 0


if __name__ == "__main__":
    sys.exit(main())
