"""`claimsvc dev` started as a newcomer starts it, for the tests that read its output."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.ops.kustomize import REPO
from tests.ops.processes import PORT_ATTEMPTS, PortTaken, free_port, wait_until_serving


@dataclass
class DevStack:
    proc: subprocess.Popen[bytes]
    api_port: int
    log: Path
    inspector_port: int = 0
    sms_port: int = 0

    def output(self) -> str:
        return self.log.read_text("utf-8")

    def call(self, method: str, path: str, token: str | None = None, **body: Any) -> Any:
        """A JSON call to the API port; (status, decoded body)."""
        data = json.dumps(body).encode() if method != "GET" else None
        req = urllib.request.Request(
            f"http://127.0.0.1:{self.api_port}{path}", data=data, method=method
        )
        req.add_header("content-type", "application/json")
        for name, value in self.headers(token).items():
            req.add_header(name, value)
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    @staticmethod
    def headers(token: str | None) -> dict[str, str]:
        if token is None:
            return {}
        if token.startswith("sk_"):
            return {"x-api-key": token}
        return {"Authorization": f"Bearer {token}"}

    def banner_value(self, label: str) -> str:
        (line,) = [ln for ln in self.output().splitlines() if ln.strip().startswith(label)]
        return line.split(":", 1)[1].strip()

    def banner_curl(self) -> str:
        """The banner's curl command, exactly as printed (its continuation lines joined by sh;
        it reads the key from the credentials file itself)."""
        lines = self.output().splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("Open a session"))
        command = []
        for line in lines[start + 1 :]:
            if not line.strip():
                break
            command.append(line)
        return "\n".join(command)

    def credentials_file(self) -> Path:
        """The file the banner names on its `secrets:` line."""
        return Path(self.banner_value("secrets").split(" (", 1)[0])

    def credentials(self) -> dict[str, str]:
        """The credentials file's variables, as a shell that sources it sets them."""
        return read_credentials(self.credentials_file())

    def credential(self, label: str) -> str:
        """The secret behind a banner line: the line names its variable in the file."""
        (variable,) = re.findall(r"\$(CLAIMSVC_[A-Z_]+)\)$", self.banner_value(label))
        return self.credentials()[variable]


def read_credentials(path: Path) -> dict[str, str]:
    """`NAME=value` lines of a file a shell sources (comments skipped)."""
    lines = [ln for ln in path.read_text("utf-8").splitlines() if ln and not ln.startswith("#")]
    return {name: shlex.split(value)[0] for name, value in (ln.split("=", 1) for ln in lines)}


def forward_bkash_sms(
    sms_port: int, device_token: str, amount: str, trx_id: str, balance: str
) -> None:
    """A merchant's phone forwards a buyer's bKash payment SMS to the stack's SMS intake."""
    message = (
        f"You have received Tk {amount} from 01712345678. Fee Tk 0.00. "
        f"Balance Tk {balance}. TrxID {trx_id} at 25/11/2026 10:30"
    )
    req = urllib.request.Request(
        f"http://127.0.0.1:{sms_port}/sms/v1/messages",
        data=json.dumps({"sender": "bKash", "message": message}).encode(),
        headers={"authorization": f"Bearer {device_token}", "content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        assert json.loads(resp.read()) == {"accepted": 1, "duplicates": 0}


BANNER = "  demo account:"
"""A line of the banner, which `claimsvc dev` prints once its ports are bound."""


@contextlib.contextmanager
def dev_stack(tmp_path: Path, **env: str) -> Iterator[DevStack]:
    """`python -m claimsvc.runtime.cli dev` on free ports and the in-process stores; stopped by
    SIGTERM, so the output read afterwards holds the drain's lines too. Started again on other
    free ports when one picked was taken meanwhile (unless `env` chose it)."""
    log = tmp_path / "dev.log"
    for attempt in range(1, PORT_ATTEMPTS + 1):
        ports = {
            "CLAIMSVC_API_PORT": str(free_port()),
            "CLAIMSVC_SMS_PORT": str(free_port()),
            "CLAIMSVC_INSPECTOR_PORT": str(free_port()),
        }
        environ = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": str(REPO),
            "CLAIMSVC_MONGO_URL": "memory://",
            "CLAIMSVC_REDIS_URL": "memory://",
            **ports,
            "CLAIMSVC_SHUTDOWN_GRACE_SECONDS": "2",
            **env,
        }
        with log.open("wb") as out:
            proc = subprocess.Popen(
                [sys.executable, "-m", "claimsvc.runtime.cli", "dev"],
                cwd=tmp_path,
                env=environ,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            api_port = int(environ["CLAIMSVC_API_PORT"])
            try:
                wait_until_serving(api_port, proc, log, BANNER)
            except PortTaken as taken:
                if attempt == PORT_ATTEMPTS or any(map(taken.names, env)):
                    raise
                continue
            yield DevStack(
                proc,
                api_port,
                log,
                int(environ["CLAIMSVC_INSPECTOR_PORT"]),
                int(environ["CLAIMSVC_SMS_PORT"]),
            )
            return
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
