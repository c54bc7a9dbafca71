"""What each provider's TrxID looks like: one vocabulary for every reader of a new wording.

Every TrxID of the sourced corpus (tests/data/sms, 286 entries) has one of these shapes: bKash 10
(one 13) capitals and digits, Nagad 8 (two 10), Rocket 10 digits, Upay 9 or 10, CellFin 6 to 16
(a 16-digit bank reference). A shape needs a digit and a letter unless the provider prints
digits only, so neither a word in capitals nor a phone or account number passes for a TrxID.
Used by the balance-chain arithmetic (claimsvc/domain/sms/arithmetic.py) and by the wordings a
merchant teaches (claimsvc/domain/wording_marks.py).
"""

from __future__ import annotations

from claimsvc.domain import providers

TRX_SHAPES = providers.TRX_SHAPES
"""Provider -> the pattern (text, to be embedded in a larger one) a whole TrxID matches (each
provider's spec, claimsvc/domain/providers.py)."""
TRX_PATTERNS = providers.TRX_PATTERNS
"""The same shapes compiled; use `fullmatch` on a token."""
