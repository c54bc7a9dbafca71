"""The dev stack's credentials file: a shell that sources it gets each value back unchanged, and
it is readable by its user only from its first byte, whatever was at its path before."""

from __future__ import annotations

import os
import stat
import subprocess

import pytest

from claimsvc.devstack.credentials import (
    Credential,
    credentials_file,
    secret,
    source_command,
    write_credentials,
)


def test_a_label_names_its_variable_and_a_key_shows_its_portal_prefix() -> None:
    key = secret("demo API key", "sk_AbCdEfGhIjKlMnOp")
    assert (key.variable, key.shown) == ("CLAIMSVC_DEMO_API_KEY", "sk_AbCdEfGhI…")
    assert secret("demo device token", "dev_x").variable == "CLAIMSVC_DEMO_DEVICE_TOKEN"


@pytest.mark.parametrize(
    "value",
    ["sk_plain-Key_1", "http://localhost:8080/portal/invite/a-b_c", 'it\'s $HOME; `id` "x" \\n'],
)
def test_sourcing_the_file_gives_back_each_value(tmp_path, value) -> None:
    path = credentials_file(tmp_path)
    write_credentials(path, [Credential("demo API key", value, "-"), secret("admin token", "a")])
    shown = subprocess.run(
        ["sh", "-c", f'{source_command(path)} && printf %s "$CLAIMSVC_DEMO_API_KEY"'],
        cwd="/",
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": os.environ.get("PATH", ""), "HOME": "/nowhere"},
    )
    assert shown.stdout == value


def test_a_looser_file_left_at_the_path_is_replaced_by_one_only_its_user_reads(tmp_path) -> None:
    path = credentials_file(tmp_path)
    path.write_text("OLD=1\n")
    path.chmod(0o644)
    write_credentials(path, [secret("demo API key", "sk_new")])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "OLD" not in path.read_text() and "sk_new" in path.read_text()


def test_a_link_at_the_path_is_replaced_and_its_target_left_alone(tmp_path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("theirs")
    target.chmod(0o644)
    path = credentials_file(tmp_path)
    path.symlink_to(target)
    write_credentials(path, [secret("demo API key", "sk_new")])
    assert not path.is_symlink() and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert target.read_text() == "theirs" and stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []
