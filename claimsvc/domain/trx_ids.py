"""What each provider's TrxID looks like: one vocabulary for every reader of a new wording.

Every TrxID of the sourced corpus (tests/data/sms, 286 entries) has one of these shapes: bKash 10
(one 13) capitals and digits, Nagad 8 (two 10), Rocket 10 digits, Upay 9 or 10, CellFin 6 to 16
(a 16-digit bank reference). A shape needs a digit and a letter unless the provider prints
digits only, so neither a word in capitals nor a phone or account number passes for a TrxID.
Used by the balance-chain arithmetic (sms_ingest/parsers/arithmetic.py) and by the wordings a
merchant teaches (claimsvc/domain/wording_marks.py).
"""

from __future__ import annotations

import re

from claimsvc.domain.providers import SPECS

TRX_SHAPES: dict[str, str] = {spec.name: spec.trx_shape for spec in SPECS}
"""Provider -> the pattern (text, to be embedded in a larger one) a whole TrxID matches."""

TRX_PATTERNS: dict[str, re.Pattern[str]] = {
    provider: re.compile(f"(?:{shape})", re.ASCII) for provider, shape in TRX_SHAPES.items()
}
"""The same shapes compiled; use `fullmatch` on a token."""
