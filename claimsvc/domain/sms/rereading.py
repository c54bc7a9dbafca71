"""Which messages no built-in rule reads go through the arithmetic, and what they come to.

Pure: the pipeline gives each such message the running balance of its wallet before it
(`claimsvc.services.sms.balance_reading`). Only a provider's real sender ids count; a message
from a stranger, a look-alike, a phone number or a notice sender is never read this way.
"""

from __future__ import annotations

from claimsvc.domain.sms import arithmetic
from claimsvc.domain.sms.engine import ParseOutcome, Result, outcome
from claimsvc.domain.sms.routing import real_sender

UNREAD = frozenset({"no_pattern", "no_trx_id"})
"""Reasons a real sender's message is kept unparsed: a wording no rule reads completely."""


def wants_balance(sender: str, text: str, found: ParseOutcome) -> bool:
    """Whether reading `found` again needs its wallet's running balance: a real sender's
    message no rule reads, or one the rules ignored, whatever their reason, that states a
    balance (issue 34: money may hide behind any reason, and a balance that moved says so)."""
    if found.provider is None or not real_sender(sender):
        return False
    if found.result is Result.UNPARSED:
        return found.reason in UNREAD
    if found.result is Result.IGNORED:
        return arithmetic.stated_balance(found.provider, text) is not None
    return False


def reread(sender: str, text: str, found: ParseOutcome, previous: int | None) -> ParseOutcome:
    """What a message comes to given its wallet's balance before it (None: not known).

    A message no rule reads, or one set aside whose stated balance differs from `previous`, is
    read by its arithmetic: its one reading, or else not understood (unparsed). When no balance
    is known, one set aside that some balance before it would read is not understood either
    (it waits for its wallet's chain: `claimsvc.services.sms.balance_reading`), never ignored.
    Anything else stays as the rules left it.
    """
    if not wants_balance(sender, text, found):
        return found
    provider = found.provider or ""
    unread = found
    if found.result is Result.IGNORED:
        unread = outcome(Result.UNPARSED, provider, "no_pattern")
        if previous is None:
            return unread if arithmetic.previous_balances(provider, text) else found
        if arithmetic.stated_balance(provider, text) == previous:
            return found  # a balance inquiry or an offer indeed: nothing moved
    if previous is None:
        return found
    verdict = arithmetic.read(provider, text, previous)
    if verdict.reading is None:
        return unread
    return ParseOutcome(Result.PARSED, provider, arithmetic.parsed(provider, verdict.reading), None)
