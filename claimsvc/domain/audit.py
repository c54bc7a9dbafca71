"""The portal's audit log: one record per action a user (or the operator) took (pure)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

OPERATOR = "operator"
"""The actor of an entry the operator made through the admin API or the CLI."""


@dataclass(frozen=True, kw_only=True)
class AuditEntry:
    """Who did what to which object of an account, from where and when. Details never hold a
    secret (callers pass labels and ids, never keys, tokens or codes)."""

    id: str
    account_id: str
    actor_id: str
    actor_email: str
    action: str
    target: str | None
    details: dict[str, str] = field(default_factory=dict)
    address: str | None
    at: datetime


ACTIONS = (
    "session.open",
    "session.close",
    "session.refuse_password",
    "session.refuse_code",
    "password.set",
    "password.change",
    "totp.enable",
    "totp.disable",
    "recovery_code.use",
    "recovery_codes.renew",
    "user.invite",
    "user.set_role",
    "user.disable",
    "user.reissue_link",
    "key.mint",
    "key.revoke",
    "link.create",
    "link.disable",
    "payment.settle",
    "test_payment.make",
    "transaction.confirm",
    "transaction.not_received",
    "device.pair",
    "device.revoke",
    "wallet.add",
    "wallet.remove",
    "wallet.anchor",
    "webhook.redeliver",
    "webhook.test",
    "webhook.rotate_secret",
    "webhook.reveal_secret",
    "webhook.rotate_test_secret",
    "webhook.reveal_test_secret",
    "webhook.host_add",
    "webhook.host_remove",
    "wording.teach",
    "wording.remove",
    "wording.global",
    "alerts.link_code",
    "alerts.email",
    "alerts.email_verified",
    "alerts.unlink",
    "alerts.quiet_minutes",
    "alerts.summary_hour",
)
"""Every action the audit log records, named `noun.verb` (the audit page's words are keyed by
this tuple; a test holds the code to recording only these)."""

RENAMED = {
    "signin": "session.open",
    "signout": "session.close",
    "signin_failed": "session.refuse_password",
    "code_failed": "session.refuse_code",
    "password_set": "password.set",
    "password_changed": "password.change",
    "totp_enabled": "totp.enable",
    "totp_disabled": "totp.disable",
    "recovery_code_used": "recovery_code.use",
    "recovery_codes_renewed": "recovery_codes.renew",
    "user_invited": "user.invite",
    "user_role_changed": "user.set_role",
    "user_disabled": "user.disable",
    "user_link_reissued": "user.reissue_link",
}
"""Names entries were stored under before issue 24, and the action each is now: for showing
them only (stored entries are never rewritten)."""

DETAILS = (
    "amount",
    "single_use",
    "role",
    "prefix",
    "mode",
    "decision",
    "trx_id",
    "order_amount",
    "paid_amount",
    "outcome",
    "session",
    "override_suspect",
    "channel",
    "name",
    "provider",
    "number",
    "kind",
    "sim_slot",
    "gap_recovery",
    "host",
    "grace_hours",
    "direction",
    "message",
    "requeued",
    "minutes",
    "hour",
)
"""The names of the details an entry may carry (never a secret)."""


def current_action(action: str) -> str:
    """`action` under its name today (an entry stored under an older name)."""
    return RENAMED.get(action, action)
