"""The service's one error tree. Each error knows its status, code, message, headers and kind.

A single renderer (`claimsvc.api.base`) picks the body by the error's `kind`, never by the
endpoint alone (interface.md §5 and §7):
- `AUTH`: `{"error": message}` on every authenticated endpoint, claim endpoints included;
- `CODED`: `{"error": {"code", "message"}}`, the limit and fee errors everywhere;
- `OUTCOME`: `{"success": false, "error": CODE, "message"}`, the claim outcomes;
- `REQUEST` (the rest: validation, not found, 500): the endpoint's own shape, plain
  `{"error": message}` (initialize, admin) or the claim shape (verify, submit, cancel, read).
"""

from __future__ import annotations

from collections.abc import Sequence

AUTH, CODED, OUTCOME, REQUEST = "auth", "coded", "outcome", "request"


class ServiceError(Exception):
    """Base of every error a client may see."""

    status = 500
    code: str | None = None
    message = "Internal server error"
    kind = REQUEST

    def __init__(
        self,
        message: str | None = None,
        *,
        details: Sequence[str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        if message is not None:
            self.message = message
        self.details = list(details) if details is not None else None
        self.headers = dict(headers or {})
        super().__init__(self.message)


# Authentication and account state -------------------------------------------------------------


class MissingApiKey(ServiceError):
    status, message, kind = 401, "Missing API Key", AUTH


class UnauthorizedApiKey(ServiceError):
    status, message, kind = 401, "Unauthorized API Key", AUTH


class VendorNotActive(ServiceError):
    status, message = 403, "Vendor account is not active to process payments"


class BrandArchived(ServiceError):
    status, message = 403, "This brand is archived and accepts no new payments."


class Maintenance(ServiceError):
    status = 503
    message = "Checkout is temporarily unavailable for maintenance. Please try again shortly."


# Request shape ---------------------------------------------------------------------------------


class InvalidJson(ServiceError):
    status, message = 400, "Invalid JSON body"


class InvalidBody(ServiceError):
    status, message = 400, "Invalid request body"


class UrlRejected(ServiceError):
    """One of the URL rules failed; the message says which."""

    status = 400


class BodyTooLarge(ServiceError):
    status, message = 413, "Request body too large"


class OrderConflict(ServiceError):
    status, message = 409, "order_id was already used with different parameters"


class NotFound(ServiceError):
    status, message = 404, "Not found"


class MerchantSessionNotFound(ServiceError):
    """The merchant's read of a session it cannot see: unknown, another account's, or of the
    other mode (issue 30)."""

    status, message = 404, "Session not found"


class TransactionNotFound(ServiceError):
    """The merchant's read of a wallet transaction it cannot see (issue 31)."""

    status, message = 404, "Transaction not found"


class EventNotFound(ServiceError):
    """The merchant's read or redelivery of a webhook event it cannot see (issue 31)."""

    status, message = 404, "Event not found"


class EventAlreadyQueued(ServiceError):
    """The merchant's redelivery of an event still on its way (issue 31)."""

    status, message = 409, "Event is already queued for delivery"


class InvalidIdempotencyKey(ServiceError):
    status, message = 400, "Invalid Idempotency-Key header"


class IdempotencyKeyReused(ServiceError):
    status, message = 409, "Idempotency-Key was already used with a different request body"


class InvalidRequest(ServiceError):
    """A query (filter, page size, cursor) the merchant's session listing does not take."""

    status, message = 400, "Invalid request"


class TransactionSuspect(ServiceError):
    """A confirmation by hand of a transaction the balance chain or the wallet flagged."""

    status = 409
    message = "This transaction is suspect; confirm it with override_suspect: true to vouch for it"


class LinkUnavailable(ServiceError):
    """A payment link that cannot be paid now: `state` is disabled, expired or used."""

    status, message = 410, "This payment link can no longer be paid"

    def __init__(self, state: str) -> None:
        super().__init__(f"This payment link can no longer be paid ({state})")
        self.state = state


class LinkOrderTaken(ServiceError):
    """The order id a link would give its session belongs to a session not of this link."""

    status = 409
    message = "The link's order reference is already used by another session"


class TestKeyRequired(ServiceError):
    """A test payment asked with a live key (or for a live ledger)."""

    status = 403
    message = "Test payments need a test key (sk_test_...); a live key cannot make one"


class TestSessionNotOpen(ServiceError):
    """A test payment for a test session that is no longer open."""

    status = 409
    message = "This test session is not open; a test payment needs an open session"


class TestTrxIdLive(InvalidBody):
    """A test payment's TrxID is one of the account's live transactions': a test record must
    never carry a live payment's id (the merchant would see one payment twice)."""

    def __init__(self) -> None:
        super().__init__(details=[TRX_ID_LIVE])


TRX_ID_LIVE = "trx_id: a live payment of this account has this TrxID; leave it out or use another"


class TestKeyRefused(ServiceError):
    """A test key on an endpoint that has no test mode (payment links)."""

    status = 403
    message = "Payment links are live only; use a live key"


# Limits ----------------------------------------------------------------------------------------


class RateLimited(ServiceError):
    status, code, kind = 429, "RATE_LIMITED", CODED
    message = "Too many requests. Wait a minute and retry with backoff."


class PlatformFeeDue(ServiceError):
    status, code, kind = 402, "PLATFORM_FEE_DUE", CODED
    message = "Unpaid platform fees are above the account's limit; no new session can be opened."


class VendorDailyLimit(ServiceError):
    status = 429
    message = "The vendor daily transaction limit has been reached. Please try again tomorrow."


class PlatformDailyLimit(ServiceError):
    status = 429
    message = "The platform daily transaction limit has been reached. Please try again tomorrow."


# Admin -----------------------------------------------------------------------------------------


class AdminUnauthorized(ServiceError):
    status, message = 401, "Unauthorized"


class WalletListed(ServiceError):
    """The account already lists a wallet of that provider and number."""

    status, message = 409, "This wallet is already listed"


class WordingTaught(ServiceError):
    status, message = 409, "This account already has this wording"


class EventNotRedeliverable(ServiceError):
    """Redeliver applies to dead and delivered events; queued and stopped ones wait already."""

    status, message = 409, "Only a dead or delivered event can be redelivered"


class EventStillStopped(ServiceError):
    """A stopped event sent again while a send-time check still fails: the reason is one of
    the fixed texts of domain/delivery.py or domain/urls.py (never a URL or a secret)."""

    status = 409

    def __init__(self, reason: str) -> None:
        super().__init__(f"The event is still stopped: {reason}")
        self.reason = reason


# SMS intake (`POST /sms/v1/messages`) -----------------------------------------------------------


class DeviceUnauthorized(ServiceError):
    """No token, an unknown one, or a revoked device."""

    status, message = 401, "Unauthorized"


class SignatureRejected(ServiceError):
    """The device has a signing key and the request's signature is missing, stale or wrong."""

    status, message = 401, "Invalid signature"


# Claims (verify, submit, cancel): rendered in the claim shape -----------------------------------
# Validation failures carry no code, so their `error` is the text itself (interface.md §7).


class MissingClaimFields(ServiceError):
    status, message = 400, "Missing required matching fields"


class InvalidCheckoutSession(ServiceError):
    status, message = 404, "Invalid checkout session"


class InvalidTrxId(ServiceError):
    status, message = 400, "Invalid trxId format"


class InvalidProvider(ServiceError):
    status, message = 400, "Invalid provider"


class ClaimOutcome(ServiceError):
    """A claim's outcome: the claim shape wherever it is raised."""

    kind = OUTCOME


class AlreadyCompleted(ClaimOutcome):
    status, code = 409, "ALREADY_COMPLETED"
    message = "This session was already completed with a different transaction."


class VerificationFailed(ClaimOutcome):
    status, code = 400, "VERIFICATION_FAILED"
    message = "Could not verify transaction; TrxID and amount must match exactly."


class TooManyAttempts(ClaimOutcome):
    status, code = 429, "TOO_MANY_ATTEMPTS"
    message = "Too many failed attempts on this session; contact the merchant."


class SessionExpired(ClaimOutcome):
    status, code, message = 410, "SESSION_EXPIRED", "This checkout session has expired."


class SessionUnavailable(ClaimOutcome):
    status, code = 410, "SESSION_UNAVAILABLE"
    message = "This checkout session is no longer available."


class SessionNotFound(ClaimOutcome):
    status, code, message = 404, "NOT_FOUND", "Invalid checkout session."


class VendorInactive(ClaimOutcome):
    status, code, message = 403, "VENDOR_INACTIVE", "This vendor account is not active."


class PendingVerification(ClaimOutcome):
    """Not a fault: the claim matched and waits for confirmation (202, `success: false`)."""

    status, code = 202, "PENDING_VERIFICATION"
    message = "Payment found; the merchant is confirming it."


class InvalidWait(ClaimOutcome):
    """verify's `wait` is not an integer of seconds within bounds (issue 31)."""

    status, code, message = 400, "INVALID_WAIT", "wait must be an integer from 0 to 25"


class SmsNotArrived(ClaimOutcome):
    """verify waited and the SMS of the TrxID did not reach the account; not a failed attempt."""

    status, code = 202, "SMS_NOT_ARRIVED"
    message = "The wallet's SMS for this TrxID has not reached the merchant yet; try again shortly."


class BuyerRateLimited(ClaimOutcome):
    """Submit and buyer cancel: the claim shape, not the coded one (contract.md §3)."""

    status, code = 429, "RATE_LIMITED"
    message = "Too many requests. Wait a minute and retry with backoff."


# Merchant portal (issue 16): `code` is also the portal's words key for the message ----------


class PortalError(ServiceError):
    """A refusal the portal shows on its page in the user's language (words key: `code`)."""

    status = 400


class SignInFailed(PortalError):
    status, code, message = 401, "signin.failed", "Wrong email or password"


class CodeFailed(PortalError):
    status, code, message = 401, "signin.code_failed", "Wrong or already used code"


class CodeUsed(CodeFailed):
    """A right code that was accepted once already: the next one will do."""

    code, message = "signin.code_used", "That code was used already; wait for the next one"


class EnrolCodeFailed(PortalError):
    """A wrong code while setting up two-factor: the set-up stays, with fewer tries left."""

    status, code, message = 400, "security.enrol_code_failed", "That code did not match"

    def __init__(self, tries_left: int) -> None:
        super().__init__()
        self.tries_left = tries_left


class EnrolmentEnded(PortalError):
    status, code = 400, "security.enrol_ended"
    message = "The two-factor set-up ended (too many wrong codes, or too old); start again"


class SelfAction(PortalError):
    status, code = 409, "team.self"
    message = "Change your own role or access from another owner's account"


class SignInLimited(PortalError):
    status, code = 429, "signin.limited"
    message = "Too many sign-in attempts. Wait a while and try again."


class SignInGuarded(SignInLimited):
    """Too many failed passwords for this user from everywhere: the password and a second
    factor together pass, or (without one) the password within a new browser's few tries per
    address. The same answer whatever was wrong (no oracle)."""

    code = "signin.guarded"
    message = "Too many failed sign-ins for this account: enter the password and a code together."


class PasswordRejected(PortalError):
    """The password policy refused a password; `reason` names the rule (domain/passwords.py)."""

    code, message = "security.password_too_short", "This password is not allowed"

    def __init__(self, reason: str) -> None:
        super().__init__(f"This password is not allowed: {reason}")
        self.reason = reason
        self.code = f"security.password_{reason}"


class InviteInvalid(PortalError):
    status, code = 404, "signin.invite_invalid"
    message = "This link has expired or was already used"


class UserExists(PortalError):
    status, code, message = 409, "team.user_exists", "A user with this email already exists"


class LastOwner(PortalError):
    status, code = 409, "team.last_owner"
    message = "The last active owner cannot be demoted or disabled"


class CsrfRefused(PortalError):
    status, code, message = (
        403,
        "frame.csrf_refused",
        "The form expired; reload the page and try again",
    )


class Forbidden(PortalError):
    status, code, message = 403, "frame.forbidden", "Your role does not allow this"


class BadListCursor(PortalError):
    """A list page's `?cursor=` this service did not write (or no longer reads): every list
    answers it the same way, with a link back to its newest page."""

    status, code, message = 400, "list.bad_cursor", "That page of the list does not exist"


class EmailNotSent(PortalError):
    """The SMTP server did not take an alert address's verification email (try again)."""

    status, code, message = 502, "alerts.email_not_sent", "The email could not be sent"


class SettleRefused(ServiceError):
    """A payment of a different amount cannot be settled so now; `problem` says why (one of
    domain/settlement.PROBLEMS, a words key of the portal)."""

    status, code, message = 409, "SETTLE_REFUSED", "This settlement cannot be made now."

    def __init__(self, problem: str) -> None:
        super().__init__()
        self.problem = problem


class NotTeachable(PortalError):
    """A message the teach page cannot take (another account's, one a built-in rule reads, or
    none): the page answers as for a message that is not there."""

    status, code, message = 404, "teach.not_teachable", "This message cannot be taught"
