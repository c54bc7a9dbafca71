"""Every Redis key the service uses, built in one place from the configured prefix.

Redis Cluster runs a script, a transaction or a multi-key command only when all its keys live in
one hash slot; the slot of a key is computed from its first `{...}` part (its hash tag) when it
has one. So every key here is `<prefix>{<tag>}:<rest>`, and the keys one script touches share a
tag. Family by family (the tag in braces):

- `{acct:<account id>}`: everything one merchant account owns in Redis: the state of each of
  its API keys and what requests need of the account (`auth:...`, written through by the admin
  service), when each key was last used (`keys:last-used`, stamped by admission), the
  per-key request counters of its API keys (`rate:key:...`), the buyer counters
  of its sessions (`rate:buyer:ip:...` per client address on this account, `rate:buyer:session:`
  per session), its day counter and the set of order ids that day counts, and the TrxIDs the
  hosted page's arrival check asked about per session (`wait:trx:...`, with their counters
  `rate:wait:ip:...` and `rate:wait:session:...`), and the wake tokens of a recorded TrxID
  that verify's `wait` blocks on (`arrived:<TrxID>`). A merchant request's
  admission (key, account, rate limit, day) and a buyer's call on one of its sessions (limits,
  account) are each one script on one slot, whatever the other accounts do.
- `{platform}`: the platform-wide day counter. It cannot share a slot with every account, so a
  script never takes it together with account keys: the platform counter is counted by its own
  call (`LimitStore`), made only when a platform daily limit is configured. A script that merges
  account checks must leave the platform counter to that separate call.
- `{rate:<scope>:<subject>}`: buyer request counters that belong to no account (per client
  address on unknown sessions, page reads); the two windows of one subject share the tag.
- `{webhooks}`: the webhook scheduler's due set, leases set and lease tokens, taken together by
  every scheduler script, so one slot. How that one slot scales is in docs/operations.md.
- `{sms}`: the SMS stream, the index of which stream entry holds each queued message (written
  with each XADD, deleted with the entry's XACK and XDEL, all in scripts) and the device gate
  the intake's queueing script checks in the same call (so one slot).
- `{portal-view:<user id>}`: a secret a portal POST made (an API key, a callback secret, a
  device token, a set-password link), held for ten minutes for its user's one view after the
  POST's redirect, then deleted as it is read.
- `{portal-signin}`: the portal's sign-in attempt counters, per user (the SHA-256 of the email,
  never the email itself), per client address (its /64 for IPv6, as every per-address limit),
  per (user, address) pair, per (user, address) pair while the user is guarded, and per
  user's codes,
  checked and counted together by one script.
  Sign-ins are rare next to payments, so one slot is plenty.

The prefix itself must not contain braces: it comes before the tag and would become the tag.
"""

from __future__ import annotations

from dataclasses import dataclass

from claimsvc.domain.client_address import limit_subject


@dataclass(frozen=True)
class RedisKeys:
    """Key builders; `prefix` keeps tenants and test runs apart on one server."""

    prefix: str = "claimsvc:"

    def __post_init__(self) -> None:
        if "{" in self.prefix or "}" in self.prefix:
            raise ValueError("a Redis key prefix must not contain { or } (Cluster hash tags)")

    def _key(self, tag: str, rest: str) -> str:
        return f"{self.prefix}{{{tag}}}:{rest}"

    def rate(self, scope: str, subject: str, window: int, account_id: str | None = None) -> str:
        """Request counter of one subject (key id, address, session) in one minute window;
        in its account's slot when the subject belongs to an account (an API key)."""
        if account_id is not None:
            return self._key(f"acct:{account_id}", f"rate:{scope}:{subject}:{window}")
        return self._key(f"rate:{scope}:{subject}", f"{window}")

    def auth_key(self, account_id: str, key_id: str) -> str:
        """Whether an API key may still be used (`ok`, `revoked`, or `pending` mid-change)."""
        return self._key(f"acct:{account_id}", f"auth:key:{key_id}")

    def auth_account(self, account_id: str) -> str:
        """Hash: what a request needs of its account (no secret), written through on change."""
        return self._key(f"acct:{account_id}", "auth:account")

    def key_last_used(self, account_id: str) -> str:
        """Hash of key id -> when it last authenticated (Unix seconds to the minute), stamped
        by the admission script; the portal copies it into MongoDB when it lists keys."""
        return self._key(f"acct:{account_id}", "keys:last-used")

    def daily_vendor(self, account_id: str, day: str) -> str:
        """Sessions an account created on one Asia/Dhaka day."""
        return self._key(f"acct:{account_id}", f"daily:vendor:{day}")

    def daily_orders(self, account_id: str, day: str) -> str:
        """Set of the order ids an account's day counter already counts (one count per order)."""
        return self._key(f"acct:{account_id}", f"daily:orders:{day}")

    def arrival_trx_ids(self, account_id: str, session_id: str) -> str:
        """Set of the TrxIDs the hosted page's arrival check asked about on one session."""
        return self._key(f"acct:{account_id}", f"wait:trx:{session_id}")

    def trx_arrival(self, account_id: str, trx_id: str) -> str:
        """Short list of wake tokens pushed when an SMS with this TrxID is recorded for the
        account (ledger), popped by verify calls waiting for it (store/trx_arrivals.py)."""
        return self._key(f"acct:{account_id}", f"arrived:{trx_id}")

    def test_wallet(self, account_id: str, provider: str) -> str:
        """The balance of an account's test phone's wallet of one provider: what the next
        test SMS states (claimsvc/store/simulated_wallets.py)."""
        return self._key(f"acct:{account_id}", f"test-wallet:{provider}")

    def daily_platform(self, day: str) -> str:
        """Sessions the whole platform created on one Asia/Dhaka day (its own slot)."""
        return self._key("platform", f"daily:{day}")

    @property
    def webhook_schedule(self) -> str:
        """Sorted set of due webhook events, scored by due time (ms)."""
        return self._key("webhooks", "due")

    @property
    def webhook_leases(self) -> str:
        """Sorted set of events taken by a worker, scored by lease expiry (ms)."""
        return self._key("webhooks", "leased")

    @property
    def webhook_lease_tokens(self) -> str:
        """Hash of event id -> token of the lease currently holding it."""
        return self._key("webhooks", "lease-tokens")

    @property
    def worker_wake(self) -> str:
        """Sorted set of wake topics (store/wake.py): a worker's one blocking read pops them.
        In the webhooks slot, so the schedule's scripts wake the dispatchers themselves."""
        return self._key("webhooks", "wake")

    @property
    def sms_stream(self) -> str:
        """Stream of stored SMS ids waiting to be parsed."""
        return self._key("sms", "stream")

    @property
    def sms_device_gate(self) -> str:
        """Hash of device id -> `ok` or `revoked`, checked by the intake's queueing script."""
        return self._key("sms", "device-gate")

    @property
    def sms_queued(self) -> str:
        """Hash of message id -> the stream entry that queues it (gone once acknowledged)."""
        return self._key("sms", "queued")

    def one_view(self, user_id: str, name: str) -> str:
        """A secret a portal POST made, held for its user's one view after the redirect."""
        return self._key(f"portal-view:{user_id}", name)

    def signin_user(self, email_hash: str) -> str:
        """Portal password attempts on one user, from every address, in the current window."""
        return self._key("portal-signin", f"user:{email_hash}")

    def signin_pair(self, email_hash: str, address: str) -> str:
        """Portal sign-in attempts on one user from one client address."""
        return self._key("portal-signin", f"pair:{email_hash}:{limit_subject(address)}")

    def signin_guarded_pair(self, email_hash: str, address: str) -> str:
        """Password attempts on a guarded user from one address by browsers it does not know."""
        return self._key("portal-signin", f"guarded:{email_hash}:{limit_subject(address)}")

    def signin_codes(self, email_hash: str) -> str:
        """Two-factor codes tried for one user, from every address, in the current window."""
        return self._key("portal-signin", f"codes:{email_hash}")

    def signin_address(self, address: str) -> str:
        """Portal sign-in attempts from one client address in the current window."""
        return self._key("portal-signin", f"addr:{limit_subject(address)}")
