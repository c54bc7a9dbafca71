"""`claimsvc dev` shows no secret: each one it makes up (the demo's live and test keys, its
live and test callback secrets, the generated admin token, the portal owner's set-password
link, the demo phone's token) is in its credentials file only, readable by the user alone; the
banner shows their first characters, and its curl, pasted as printed, opens a session with the
key read from that file."""

from __future__ import annotations

import http.client
import json
import stat
import subprocess
import urllib.request

import pytest

from tests.ops.dev_stack import dev_stack, forward_bkash_sms

pytestmark = pytest.mark.timeout(180)

# banner label -> the variable its line names in the credentials file
SHOWN_BY_PREFIX = {
    "demo API key": "CLAIMSVC_DEMO_API_KEY",
    "demo test key": "CLAIMSVC_DEMO_TEST_KEY",
    "demo device token": "CLAIMSVC_DEMO_DEVICE_TOKEN",
    "demo callback secret": "CLAIMSVC_DEMO_CALLBACK_SECRET",
    "demo test callback secret": "CLAIMSVC_DEMO_TEST_CALLBACK_SECRET",
    "admin token": "CLAIMSVC_ADMIN_TOKEN",
}
OWNER_LINK = "CLAIMSVC_DEMO_OWNER_LINK"
BUYER_PHONE = "01712345678"  # in the forwarded SMS (forward_bkash_sms)


def get(url: str, token: str | None = None) -> tuple[int, str]:
    req = urllib.request.Request(url)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status, resp.read().decode()


def opened_link(port: int, path: str) -> int:
    """The set-password link as a browser opens it (its token moves into a cookie): status."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def test_no_secret_reaches_the_dev_stacks_output_and_the_banners_curl_opens_a_session(tmp_path):
    with dev_stack(tmp_path) as stack:
        path = stack.credentials_file()
        assert path == tmp_path / ".claimsvc-dev" / "credentials.env"
        mode = path.stat().st_mode
        assert stat.S_ISREG(mode) and stat.S_IMODE(mode) == 0o600
        made = stack.credentials()
        assert set(made) == {*SHOWN_BY_PREFIX.values(), OWNER_LINK}
        for label, variable in SHOWN_BY_PREFIX.items():
            assert stack.banner_value(label).startswith(made[variable][:12] + "…"), label
        link = made[OWNER_LINK]
        invite_token = link.rsplit("/", 1)[1]
        assert stack.banner_value("portal owner").endswith(
            f"${OWNER_LINK} ({link.removesuffix(invite_token)}{invite_token[:12]}…)"
        )

        # Pasted as printed, from another directory: sh sources the file, curl sends the key.
        command = stack.banner_curl() + " -w '\\n%{http_code}'"
        done = subprocess.run(
            ["sh", "-c", command], cwd="/", capture_output=True, text=True, timeout=30
        )
        body, status = done.stdout.rsplit("\n", 1)
        assert status == "201", (done.stdout, done.stderr)
        assert json.loads(body)["status"] == "OPEN"

        # The other secrets in use, so the lines their requests log are in the output too.
        forward_bkash_sms(
            stack.sms_port, made["CLAIMSVC_DEMO_DEVICE_TOKEN"], "10.00", "9CRD3NTL5X", "9,10.00"
        )
        api = f"http://127.0.0.1:{stack.api_port}"
        account = f"{api}/admin/v1/accounts/{stack.banner_value('demo account')}"
        assert get(account, made["CLAIMSVC_ADMIN_TOKEN"])[0] == 200
        assert opened_link(stack.api_port, link.split(str(stack.api_port), 1)[1]) == 303
        status, metrics = get(f"{api}/metrics")
    secrets = {name: value for name, value in made.items() if name != OWNER_LINK}
    secrets[OWNER_LINK] = invite_token  # the link's secret part
    output = stack.output()  # stdout and stderr, from the start to the end of the drain
    assert stack.proc.returncode == 0
    assert [name for name, value in secrets.items() if value in output] == []
    assert [name for name, value in secrets.items() if value in metrics] == []
    assert BUYER_PHONE not in output
