"""The inspector's certificate: a private dev CA kept in the dev data directory (so a restart
keeps it, and a browser or curl told to trust it once stays told), and a certificate for the
loopback names issued from it at each start.

trustme makes the CA (a test tool, also in the `dev` extra for this reason): it writes a CA and
leaf certificates for loopback names with no OpenSSL command and no network.
"""

from __future__ import annotations

import os
import ssl
from dataclasses import dataclass
from pathlib import Path

import trustme

from claimsvc.settings import SettingsError

NAMES = ("localhost", "127.0.0.1", "::1")
"""What the inspector's certificate is valid for."""


@dataclass(frozen=True)
class DevCertificates:
    """Where the dev CA is, the bundle the webhook sender trusts, and the server's context."""

    ca_file: Path
    trust_bundle: Path
    """The dev CA, after any CA file the developer gave in CLAIMSVC_WEBHOOK_CA_FILE."""
    server: ssl.SSLContext


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


def _load_or_make_ca(folder: Path) -> trustme.CA:
    cert, key = folder / "ca.pem", folder / "ca-key.pem"
    if cert.exists() and key.exists():
        try:
            return trustme.CA.from_pem(cert.read_bytes(), key.read_bytes())
        except ValueError:
            pass  # unreadable: made again below
    ca = trustme.CA(organization_name="claimsvc dev")
    folder.mkdir(parents=True, exist_ok=True)
    _write_private(key, ca.private_key_pem.bytes())
    cert.write_bytes(ca.cert_pem.bytes())
    return ca


def dev_certificates(folder: Path, extra_ca_file: str | None) -> DevCertificates:
    """The dev CA in `folder` (made on first use), a fresh server certificate, and the trust
    bundle: `extra_ca_file`'s CAs (a developer's own receiver) and the dev CA."""
    ca = _load_or_make_ca(folder)
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(*NAMES).configure_cert(server)
    try:
        extra = Path(extra_ca_file).read_bytes().rstrip() + b"\n" if extra_ca_file else b""
    except OSError as exc:
        raise SettingsError(
            f"CLAIMSVC_WEBHOOK_CA_FILE: cannot read {extra_ca_file!r} ({exc.strerror})"
        ) from None
    bundle = folder / "webhook-trust.pem"
    bundle.write_bytes(extra + ca.cert_pem.bytes())
    return DevCertificates(folder / "ca.pem", bundle, server)
