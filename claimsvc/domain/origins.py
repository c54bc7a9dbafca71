"""Staying on our own site (pure): the origins (scheme, host, port) the portal's forms may come
from, and the paths a sign-in may send the browser on to."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import unquote, urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "[::1]")
PORTAL_HOME = "/portal/"


def origin_of(url: str) -> str | None:
    """`scheme://host[:port]` of an absolute http(s) URL as a browser's Origin header names it
    (lower case, default port left out), or None for anything else."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), parts.hostname
    if scheme not in DEFAULT_PORTS or not host:
        return None
    host = f"[{host}]" if ":" in host else host
    shown_port = "" if port is None or port == DEFAULT_PORTS[scheme] else f":{port}"
    return f"{scheme}://{host}{shown_port}"


@lru_cache(maxsize=8)
def trusted_origins(public_base_url: str) -> frozenset[str]:
    """The origins a form may be posted from: the public base URL's, scheme and port included.

    A loopback base URL (the local stack, `claimsvc dev`) also accepts the other loopback names
    on the same scheme and port: a developer may open http://127.0.0.1:8080 or
    http://localhost:8080. No other host is ever added.
    """
    origin = origin_of(public_base_url)
    if origin is None:
        return frozenset()
    scheme, _, rest = origin.partition("://")
    for name in LOOPBACK_HOSTS:
        if rest == name or rest.startswith(f"{name}:"):
            port = rest[len(name) :]
            return frozenset(f"{scheme}://{alias}{port}" for alias in LOOPBACK_HOSTS)
    return frozenset({origin})


def is_trusted_source(source: str | None, public_base_url: str) -> bool:
    """Whether an Origin (or, without one, Referer) header names one of the trusted origins."""
    if not source or source == "null":
        return False
    return origin_of(source) in trusted_origins(public_base_url)


NEXT_LIMIT = 2000
"""The longest `next` kept (a Location header and a hidden field carry it)."""


def safe_next(path: str | None) -> str:
    """Where to go after signing in: a same-site path under /portal, else the portal's home.

    Kept only in printable ASCII without spaces (a header cannot carry a control character, and
    CR/LF would split it), with no scheme or host (`https:`, `//host`), no backslash (browsers
    read it as a slash) and no dot segment, plain or percent-encoded (`/portal/../x`).
    """
    if not path or len(path) > NEXT_LIMIT or "\\" in path:
        return PORTAL_HOME
    if not all("!" <= char <= "~" for char in path):
        return PORTAL_HOME
    parts = urlsplit(path)
    if parts.scheme or parts.netloc or path.startswith("//"):
        return PORTAL_HOME
    if parts.path != "/portal" and not parts.path.startswith("/portal/"):
        return PORTAL_HOME
    if any(unquote(segment) in (".", "..") for segment in parts.path.split("/")):
        return PORTAL_HOME
    return path
