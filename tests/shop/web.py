"""HTTP to the test shop as a browser or a WordPress admin would speak it, without a browser:
cookies kept, redirects not followed, the test CA trusted; wp-admin's login and plugin upload
form; WooCommerce's Store API (what the Checkout block calls) for a guest's order."""

from __future__ import annotations

import http.cookiejar
import json
import re
import secrets
import ssl
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:
        return None


@dataclass
class Reply:
    status: int
    headers: Any
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    def json(self) -> Any:
        return json.loads(self.body)


class Client:
    """One visitor: its own cookies."""

    def __init__(self, base: str, ca: Path) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        context = ssl.create_default_context(cafile=str(ca))
        self.opener = urllib.request.build_opener(
            NoRedirect,
            urllib.request.HTTPSHandler(context=context),
            urllib.request.HTTPCookieProcessor(self.jar),
        )

    def request(
        self,
        method: str,
        path: str,
        data: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        url = path if path.startswith("http") else self.base + path
        req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
        try:
            with self.opener.open(req, timeout=60) as resp:
                return Reply(resp.status, resp.headers, resp.read())
        except urllib.error.HTTPError as err:
            return Reply(err.code, err.headers, err.read())

    def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        return self.request("GET", path, headers=headers)

    def post_form(
        self, path: str, fields: dict[str, str], files: dict[str, Path] | None = None
    ) -> Reply:
        if not files:
            body = urllib.parse.urlencode(fields).encode()
            return self.request(
                "POST", path, body, {"content-type": "application/x-www-form-urlencoded"}
            )
        boundary = "----shop" + secrets.token_hex(8)
        parts = []
        for name, value in fields.items():
            parts.append(
                f'--{boundary}\r\ncontent-disposition: form-data; name="{name}"\r\n\r\n'
                f"{value}\r\n".encode()
            )
        for name, path_ in files.items():
            parts.append(
                f'--{boundary}\r\ncontent-disposition: form-data; name="{name}"; '
                f'filename="{path_.name}"\r\ncontent-type: application/zip\r\n\r\n'.encode()
                + path_.read_bytes()
                + b"\r\n"
            )
        parts.append(f"--{boundary}--\r\n".encode())
        content_type = f"multipart/form-data; boundary={boundary}"
        return self.request("POST", path, b"".join(parts), {"content-type": content_type})

    def post_json(self, path: str, body: Any, headers: dict[str, str] | None = None) -> Reply:
        head = {"content-type": "application/json", **(headers or {})}
        return self.request("POST", path, json.dumps(body).encode(), head)


def form_value(html: str, name: str) -> str:
    """The value of the input called `name` in a page."""
    found = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', html) or re.search(
        rf'value="([^"]*)" name="{re.escape(name)}"', html
    )
    assert found, f"no {name} in the page"
    return found.group(1)


def log_in(client: Client, user: str, password: str) -> None:
    client.get("/wp-login.php")  # sets WordPress's test cookie, as a browser's first visit does
    reply = client.post_form(
        "/wp-login.php",
        {"log": user, "pwd": password, "wp-submit": "Log In", "testcookie": "1"},
    )
    assert reply.status == 302, reply.text[-2000:]


def upload_plugin(client: Client, zip_path: Path) -> str:
    """wp-admin's Plugins, Add New, Upload Plugin, then Activate: the form's nonce and all.
    The activation page's address."""
    form = client.get("/wp-admin/plugin-install.php?tab=upload")
    assert form.status == 200, form.status
    nonce = form_value(form.text, "_wpnonce")
    done = client.post_form(
        "/wp-admin/update.php?action=upload-plugin",
        {
            "_wpnonce": nonce,
            "_wp_http_referer": "/wp-admin/plugin-install.php?tab=upload",
            "install-plugin-submit": "Install Now",
        },
        {"pluginzip": zip_path},
    )
    assert done.status == 200 and "Plugin installed successfully" in done.text, done.text[-3000:]
    link = re.search(r'href="([^"]*plugins\.php\?action=activate[^"]*)"', done.text)
    assert link, done.text[-3000:]
    activate = link.group(1).replace("&amp;", "&")
    reply = client.get(activate if activate.startswith("http") else "/wp-admin/" + activate)
    assert reply.status == 302 and "activate=true" in reply.headers["location"], reply.status
    return activate


class StoreApi:
    """A guest's cart and checkout through WooCommerce's Store API (what the Checkout block
    sends), on one cart token."""

    def __init__(self, client: Client) -> None:
        self.client = client
        cart = client.get("/wp-json/wc/store/v1/cart")
        assert cart.status == 200, cart.text[:500]
        self.headers = {"Nonce": cart.headers["Nonce"], "Cart-Token": cart.headers["Cart-Token"]}

    def add(self, product_id: int, quantity: int = 1) -> Reply:
        reply = self.client.post_json(
            "/wp-json/wc/store/v1/cart/add-item",
            {"id": product_id, "quantity": quantity},
            self.headers,
        )
        assert reply.status == 201, reply.text[:1000]
        return reply

    def checkout(self, payment_method: str) -> Reply:
        address = {
            "first_name": "Rahima",
            "last_name": "Akter",
            "address_1": "House 5, Road 7",
            "city": "Dhaka",
            "state": "BD-13",
            "postcode": "1205",
            "country": "BD",
            "email": "rahima@example.com",
            "phone": "01711111111",
        }
        return self.client.post_json(
            "/wp-json/wc/store/v1/checkout",
            {
                "billing_address": address,
                "shipping_address": {k: v for k, v in address.items() if k != "email"},
                "payment_method": payment_method,
            },
            self.headers,
        )
