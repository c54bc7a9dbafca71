"""Every Redis key the service uses, built in one place from the configured prefix."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RedisKeys:
    """Key builders; `prefix` keeps tenants and test runs apart on one server.

    `{acct:<account id>}` in braces is a Redis Cluster hash tag: every key one admission script
    touches (auth entries, the key's rate windows, the account's day counters) is in the
    account's slot, so one script may hold them all. The platform counter is global.
    """

    prefix: str = "claimsvc:"

    def rate(self, scope: str, subject: str, window: int) -> str:
        """Request counter of one subject (key id, address, session) in one minute window."""
        return f"{self.prefix}rate:{scope}:{subject}:{window}"

    def key_rate(self, endpoint: str, account_id: str, key_id: str, window: int) -> str:
        """Requests of one API key to one endpoint in one minute window (the account's slot)."""
        return f"{self.prefix}rate:key:{endpoint}:{{acct:{account_id}}}:{key_id}:{window}"

    def auth_key(self, account_id: str, key_id: str) -> str:
        """Whether an API key may still be used (`ok`, `revoked`, or `pending` mid-change)."""
        return f"{self.prefix}auth:{{acct:{account_id}}}:key:{key_id}"

    def auth_account(self, account_id: str) -> str:
        """Hash: what a request needs of its account (no secret), written through on change."""
        return f"{self.prefix}auth:{{acct:{account_id}}}:account"

    def daily_vendor(self, account_id: str, day: str) -> str:
        """Sessions an account created on one Asia/Dhaka day."""
        return f"{self.prefix}daily:vendor:{{acct:{account_id}}}:{day}"

    def daily_platform(self, day: str) -> str:
        """Sessions the whole platform created on one Asia/Dhaka day."""
        return f"{self.prefix}daily:platform:{day}"

    def daily_orders(self, account_id: str, day: str) -> str:
        """Set of the order ids an account's day counter already counts (one count per order)."""
        return f"{self.prefix}daily:orders:{{acct:{account_id}}}:{day}"

    @property
    def webhook_schedule(self) -> str:
        """Sorted set of due webhook events, scored by due time (ms)."""
        return f"{self.prefix}webhooks:due"

    @property
    def webhook_leases(self) -> str:
        """Sorted set of events taken by a worker, scored by lease expiry (ms)."""
        return f"{self.prefix}webhooks:leased"

    @property
    def webhook_lease_tokens(self) -> str:
        """Hash of event id -> token of the lease currently holding it."""
        return f"{self.prefix}webhooks:lease-tokens"

    @property
    def sms_stream(self) -> str:
        """Stream of stored SMS ids waiting to be parsed."""
        return f"{self.prefix}sms:stream"
