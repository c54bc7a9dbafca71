"""The inspector's dev CA (claimsvc/inspector/certs.py): made once and kept (a restart trusts
the same CA), its key private to the user, and the sender's bundle holding the developer's own
CA file as well as the dev CA."""

from __future__ import annotations

import ssl

import pytest
import trustme

from claimsvc.inspector.certs import dev_certificates
from claimsvc.settings import SettingsError


def test_the_dev_ca_is_made_once_and_kept_private(tmp_path):
    first = dev_certificates(tmp_path / "inspector", None)
    again = dev_certificates(tmp_path / "inspector", None)
    assert first.ca_file.read_bytes() == again.ca_file.read_bytes()
    assert (tmp_path / "inspector" / "ca-key.pem").stat().st_mode & 0o077 == 0
    assert first.trust_bundle.read_bytes() == first.ca_file.read_bytes()
    assert isinstance(first.server, ssl.SSLContext)


def test_the_senders_bundle_keeps_the_developers_own_ca(tmp_path):
    own = trustme.CA()
    own_file = tmp_path / "own-ca.pem"
    own.cert_pem.write_to_path(str(own_file))
    certs = dev_certificates(tmp_path / "inspector", str(own_file))
    bundle = certs.trust_bundle.read_bytes()
    assert own.cert_pem.bytes().strip() in bundle
    assert certs.ca_file.read_bytes().strip() in bundle
    context = ssl.create_default_context(cafile=str(certs.trust_bundle))
    assert len(context.get_ca_certs()) == 2


def test_an_unreadable_ca_is_made_again(tmp_path):
    folder = tmp_path / "inspector"
    folder.mkdir()
    (folder / "ca.pem").write_bytes(b"garbage")
    (folder / "ca-key.pem").write_bytes(b"garbage")
    certs = dev_certificates(folder, None)
    assert b"BEGIN CERTIFICATE" in certs.ca_file.read_bytes()


def test_a_missing_ca_file_of_the_developers_is_named(tmp_path):
    with pytest.raises(SettingsError, match="CLAIMSVC_WEBHOOK_CA_FILE: cannot read"):
        dev_certificates(tmp_path / "inspector", str(tmp_path / "nope.pem"))
