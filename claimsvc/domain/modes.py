"""Live and test mode: which ledger a key, a session, an SMS or a transaction belongs to.

An account keeps two ledgers. The live one is named by the account id, as every record always
was. The test one is named by the account id and TEST_SUFFIX: the sessions a test key opens,
the synthetic SMS of test payments, their transactions, wallet chains and webhook events are all
stored under that name. Every query that reads an account's money (lists, totals, matches, the
unique (account, order) and (account, provider, TrxID) indexes) is keyed by the account id, so
test records can neither be counted as live money nor collide with live ones (docs/decisions.md,
"Test mode (issue 25)"). The account record itself exists once, under the live id: `owner_of`
names it for a test ledger's records.
"""

from __future__ import annotations

LIVE, TEST = "live", "test"
MODES = (LIVE, TEST)

TEST_SUFFIX = ":test"
"""Never part of an account id (ids are a prefix, `_` and hex: store/mongo.py `new_id`)."""

TEST_KEY_KIND = "sk_test"
"""A test key reads `sk_test_...`; a live key `sk_...` (domain/accounts.py `mint_secret`)."""
LIVE_KEY_KIND = "sk"


def ledger_id(account_id: str, mode: str) -> str:
    """The id a mode's records of the account are stored under."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    return owner_of(account_id) + (TEST_SUFFIX if mode == TEST else "")


def owner_of(ledger: str) -> str:
    """The account a ledger id belongs to (a live id is its own owner)."""
    return ledger.removesuffix(TEST_SUFFIX)


def is_test(ledger: str) -> bool:
    """Whether records stored under `ledger` are test records."""
    return ledger.endswith(TEST_SUFFIX)


def mode_of(ledger: str) -> str:
    return TEST if is_test(ledger) else LIVE


def key_kind(mode: str) -> str:
    """The prefix a new key of `mode` is minted with."""
    return TEST_KEY_KIND if mode == TEST else LIVE_KEY_KIND


def parse_mode(value: object, default: str = LIVE) -> str:
    """A mode as a form, a query or a body gives it; ValueError for anything else."""
    if value is None or value == "":
        return default
    if value not in MODES:
        raise ValueError("mode must be live or test")
    return str(value)
