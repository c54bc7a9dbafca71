"""Adding and removing an account's allowed hosts from the portal: the one host rule
(domain/hosts.py) decides what an entry may be; these rules decide what a list may hold."""

from __future__ import annotations

from claimsvc.domain.hosts import AMBIGUOUS, entry_form, entry_problem

MAX_ALLOWED_HOSTS = 100
"""As the admin API's `allowed_hosts` (api/admin/accounts.py)."""

MAX_ENTRY_LENGTH = 253

BAD = "webhooks.hosts_bad"
AMBIGUOUS_HOST = "webhooks.hosts_ambiguous"
ALREADY = "webhooks.hosts_already"
TOO_MANY = "webhooks.hosts_too_many"
NOT_LISTED = "webhooks.hosts_not_listed"
BUSY = "webhooks.hosts_busy"


class HostListRefused(ValueError):
    """The change is refused; `key` names the words that say why (portal words)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def with_host(current: tuple[str, ...], typed: str) -> tuple[str, ...]:
    """`current` and the entry typed (trimmed; stored as written, like the admin API's), or
    HostListRefused: not a host or `*.domain` (a URL, a path, a port), ambiguous, the same
    host as an entry already listed (in its compared, UTS-46 form), or a full list."""
    entry = typed.strip()
    if not entry or len(entry) > MAX_ENTRY_LENGTH:
        raise HostListRefused(BAD)
    problem = entry_problem(entry)
    if problem == AMBIGUOUS:
        raise HostListRefused(AMBIGUOUS_HOST)
    if problem is not None:
        raise HostListRefused(BAD)
    form = entry_form(entry)
    if any(entry_form(listed) == form for listed in current):
        raise HostListRefused(ALREADY)
    if len(current) >= MAX_ALLOWED_HOSTS:
        raise HostListRefused(TOO_MANY)
    return (*current, entry)


def without_host(current: tuple[str, ...], entry: str) -> tuple[str, ...]:
    """`current` less the entry exactly as listed (the form posts it back), or NOT_LISTED."""
    if entry not in current:
        raise HostListRefused(NOT_LISTED)
    return tuple(listed for listed in current if listed != entry)
