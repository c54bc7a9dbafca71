"""An SMS forwarder device (a merchant's phone) as a value, and the rules about it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from ipaddress import ip_address
from urllib.parse import quote, urlsplit

from claimsvc.domain.bounds import digits

INTAKE_PATH = "/sms/v1/messages"
"""Where forwarders post SMS on the SMS port (contract.md §5)."""

DEFAULT_QUIET_MINUTES = 60
"""An active device not heard from this long has gone quiet: a forwarder pinging every few minutes
never is, one the battery saver killed is (docs/sms-forwarders.md, section 6). An account may set
its own threshold (`phone_quiet_minutes`, issue 27); this one is every account's that sets none,
and the SMS process's paging threshold (`devices_silent{over="60m"}`)."""
MIN_QUIET_MINUTES = 10
"""The shortest threshold an account may set: the alert pass asks for phones quiet this long (one
query on the quiet index) and keeps those quiet for their own account's threshold."""
MAX_QUIET_MINUTES = 1440
"""The longest: a day."""
QUIET_AFTER = timedelta(minutes=DEFAULT_QUIET_MINUTES)
SHORTEST_QUIET = timedelta(minutes=MIN_QUIET_MINUTES)


def quiet_after(minutes: int | None) -> timedelta:
    """An account's threshold as a span: None (the account sets none) is the default."""
    return timedelta(minutes=minutes or DEFAULT_QUIET_MINUTES)


@dataclass(frozen=True)
class Device:
    """A registered forwarder. Its token is known only as a SHA-256 hash and a display prefix."""

    id: str
    account_id: str
    name: str
    token_hash: str
    token_prefix: str
    signing_key: str | None
    """Kept as given: the intake needs it to recompute the forwarder's HMAC (None: unsigned)."""
    created_at: datetime
    revoked_at: datetime | None = None
    last_seen_at: datetime | None = None

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    def seen_within(self, span: timedelta, now: datetime) -> bool:
        """Whether the device called in less than `span` before `now`."""
        return self.last_seen_at is not None and self.last_seen_at > now - span

    def quiet(self, now: datetime, after: timedelta = QUIET_AFTER) -> bool:
        """Active and not heard from for `after`, its account's threshold (a never-seen one
        counts from creation)."""
        heard = self.last_seen_at or self.created_at
        return self.active and heard < now - after


def quiet_minutes(text: str) -> int | None:
    """A threshold typed in a form: ASCII digits from MIN_QUIET_MINUTES to MAX_QUIET_MINUTES;
    None for anything else (the bounded-number rule of domain/bounds.py)."""
    value = digits(text, MAX_QUIET_MINUTES)
    return value if value is not None and value >= MIN_QUIET_MINUTES else None


def past_threshold(silent: list[Device], minutes: dict[str, int], now: datetime) -> list[Device]:
    """Of phones silent for the shortest threshold, those quiet for their own account's
    (`minutes` by account id; an account missing from it has the default)."""
    return [d for d in silent if d.quiet(now, quiet_after(minutes.get(d.account_id)))]


@dataclass(frozen=True)
class Registered:
    """A device just registered, with its token: the one time the token is known."""

    device: Device
    token: str


def intake_url(public_sms_url: str, token: str) -> str:
    """The intake address a forwarder app posts to, the device token as its `token` query
    parameter (contract.md §5): what the pairing QR code holds, since no supported app imports
    its settings from a QR code or a link (docs/sms-forwarders.md, "Pairing")."""
    return f"{public_sms_url.rstrip('/')}{INTAKE_PATH}?token={quote(token, safe='')}"


def phone_cannot_reach(public_sms_url: str) -> bool:
    """Whether the intake address names the server's own machine (localhost, a loopback or
    unspecified address): a phone opening it reaches itself, never us. `claimsvc dev` leaves
    CLAIMSVC_PUBLIC_SMS_URL unset, which gives http://localhost:<sms port>. A private network
    address (192.168.x.x on the same Wi-Fi) is reachable, so it passes."""
    host = (urlsplit(public_sms_url).hostname or "").rstrip(".").lower()
    if not host or host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified or address.is_link_local
