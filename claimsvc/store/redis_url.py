"""What a CLAIMSVC_REDIS_URL names: one server, a Sentinel-watched primary, or a Cluster.

Forms (contract §1):

- `redis://` and `rediss://`: one server, as redis-py's `from_url` reads it;
- `redis+sentinel://[[user]:password@]host:port[,host:port...]/service_name[/db]`: the Sentinels
  to ask, and the name of the primary they watch; the password authenticates to the primary and
  replicas and to the Sentinels alike (one password for the whole set, as the common Helm charts
  configure it);
- `redis+cluster://[[user]:password@]host:port[,host:port...]`: any nodes of the Cluster (the
  client learns the rest);
- `rediss+sentinel://` and `rediss+cluster://`: the same over TLS;
- every TLS form checks the server's certificate and host name, against the system CA bundle or
  CLAIMSVC_REDIS_CA_FILE; the `ssl_*` query options of redis-py (which could turn the check off
  or point it elsewhere) are refused;
- `memory://`: the in-process fake.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import parse_qsl, unquote, urlsplit

Kind = Literal["memory", "single", "sentinel", "cluster"]

SENTINEL_PORT = 26379
REDIS_PORT = 6379

_SCHEMES: dict[str, tuple[Kind, bool]] = {
    "memory": ("memory", False),
    "redis": ("single", False),
    "rediss": ("single", True),
    "redis+sentinel": ("sentinel", False),
    "rediss+sentinel": ("sentinel", True),
    "redis+cluster": ("cluster", False),
    "rediss+cluster": ("cluster", True),
}
SCHEMES = tuple(f"{scheme}://" for scheme in _SCHEMES)


@dataclass(frozen=True)
class RedisTarget:
    """A parsed CLAIMSVC_REDIS_URL. `url` is kept whole for the single-server form."""

    kind: Kind
    url: str = field(repr=False)
    tls: bool = False
    hosts: tuple[tuple[str, int], ...] = ()
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    service: str | None = None
    db: int = 0


def _host(item: str, default_port: int) -> tuple[str, int]:
    """`host`, `host:port` or `[v6]:port`."""
    item = item.strip()
    if item.startswith("["):
        host, _, rest = item[1:].partition("]")
        port = rest.removeprefix(":")
    else:
        host, _, port = item.partition(":")
    port = port or str(default_port)
    if not host:
        raise ValueError(f"host missing in {item!r}")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"bad port in {item!r}")
    return host, int(port)


def _path(kind: Kind, path: str) -> tuple[str | None, int]:
    parts = [unquote(p) for p in path.strip("/").split("/")] if path.strip("/") else []
    if kind == "cluster":
        if parts:
            raise ValueError("a Cluster URL names no database or service (Cluster has db 0 only)")
        return None, 0
    if not parts or len(parts) > 2 or not parts[0]:
        raise ValueError("a Sentinel URL ends in /service_name or /service_name/db")
    if len(parts) == 2 and not parts[1].isdigit():
        raise ValueError(f"database must be a number, got {parts[1]!r}")
    return parts[0], int(parts[1]) if len(parts) == 2 else 0


def parse_redis_url(url: str) -> RedisTarget:
    """The target a URL names; ValueError saying what is wrong (never echoing the password)."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.lower() not in _SCHEMES:
        raise ValueError(f"must start with one of {', '.join(SCHEMES)}")
    kind, tls = _SCHEMES[scheme.lower()]
    if kind == "single":
        tls_options = [k for k, _ in parse_qsl(urlsplit(url).query) if k.lower().startswith("ssl")]
        if tls_options:
            raise ValueError(
                f"TLS options in the URL are refused ({', '.join(tls_options)}): the server "
                "certificate is always checked; a private CA goes in CLAIMSVC_REDIS_CA_FILE"
            )
    if kind in ("memory", "single"):
        return RedisTarget(kind, url, tls)
    if any(c in rest for c in "?#"):
        raise ValueError("Sentinel and Cluster URLs take no query or fragment")
    netloc, _, path = rest.partition("/")
    userinfo, at, hostlist = netloc.rpartition("@")
    username = password = None
    if at:
        user, colon, secret = userinfo.partition(":")
        username = unquote(user) or None
        password = unquote(secret) if colon else None
    default_port = SENTINEL_PORT if kind == "sentinel" else REDIS_PORT
    hosts = tuple(_host(item, default_port) for item in hostlist.split(",") if item.strip())
    if not hosts:
        raise ValueError("at least one host:port is needed")
    service, db = _path(kind, "/" + path)
    return RedisTarget(kind, url, tls, hosts, username, password, service, db)
