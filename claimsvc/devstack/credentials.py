"""The secrets `claimsvc dev` makes up, kept out of everything it prints and logs.

At each start they are written to `<data dir>/credentials.env`, `NAME=value` lines a POSIX shell
can source, readable by this user only. The banner names the file and shows each secret by its
display prefix (what the portal shows of a key); its curl reads the key from the file.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from claimsvc.domain.accounts import display_prefix

CREDENTIALS_FILE = "credentials.env"
VARIABLE_PREFIX = "CLAIMSVC_"
HEADER = (
    "# `claimsvc dev`: the secrets of its latest start, rewritten at each start, readable by\n"
    "# you only. Use them with `. <this file>` in a shell; never commit or paste this file.\n"
)


@dataclass(frozen=True)
class Credential:
    """A secret of this start: its banner label, its value (the file only) and what the banner
    shows instead."""

    label: str
    value: str
    shown: str

    @property
    def variable(self) -> str:
        """Its name in the file: `demo API key` is CLAIMSVC_DEMO_API_KEY."""
        return VARIABLE_PREFIX + re.sub(r"[^A-Za-z0-9]+", "_", self.label).strip("_").upper()


def secret(label: str, value: str) -> Credential:
    """A key or token, shown by its display prefix."""
    return Credential(label, value, display_prefix(value) + "…")


def credentials_file(data_dir: Path) -> Path:
    """The file's path, absolute so the banner's commands work from any directory (and so `.`
    never searches PATH for it)."""
    return (data_dir / CREDENTIALS_FILE).absolute()


def source_command(path: Path) -> str:
    """The shell command that sets the file's variables."""
    return f". {shlex.quote(str(path))}"


def write_credentials(path: Path, credentials: Iterable[Credential]) -> None:
    """Replace the file with these credentials, one `NAME=value` line each."""
    lines = [f"{c.variable}={shlex.quote(c.value)}\n" for c in credentials]
    write_private(path, HEADER + "".join(lines))


def write_private(path: Path, text: str) -> None:
    """`text` in `path`, readable by this user only from its first byte: written to a new file
    created with mode 0600 (O_EXCL: never a file or a link already there), then renamed over
    `path`, so the looser mode of an earlier file never carries over and no reader sees half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    part.unlink(missing_ok=True)
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(part, path)
    except BaseException:
        part.unlink(missing_ok=True)
        raise
