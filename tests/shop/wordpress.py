"""A real WordPress + WooCommerce shop on loopback: the release archives unpacked, a private
mariadbd, `php -S` (four workers) behind a TLS front, installed with small PHP scripts (no
wp-cli). The facts behind each step are in ../shared/thirdparty/README.md.

The slow part (unpacking, installing WordPress and WooCommerce, the shop's settings and
products) is done once per test run into a template (`build_template`, under a file lock, so
one xdist worker builds it and the others wait); each worker copies it (`Shop.start`)."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import tarfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.ops.kustomize import REPO
from tests.ops.processes import free_port

PHP_DIR = Path(__file__).parent / "php"
ARCHIVES = {
    "wordpress": (
        "wordpress-6.8.8.tar.gz",
        "https://wordpress.org/wordpress-6.8.8.tar.gz",
        "0575d1eeca869cadd2c359559d50ae1680945b163daf2a2994e632d6437fd097",
    ),
    "woocommerce": (
        "woocommerce-10.0.2.tar.gz",
        "https://downloads.wordpress.org/plugin/woocommerce.10.0.2.zip",
        "dca9a78cd008d21d9268bc01ca8b05ad62bf0f9618a2ae656d1b4444f5eb9493",
    ),
}
ADMIN_USER, ADMIN_PASSWORD = "admin", "shop-admin-" + "x" * 12
CUSTOMER_USER, CUSTOMER_PASSWORD = "karim", "shop-customer-" + "y" * 12
START_TIMEOUT_S = 60
INNODB = [
    "--innodb-buffer-pool-size=64M",
    "--innodb-data-file-path=ibdata1:12M:autoextend",
    "--innodb-log-file-size=16M",
]
"""The same at install and at each start (the files are made to these sizes): small, so a
copy of the template's database is quick."""
OPCACHE_CLI = [
    "-d",
    "opcache.enable_cli=1",
    "-d",
    "opcache.file_cache_only=1",
    "-d",
    "opcache.revalidate_freq=0",
]
"""Each `Shop.php` call boots WordPress and WooCommerce in a new CLI process: with their compiled
files kept on disk between calls (a folder per shop) a call costs 0.15 CPU-s instead of 0.6
(the tests poll an order's status this way). Timestamps are still checked on every include."""
LINKED = ("wp-admin", "wp-includes", "wp-content/plugins/woocommerce")
"""The template's folders no test writes to: each copy hard-links their files instead of
copying 200 MB."""


def archive(name: str, cache: Path) -> Path:
    """The pinned archive: $CLAIMSVC_THIRDPARTY_DIR, then `shared/thirdparty` beside the repo or
    beside any folder above it (a clone anywhere under the workplace), else downloaded (once,
    into `cache`) and checked against its sha256."""
    filename, address, sha256 = ARCHIVES[name]
    beside = [folder / "shared/thirdparty" for folder in REPO.parents]
    for folder in (os.environ.get("CLAIMSVC_THIRDPARTY_DIR"), *beside):
        if folder and (Path(folder) / filename).is_file():
            return Path(folder) / filename
    target = cache / filename
    if not target.is_file():
        # Outside this workplace only (no internet here; never run). The sha256 pins the local
        # archives: WordPress's .tar.gz is the one downloaded, but wordpress.org serves
        # WooCommerce only as a .zip, which this check refuses until its own hash is pinned.
        with urllib.request.urlopen(address, timeout=120) as resp:
            target.write_bytes(resp.read())
    if hashlib.sha256(target.read_bytes()).hexdigest() != sha256:
        raise AssertionError(f"{target} does not have the README's sha256 {sha256}")
    return target


def unpack(source: Path, into: Path) -> None:
    into.mkdir(parents=True, exist_ok=True)
    if source.name.endswith(".zip"):
        shutil.unpack_archive(source, into.parent)
        return
    with tarfile.open(source) as tar:
        tar.extractall(into, filter="data")


def wait_for_port(port: int, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text(errors="replace")[-3000:]
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on {port}: {log.read_text(errors='replace')[-3000:]}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Ends the process and its group: php -S's workers are its children and outlive it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class TlsFront:
    """HTTPS on a loopback port in front of `php -S` (which speaks only HTTP): each connection
    on its own thread, bytes piped both ways, so keep-alive and concurrent requests work (the
    service's webhook and the browser's page at the same time)."""

    def __init__(self, cert: Path, key: Path, upstream: int) -> None:
        self.port, self.upstream = free_port(), upstream
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(str(cert), str(key))
        self.server = socket.create_server(("127.0.0.1", self.port))
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        with contextlib.suppress(OSError, ssl.SSLError):
            client.settimeout(30)
            tls = self.context.wrap_socket(client, server_side=True)
            upstream = socket.create_connection(("127.0.0.1", self.upstream))
            back = threading.Thread(target=self._pipe, args=(upstream, tls), daemon=True)
            back.start()
            self._pipe(tls, upstream)
            back.join(30)
        client.close()

    @staticmethod
    def _pipe(source: socket.socket, target: socket.socket) -> None:
        with contextlib.suppress(OSError, ssl.SSLError):
            while data := source.recv(65536):
                target.sendall(data)
        with contextlib.suppress(OSError):
            target.shutdown(socket.SHUT_WR)

    def close(self) -> None:
        self.closed = True
        self.server.close()


WP_CONFIG = """<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', '127.0.0.1:{db_port}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
{salts}
$table_prefix = 'wp_';
define('WP_HOME', '{url}');
define('WP_SITEURL', '{url}');
if (PHP_SAPI !== 'cli') {{
    $_SERVER['HTTPS'] = 'on'; // every request comes through the TLS front
}}
define('WP_DEBUG', true);
define('WP_DEBUG_LOG', __DIR__ . '/wp-content/debug.log');
define('WP_DEBUG_DISPLAY', false);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('DISABLE_WP_CRON', true);
define('FS_METHOD', 'direct');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('WP_ENVIRONMENT_TYPE', 'local');
if (!defined('ABSPATH')) {{
    define('ABSPATH', __DIR__ . '/');
}}
require_once ABSPATH . 'wp-settings.php';
"""


def wp_config(root: Path, db_port: int, url: str) -> None:
    names = ("AUTH", "SECURE_AUTH", "LOGGED_IN", "NONCE")
    salts = "\n".join(
        f"define('{n}_{kind}', '{secrets.token_hex(24)}');"
        for n in names
        for kind in ("KEY", "SALT")
    )
    (root / "wp-config.php").write_text(WP_CONFIG.format(db_port=db_port, url=url, salts=salts))


@dataclass
class Shop:
    """One running shop: its folder, database, web server and HTTPS address."""

    home: Path
    url: str
    db: subprocess.Popen[bytes]
    web: subprocess.Popen[bytes]
    front: TlsFront
    ids: dict[str, int]

    @property
    def root(self) -> Path:
        return self.home / "wordpress"

    @property
    def debug_log(self) -> Path:
        return self.root / "wp-content" / "debug.log"

    def php(self, code: str, timeout: float = 60) -> Any:
        """Runs `code` (a PHP function body) inside the shop; what it returns, from JSON."""
        cache = self.home / "opcache"
        cache.mkdir(exist_ok=True)
        done = subprocess.run(
            [
                "php",
                *OPCACHE_CLI,
                "-d",
                f"opcache.file_cache={cache}",
                str(PHP_DIR / "eval.php"),
                str(self.root),
            ],
            input=code.encode(),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
        out = done.stdout.decode(errors="replace")
        assert done.returncode == 0 and "--result--" in out, out + done.stderr.decode()
        return json.loads(out.rsplit("--result--", 1)[1])

    def option(self, name: str, value: Any) -> None:
        encoded = json.dumps(json.dumps(value))
        self.php(f"update_option({json.dumps(name)}, json_decode({encoded}, true)); return true;")

    def close(self) -> None:
        self.front.close()
        stop(self.web)
        stop(self.db)


def start_mariadb(datadir: Path, home: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    log = home / "mariadb.log"
    args = [
        "mariadbd",
        "--no-defaults",
        f"--datadir={datadir}",
        f"--socket={home / 'mysqld.sock'}",
        f"--pid-file={home / 'mysqld.pid'}",
        f"--port={port}",
        "--bind-address=127.0.0.1",
        "--skip-grant-tables",
        "--skip-name-resolve",
        *INNODB,
        "--innodb-flush-log-at-trx-commit=2",
        "--skip-log-bin",
        f"--log-error={log}",
    ]
    if os.geteuid() == 0:
        args.append("--user=root")
    proc = subprocess.Popen(
        args, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True
    )
    wait_for_port(port, proc, log)
    return proc, port


def start_php(root: Path, home: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    log = home / "php-server.log"
    env = {**os.environ, "PHP_CLI_SERVER_WORKERS": "4"}
    with log.open("wb") as out:
        proc = subprocess.Popen(
            ["php", "-S", f"127.0.0.1:{port}", "-t", str(root), str(PHP_DIR / "router.php")],
            cwd=root,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    wait_for_port(port, proc, log)
    return proc, port


def run_php(*args: str) -> str:
    done = subprocess.run(["php", *args], capture_output=True, text=True, check=False, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def build_template(template: Path, cache: Path) -> None:
    """Unpacks, installs and sets up a shop into `template` (wordpress/, db/, ids.json), then
    stops its database so the folder can be copied."""
    root = template / "wordpress"
    unpack(archive("wordpress", cache), root)
    wc = root / "wp-content" / "plugins" / "woocommerce"
    unpack(archive("woocommerce", cache), wc)
    caching = wc / "src" / "Caching"
    # The archive's file name differs from its class map's on a case-sensitive file system.
    if not (caching / "WPCacheEngine.php").exists():
        shutil.copy(caching / "WpCacheEngine.php", caching / "WPCacheEngine.php")
    mu = root / "wp-content" / "mu-plugins"
    mu.mkdir(exist_ok=True)
    shutil.copy(PHP_DIR / "offline.php", mu / "offline.php")
    # WordPress offers a site language only once its translation is installed; this machine
    # cannot download Bangla's, so an empty one stands in for it (WordPress's own words stay
    # English; the plugin brings its own Bangla).
    languages = root / "wp-content" / "languages"
    languages.mkdir(exist_ok=True)
    header = 'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nLanguage: bn_BD\\n"\n'
    (languages / "bn_BD.po").write_text(header)
    subprocess.run(
        ["msgfmt", "-o", str(languages / "bn_BD.mo"), str(languages / "bn_BD.po")], check=True
    )
    datadir = template / "db"
    install = [
        "mariadb-install-db",
        "--no-defaults",
        f"--datadir={datadir}",
        "--skip-test-db",
        *INNODB,
    ]
    if os.geteuid() == 0:
        install.append("--user=root")
    subprocess.run(install, capture_output=True, check=True, timeout=120)
    db, port = start_mariadb(datadir, template)
    try:
        subprocess.run(
            ["mariadb", "--no-defaults", "-h127.0.0.1", f"-P{port}", "-uroot"],
            input=b"CREATE DATABASE wordpress CHARACTER SET utf8mb4;",
            check=True,
            timeout=30,
        )
        wp_config(root, port, "https://localhost")
        run_php(str(PHP_DIR / "install.php"), str(root), ADMIN_PASSWORD)
        made = run_php(str(PHP_DIR / "setup-shop.php"), str(root), CUSTOMER_PASSWORD)
        (template / "ids.json").write_text(made.strip())
        # The installers' own notices (WooCommerce loading its words early from the CLI): the
        # tests read the log for the plugin's.
        (root / "wp-content" / "debug.log").unlink(missing_ok=True)
    finally:
        stop(db)


def template_dir(shared: Path) -> Path:
    """The template, built by the first worker to get here; the others wait for it."""
    template = shared / "shop-template"
    with (shared / "shop-template.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (template / "ids.json").exists():
            shutil.rmtree(template, ignore_errors=True)
            template.mkdir()
            build_template(template, shared)
    return template


def copy_site(source: Path, target: Path) -> None:
    """The template's WordPress folder, its LINKED folders hard-linked."""
    linked = {source / p for p in LINKED}

    def ignore(folder: str, names: list[str]) -> list[str]:
        return [n for n in names if Path(folder) / n in linked]

    shutil.copytree(source, target, symlinks=True, ignore=ignore)
    for part in LINKED:
        shutil.copytree(source / part, target / part, symlinks=True, copy_function=os.link)


@contextlib.contextmanager
def running_shop(template: Path, home: Path, cert: Path, key: Path) -> Iterator[Shop]:
    """A copy of the template, served over https://localhost:<port>."""
    copy_site(template / "wordpress", home / "wordpress")
    shutil.copytree(template / "db", home / "db", symlinks=True)
    db, db_port = start_mariadb(home / "db", home)
    web = front = None
    try:
        web, web_port = start_php(home / "wordpress", home)
        front = TlsFront(cert, key, web_port)
        url = f"https://localhost:{front.port}"
        wp_config(home / "wordpress", db_port, url)
        ids = json.loads((template / "ids.json").read_text())
        yield Shop(home, url, db, web, front, ids)
    finally:
        if front is not None:
            front.close()
        if web is not None:
            stop(web)
        stop(db)
