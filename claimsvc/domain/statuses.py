"""The status vocabularies of SMS proof, defined once: a wallet transaction's status (set by the
balance chain in `sms-ingest`, read by claims and the admin API) and a stored message's result
(set by the parsers, filtered on by the admin API)."""

from __future__ import annotations

CONFIRMED, UNCONFIRMED, HELD, SUSPECT = "confirmed", "unconfirmed", "held", "suspect"
TRANSACTION_STATUSES = (CONFIRMED, UNCONFIRMED, HELD, SUSPECT)
"""A wallet transaction: chained (confirmed), not checkable (unconfirmed), waiting for what it
chains to (held), or unable ever to chain (suspect)."""

PARSED, IGNORED, UNPARSED = "parsed", "ignored", "unparsed"
MESSAGE_RESULTS = (PARSED, IGNORED, UNPARSED, SUSPECT)
"""What the parsers made of a stored SMS (a forged-looking one is `suspect`, as a transaction)."""
PENDING = "pending"
"""A stored message the parsers have not finished (it has no result yet)."""
MESSAGE_STATES = (*MESSAGE_RESULTS, PENDING)
"""What a page shows of a stored message: its result, or pending."""
NOT_UNDERSTOOD = (UNPARSED, IGNORED, SUSPECT)
"""The results of a message that produced no transaction a claim can use (the portal's review)."""
