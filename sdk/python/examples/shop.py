"""A shop with a checkout button and a webhook endpoint, on the standard library only.

    CLAIMSVC_API_KEY=sk_... python sdk/python/examples/shop.py     # then open https://localhost:8443

See sdk/examples/README.md for the whole walk-through against `claimsvc dev`.
"""

from __future__ import annotations

import html
import json
import os
import secrets
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # or: pip install sdk/python

from claimsvc_sdk import ApiError, Client, WebhookVerificationError, webhooks

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHOP_URL = os.environ.get("SHOP_URL", "https://localhost:8443")
# The account's callback secret (the test one for a test key): the portal's Webhooks page.
SECRET = os.environ["CLAIMSVC_CALLBACK_SECRET"]
PRICE = "1250.50"
client = Client(
    os.environ["CLAIMSVC_API_KEY"], os.environ.get("CLAIMSVC_BASE_URL", "http://localhost:8080")
)

orders: dict[str, dict[str, str]] = {}  # a real shop keeps these in its database
seen_events: set[str] = set()
lock = threading.Lock()

PAGE = (
    '<!doctype html><meta charset=utf-8><meta name=viewport content="width=device-width">'
    "<title>Nakshi Shop</title>"
    '<body style="font-family:sans-serif;max-width:30em;margin:2em auto">{}</body>'
)


class Shop(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        url = urlsplit(self.path)
        order = parse_qs(url.query).get("order", [""])[0]
        if url.path == "/":
            rows = "".join(f"<li>{html.escape(k)}: {v['status']}</li>" for k, v in orders.items())
            self.page(
                f"<h1>Nakshi kantha</h1><p>৳ {PRICE}</p><form method=post action=/checkout>"
                f"<button>Pay with bKash, Nagad or Rocket</button></form><ul>{rows}</ul>"
            )
        elif url.path == "/thanks":
            status = orders.get(order, {}).get("status", "unknown")
            self.page(
                f"<p>Order {html.escape(order)}: <b>{status}</b></p><a href=/>Back</a>",
                refresh=status == "PENDING",
            )
        elif url.path == "/cancelled":
            self.page("<p>Payment cancelled.</p><a href=/>Back</a>")
        elif url.path.startswith("/orders/"):
            self.send(200, json.dumps(orders.get(url.path[8:], {})).encode(), "application/json")
        else:
            self.send(404, b"not found", "text/plain")

    def do_POST(self) -> None:
        if self.path == "/checkout":
            self.checkout()
        elif self.path == "/webhook":
            self.webhook()
        else:
            self.send(404, b"not found", "text/plain")

    def checkout(self) -> None:
        """The button: open a session for a new order and send the buyer to the hosted page."""
        order_id = "shop-" + secrets.token_hex(6)
        with lock:
            orders[order_id] = {"status": "PENDING", "amount": PRICE}
        try:
            opened = client.sessions.initialize(
                order_id,
                success_url=f"{SHOP_URL}/thanks?order={order_id}",
                cancel_url=f"{SHOP_URL}/cancelled?order={order_id}",
                webhook_url=f"{SHOP_URL}/webhook",
                amount=PRICE,
            )
        except ApiError as exc:  # e.g. MaintenanceError after its retries
            self.page(f"<p>Checkout is not available: {html.escape(exc.message)}</p>", status=502)
            return
        self.send_response(303)
        self.send_header("location", opened.session.checkout_url)
        self.send_header("content-length", "0")
        self.end_headers()

    def webhook(self) -> None:
        """The service's webhook: verify the raw body, act once per event id, answer 2xx fast."""
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        try:
            event = webhooks.verify(raw, dict(self.headers.items()), SECRET)
        except WebhookVerificationError:
            self.send(401, b"", "text/plain")
            return
        with lock:
            if event.id not in seen_events and not event.test:
                seen_events.add(event.id)
                order = orders.setdefault(event.order_id, {"amount": event.amount_text})
                if order.get("amount") == event.amount_text:  # the amount you charged, exactly
                    order["status"] = event.payment_status
        self.send(200, b"", "text/plain")

    def page(self, body: str, status: int = 200, refresh: bool = False) -> None:
        head = "<meta http-equiv=refresh content=2>" if refresh else ""
        self.send(status, (head + PAGE.format(body)).encode(), "text/html; charset=utf-8")

    def send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main() -> None:
    port = int(os.environ.get("SHOP_PORT", "8443"))
    server = ThreadingHTTPServer(("127.0.0.1", port), Shop)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(
        os.environ.get("SHOP_CERT", str(EXAMPLES / "cert.pem")),
        os.environ.get("SHOP_KEY", str(EXAMPLES / "key.pem")),
    )
    server.socket = tls.wrap_socket(server.socket, server_side=True)
    print(f"shop on {SHOP_URL}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
