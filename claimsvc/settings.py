"""Process configuration, read once from an environment mapping."""

from __future__ import annotations

import dataclasses
import re
import secrets
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from claimsvc.store.redis_url import SCHEMES, parse_redis_url


class SettingsError(ValueError):
    """A configuration variable is missing or malformed; the message names it."""


def _int(env: Mapping[str, str], name: str, default: int, lo: int = 0, hi: int = 2**31) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{name} must be an integer, got {raw!r}") from None
    if not lo <= value <= hi:
        raise SettingsError(f"{name} must be between {lo} and {hi}, got {value}")
    return value


def _bool(env: Mapping[str, str], name: str) -> bool:
    raw = env.get(name, "").strip().lower()
    if raw in ("", "0", "false", "no", "off"):
        return False
    if raw in ("1", "true", "yes", "on"):
        return True
    raise SettingsError(f"{name} must be 1 or 0, got {raw!r}")


def _bool_or_unset(env: Mapping[str, str], name: str) -> bool | None:
    """Like _bool, but None when the variable is unset or empty (a default decided later)."""
    return _bool(env, name) if env.get(name, "").strip() else None


def _store_url(env: Mapping[str, str], name: str, schemes: tuple[str, ...]) -> str | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.startswith(schemes):
        raise SettingsError(f"{name} must start with one of {', '.join(schemes)}")
    return raw


def _redis_url(env: Mapping[str, str]) -> str | None:
    raw = _store_url(env, "CLAIMSVC_REDIS_URL", SCHEMES)
    if raw is not None:
        try:
            parse_redis_url(raw)
        except ValueError as exc:
            raise SettingsError(f"CLAIMSVC_REDIS_URL: {exc}") from None
    return raw


def _redis_ca_file(env: Mapping[str, str], redis_url: str | None) -> str | None:
    """CLAIMSVC_REDIS_CA_FILE: a readable PEM bundle of CA certificates, for a TLS Redis URL."""
    path = env.get("CLAIMSVC_REDIS_CA_FILE", "").strip()
    if not path:
        return None
    if redis_url and not parse_redis_url(redis_url).tls:
        # A CA file beside a plain-text URL means the operator believes the link is encrypted.
        raise SettingsError(
            "CLAIMSVC_REDIS_CA_FILE is set but CLAIMSVC_REDIS_URL is not a TLS URL "
            "(rediss://, rediss+sentinel://, rediss+cluster://)"
        )
    try:
        ssl.create_default_context(cafile=path)
    except (OSError, ssl.SSLError) as exc:
        reason = exc.strerror or str(exc)
        raise SettingsError(
            f"CLAIMSVC_REDIS_CA_FILE: cannot load {path!r} as PEM CA certificates ({reason})"
        ) from None
    return path


def _redis_prefix(env: Mapping[str, str]) -> str:
    prefix = env.get("CLAIMSVC_REDIS_PREFIX") or Settings.redis_prefix
    if "{" in prefix or "}" in prefix:
        # Keys are `<prefix>{<tag>}:...`; a brace in the prefix would become every key's tag.
        raise SettingsError("CLAIMSVC_REDIS_PREFIX must not contain { or } (Cluster hash tags)")
    return prefix


def _public_sms_url(env: Mapping[str, str], base: str, sms_port: int) -> str:
    """CLAIMSVC_PUBLIC_SMS_URL, or the public base URL's scheme and host on the SMS port."""
    raw = (env.get("CLAIMSVC_PUBLIC_SMS_URL") or "").strip().rstrip("/")
    if not raw:
        parts = urlsplit(base)
        host = parts.hostname or "localhost"
        return f"{parts.scheme}://{f'[{host}]' if ':' in host else host}:{sms_port}"
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise SettingsError(
            "CLAIMSVC_PUBLIC_SMS_URL must be an http:// or https:// URL without a query, "
            f"got {raw!r}"
        )
    return raw


_HEADER_NAME = re.compile(r"[A-Za-z0-9-]{1,64}")
XFF = "X-Forwarded-For"


def _client_address(env: Mapping[str, str]) -> tuple[str, int]:
    """(header, trusted proxy hops) of the client-address rule (domain/client_address.py).

    CLAIMSVC_TRUST_X_FORWARDED_FOR=1, the older switch, means one trusted hop in X-Forwarded-For;
    it cannot be combined with the two variables that replace it.
    """
    header = env.get("CLAIMSVC_CLIENT_ADDRESS_HEADER", "").strip()
    hops_given = env.get("CLAIMSVC_TRUSTED_PROXY_HOPS", "").strip() != ""
    hops = _int(env, "CLAIMSVC_TRUSTED_PROXY_HOPS", 0, 0, 10)
    if _bool(env, "CLAIMSVC_TRUST_X_FORWARDED_FOR"):
        if hops_given or header:
            raise SettingsError(
                "CLAIMSVC_TRUST_X_FORWARDED_FOR=1 means CLAIMSVC_TRUSTED_PROXY_HOPS=1 with "
                "X-Forwarded-For; set either it or CLAIMSVC_TRUSTED_PROXY_HOPS and "
                "CLAIMSVC_CLIENT_ADDRESS_HEADER, not both"
            )
        return XFF, 1
    if not header:
        return XFF, hops
    if not _HEADER_NAME.fullmatch(header) or header.lower() == "forwarded":
        # RFC 7239 `Forwarded` carries `for=` pairs, not bare addresses: not read here.
        raise SettingsError(
            "CLAIMSVC_CLIENT_ADDRESS_HEADER must name a header of bare IP addresses such as "
            f"X-Forwarded-For or X-Real-IP, got {header!r}"
        )
    if hops == 0:
        raise SettingsError(
            "CLAIMSVC_CLIENT_ADDRESS_HEADER is set but CLAIMSVC_TRUSTED_PROXY_HOPS is 0 "
            "(no trusted proxy: the header would be ignored)"
        )
    return header, hops


def _log_level(env: Mapping[str, str], name: str, default: str) -> str:
    level = (env.get(name) or default).strip().upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise SettingsError(f"{name} must be DEBUG, INFO, WARNING or ERROR, got {level!r}")
    return level


def _bot_username(env: Mapping[str, str]) -> str | None:
    raw = env.get("CLAIMSVC_TELEGRAM_BOT_USERNAME", "").strip().lstrip("@")
    if raw and not re.fullmatch(r"[A-Za-z0-9_]{5,32}", raw):
        raise SettingsError("CLAIMSVC_TELEGRAM_BOT_USERNAME must be a bot's @name (5-32 letters)")
    return raw or None


def _smtp(env: Mapping[str, str]) -> dict[str, Any]:
    """The SMTP settings: all or nothing (a host needs a From address)."""
    host = env.get("CLAIMSVC_SMTP_HOST", "").strip() or None
    sender = env.get("CLAIMSVC_SMTP_FROM", "").strip() or None
    security = (env.get("CLAIMSVC_SMTP_SECURITY") or "starttls").strip().lower()
    if security not in ("starttls", "tls", "none"):
        raise SettingsError("CLAIMSVC_SMTP_SECURITY must be starttls, tls or none")
    if host and not (sender and re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", sender)):
        raise SettingsError("CLAIMSVC_SMTP_FROM must be an email address when a host is set")
    return {
        "smtp_host": host,
        "smtp_port": _int(env, "CLAIMSVC_SMTP_PORT", 587, 1, 65535),
        "smtp_security": security,
        "smtp_username": env.get("CLAIMSVC_SMTP_USERNAME") or None,
        "smtp_password": env.get("CLAIMSVC_SMTP_PASSWORD") or None,
        "smtp_from": sender,
    }


def _http_url(env: Mapping[str, str], name: str, default: str) -> str:
    raw = (env.get(name) or default).strip().rstrip("/")
    if not raw.startswith(("http://", "https://")):
        raise SettingsError(f"{name} must start with http:// or https://")
    return raw


def _secret(value: str | None) -> str:
    return "<unset>" if not value else "<set>"


def _mask_password(url: str | None) -> str | None:
    """A store URL with the password of its user-info (redis://:pw@host) hidden."""
    if not url:
        return url
    scheme, sep, rest = url.partition("://")
    cut = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    userinfo, at, hosts = rest[:cut].rpartition("@")
    if not sep or not at or ":" not in userinfo:
        return url
    return f"{scheme}://{userinfo.split(':', 1)[0]}:***@{hosts}{rest[cut:]}"


@dataclass(frozen=True)
class Settings:
    """Every setting of every process. Secrets never appear in repr."""

    mongo_url: str | None = None
    """CLAIMSVC_MONGO_URL: mongodb://... or memory:// (embedded). Required outside `dev`."""
    mongo_db: str = "claimsvc"
    """CLAIMSVC_MONGO_DB: database name."""
    redis_url: str | None = None
    """CLAIMSVC_REDIS_URL: redis://, rediss://, redis+sentinel://, redis+cluster:// (rediss+ for
    TLS) or memory:// (embedded). Required outside `dev`."""
    redis_ca_file: str | None = None
    """CLAIMSVC_REDIS_CA_FILE: CA bundle (PEM) a TLS Redis server's certificate is checked
    against, instead of the system CAs (a private CA). Needs a rediss URL."""
    redis_prefix: str = "claimsvc:"
    """CLAIMSVC_REDIS_PREFIX: prefix of every Redis key (lets tests and tenants share a server)."""
    admin_token: str | None = field(default=None, repr=False)
    """CLAIMSVC_ADMIN_TOKEN: bearer token of the admin API; unset disables it (404)."""
    public_base_url: str = "http://localhost:8080"
    """CLAIMSVC_PUBLIC_BASE_URL: where buyers reach the hosted page; prefixes checkout_url.
    Unset: http://localhost:$CLAIMSVC_API_PORT."""
    api_port: int = 8080
    """CLAIMSVC_API_PORT: merchant API, hosted page, admin API, /metrics."""
    sms_port: int = 8081
    """CLAIMSVC_SMS_PORT: SMS intake for forwarder devices."""
    public_sms_url: str = "http://localhost:8081"
    """CLAIMSVC_PUBLIC_SMS_URL: where forwarder phones reach the SMS intake (the portal's pairing
    QR code and setup steps). Unset: the public base URL's scheme and host on CLAIMSVC_SMS_PORT."""
    sms_reclaim_idle_s: int = 30
    """CLAIMSVC_SMS_RECLAIM_IDLE_SECONDS: an SMS stream entry pending this long is taken over."""
    sms_requeue_after_s: int = 60
    """CLAIMSVC_SMS_REQUEUE_AFTER_SECONDS: unprocessed SMS this old are re-queued if lost."""
    worker_port: int = 9101
    """CLAIMSVC_WORKER_PORT: worker ops port (/healthz, /metrics)."""
    webhook_allow_private: bool | None = None
    """CLAIMSVC_WEBHOOK_ALLOW_PRIVATE: 1 lets webhooks reach private addresses (dev, tests).
    None: unset, which is off, except in `claimsvc dev` (on unless set to 0)."""
    webhook_ca_file: str | None = None
    """CLAIMSVC_WEBHOOK_CA_FILE: extra CA bundle trusted for webhook HTTPS."""
    inspector_port: int = 8082
    """CLAIMSVC_INSPECTOR_PORT: `claimsvc dev` only: the local webhook inspector's HTTPS port
    on loopback (its certificate is from a dev CA the dev stack's sender trusts); 0: none."""
    webhook_concurrency: int = 100
    """CLAIMSVC_WEBHOOK_CONCURRENCY: webhook attempts one worker process runs at once."""
    outbox_relay_ms: int = 30_000
    """CLAIMSVC_OUTBOX_RELAY_MS: how often an idle worker looks for sessions owing their webhook
    event; a session ending wakes it at once (store/wake.py), so this only bounds a lost wake (a
    backlog is relayed batch after batch without pausing)."""
    submit_rate_per_ip: int = 300
    """CLAIMSVC_SUBMIT_RATE_PER_IP: buyer submit/cancel calls a minute per client address."""
    submit_rate_per_session: int = 30
    """CLAIMSVC_SUBMIT_RATE_PER_SESSION: buyer submit calls a minute per session."""
    link_open_rate_per_ip: int = 10
    """CLAIMSVC_LINK_OPEN_RATE_PER_IP: payment-link openings (POST /pay) a minute per address."""
    link_open_rate_per_link: int = 60
    """CLAIMSVC_LINK_OPEN_RATE_PER_LINK: openings a minute of one payment link, all addresses."""
    max_body_bytes: int = 64 * 1024
    """CLAIMSVC_MAX_BODY_BYTES: request bodies above this get 413."""
    trusted_proxy_hops: int = 0
    """CLAIMSVC_TRUSTED_PROXY_HOPS: proxies in front of the API and SMS processes that append
    their peer's address to the client-address header (1: the ingress alone; 2: a load balancer,
    then the ingress). 0: none, the socket's peer is the client. The client address is the
    value this many places from the header's right end; values further left are never read.
    CLAIMSVC_TRUST_X_FORWARDED_FOR=1, the older switch, still means 1 with X-Forwarded-For."""
    client_address_header: str = XFF
    """CLAIMSVC_CLIENT_ADDRESS_HEADER: the header those proxies write (X-Forwarded-For, or e.g.
    X-Real-IP when the proxy sets that one itself); read only when trusted_proxy_hops > 0. No
    other header is ever believed."""
    telegram_bot_token: str | None = field(default=None, repr=False)
    """CLAIMSVC_TELEGRAM_BOT_TOKEN: the alert bot's token from @BotFather; unset turns Telegram
    alerts off. A secret: never logged, shown or stored."""
    telegram_bot_username: str | None = None
    """CLAIMSVC_TELEGRAM_BOT_USERNAME: the bot's @name without the @, for the portal's link."""
    telegram_api_url: str = "https://api.telegram.org"
    """CLAIMSVC_TELEGRAM_API_URL: the Bot API server (a local Bot API server, or a test's)."""
    telegram_poll_s: int = 25
    """CLAIMSVC_TELEGRAM_POLL_SECONDS: getUpdates' long-poll timeout (0: short polls)."""
    alert_pass_ms: int = 30_000
    smtp_host: str | None = None
    """CLAIMSVC_SMTP_HOST: the SMTP server alert emails go through; unset turns email alerts off."""
    smtp_port: int = 587
    """CLAIMSVC_SMTP_PORT: its port (587 for STARTTLS, 465 for TLS)."""
    smtp_security: str = "starttls"
    """CLAIMSVC_SMTP_SECURITY: starttls, tls (implicit) or none (a relay on the same host only)."""
    smtp_username: str | None = None
    """CLAIMSVC_SMTP_USERNAME: the login, if the server asks for one."""
    smtp_password: str | None = field(default=None, repr=False)
    """CLAIMSVC_SMTP_PASSWORD: its password. A secret: never logged or shown."""
    smtp_from: str | None = None
    """CLAIMSVC_SMTP_FROM: the address alert emails come from (required with a host)."""
    """CLAIMSVC_ALERT_PASS_MS: how often an idle worker collects, fans out and sends alerts; a
    session's alert wakes the pass at once, an SMS or wallet alert waits for the next pass."""
    shutdown_grace_s: int = 20
    """CLAIMSVC_SHUTDOWN_GRACE_SECONDS: drain time after SIGTERM before in-flight work is let go."""
    log_level: str = "INFO"
    """CLAIMSVC_LOG_LEVEL: DEBUG, INFO, WARNING or ERROR, of the service's own loggers."""
    library_log_level: str = "WARNING"
    """CLAIMSVC_LIBRARY_LOG_LEVEL: DEBUG, INFO, WARNING or ERROR, of every library's loggers
    (the MongoDB driver, Redis, aiohttp, asyncio, tornado). Lower it only to debug a library: at
    DEBUG the MongoDB driver logs whole commands; fields named as secrets are masked, but a
    library may log what no mask recognises."""

    def __repr__(self) -> str:
        shown = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.repr}
        shown["admin_token"] = _secret(self.admin_token)
        shown["telegram_bot_token"] = _secret(self.telegram_bot_token)
        shown["smtp_password"] = _secret(self.smtp_password)
        # Store URLs may carry passwords (mongodb://user:pw@..., redis://:pw@...).
        shown["mongo_url"] = _mask_password(self.mongo_url)
        shown["redis_url"] = _mask_password(self.redis_url)
        return "Settings(" + ", ".join(f"{k}={v!r}" for k, v in shown.items()) + ")"

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Settings:
        """Build settings from environment variables, failing fast on a bad one."""
        level = _log_level(env, "CLAIMSVC_LOG_LEVEL", cls.log_level)
        api_port = _int(env, "CLAIMSVC_API_PORT", cls.api_port, 0, 65535)
        # Unset: this process's own port, so checkout_url works on a moved local stack too.
        base = (env.get("CLAIMSVC_PUBLIC_BASE_URL") or f"http://localhost:{api_port}").rstrip("/")
        if not base.startswith(("http://", "https://")):
            raise SettingsError("CLAIMSVC_PUBLIC_BASE_URL must start with http:// or https://")
        redis_url = _redis_url(env)
        sms_port = _int(env, "CLAIMSVC_SMS_PORT", cls.sms_port, 0, 65535)
        client_header, proxy_hops = _client_address(env)
        return cls(
            mongo_url=_store_url(
                env, "CLAIMSVC_MONGO_URL", ("mongodb://", "mongodb+srv://", "memory://")
            ),
            mongo_db=env.get("CLAIMSVC_MONGO_DB", cls.mongo_db) or cls.mongo_db,
            redis_url=redis_url,
            redis_ca_file=_redis_ca_file(env, redis_url),
            redis_prefix=_redis_prefix(env),
            admin_token=env.get("CLAIMSVC_ADMIN_TOKEN") or None,
            public_base_url=base,
            api_port=api_port,
            sms_port=sms_port,
            public_sms_url=_public_sms_url(env, base, sms_port),
            sms_reclaim_idle_s=_int(
                env, "CLAIMSVC_SMS_RECLAIM_IDLE_SECONDS", cls.sms_reclaim_idle_s, 1, 86_400
            ),
            sms_requeue_after_s=_int(
                env, "CLAIMSVC_SMS_REQUEUE_AFTER_SECONDS", cls.sms_requeue_after_s, 1, 86_400
            ),
            worker_port=_int(env, "CLAIMSVC_WORKER_PORT", cls.worker_port, 0, 65535),
            webhook_allow_private=_bool_or_unset(env, "CLAIMSVC_WEBHOOK_ALLOW_PRIVATE"),
            webhook_ca_file=env.get("CLAIMSVC_WEBHOOK_CA_FILE") or None,
            inspector_port=_int(env, "CLAIMSVC_INSPECTOR_PORT", cls.inspector_port, 0, 65535),
            webhook_concurrency=_int(
                env, "CLAIMSVC_WEBHOOK_CONCURRENCY", cls.webhook_concurrency, 1, 10_000
            ),
            outbox_relay_ms=_int(env, "CLAIMSVC_OUTBOX_RELAY_MS", cls.outbox_relay_ms, 1, 60_000),
            submit_rate_per_ip=_int(env, "CLAIMSVC_SUBMIT_RATE_PER_IP", cls.submit_rate_per_ip, 1),
            submit_rate_per_session=_int(
                env, "CLAIMSVC_SUBMIT_RATE_PER_SESSION", cls.submit_rate_per_session, 1
            ),
            link_open_rate_per_ip=_int(
                env, "CLAIMSVC_LINK_OPEN_RATE_PER_IP", cls.link_open_rate_per_ip, 1
            ),
            link_open_rate_per_link=_int(
                env, "CLAIMSVC_LINK_OPEN_RATE_PER_LINK", cls.link_open_rate_per_link, 1
            ),
            max_body_bytes=_int(env, "CLAIMSVC_MAX_BODY_BYTES", cls.max_body_bytes, 1024),
            client_address_header=client_header,
            trusted_proxy_hops=proxy_hops,
            telegram_bot_token=env.get("CLAIMSVC_TELEGRAM_BOT_TOKEN") or None,
            telegram_bot_username=_bot_username(env),
            telegram_api_url=_http_url(env, "CLAIMSVC_TELEGRAM_API_URL", cls.telegram_api_url),
            telegram_poll_s=_int(env, "CLAIMSVC_TELEGRAM_POLL_SECONDS", cls.telegram_poll_s, 0, 50),
            alert_pass_ms=_int(env, "CLAIMSVC_ALERT_PASS_MS", cls.alert_pass_ms, 10, 600_000),
            **_smtp(env),
            shutdown_grace_s=_int(
                env, "CLAIMSVC_SHUTDOWN_GRACE_SECONDS", cls.shutdown_grace_s, 0, 3600
            ),
            log_level=level,
            library_log_level=_log_level(env, "CLAIMSVC_LIBRARY_LOG_LEVEL", cls.library_log_level),
        )

    def require_stores(self) -> None:
        """A production process needs explicit store URLs: memory:// is never a fallback."""
        missing = [
            name
            for name, value in (
                ("CLAIMSVC_MONGO_URL", self.mongo_url),
                ("CLAIMSVC_REDIS_URL", self.redis_url),
            )
            if not value
        ]
        if missing:
            raise SettingsError(
                f"{' and '.join(missing)} must be set (mongodb:// / redis:// URLs, or memory:// "
                "for the embedded stores); `claimsvc dev` sets memory:// for you"
            )

    def for_dev(self) -> Settings:
        """The local stack: embedded stores unless URLs are given, and an admin token.

        Webhooks may reach private addresses (a receiver on this machine) unless
        CLAIMSVC_WEBHOOK_ALLOW_PRIVATE=0 says otherwise.
        """
        allow_private = self.webhook_allow_private
        return dataclasses.replace(
            self,
            mongo_url=self.mongo_url or "memory://",
            redis_url=self.redis_url or "memory://",
            admin_token=self.admin_token or "adm_" + secrets.token_urlsafe(24),
            webhook_allow_private=True if allow_private is None else allow_private,
        )

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed (tests, dev)."""
        return dataclasses.replace(self, **changes)
