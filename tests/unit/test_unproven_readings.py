"""Issue 22, part 3: a transaction read only by arithmetic or by a taught wording completes a
claim only once the balance chain confirms it, even on an account without balance
verification (where a rule-read one completes at once)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from claimsvc.domain import claims, statuses
from claimsvc.domain.claims import Step
from tests.session_records import T0, session
from tests.unit.test_claim_rules import ACTIVE, REQ, VERIFYING, tx


@pytest.mark.parametrize("parsed_by", ["arithmetic", "taught"])
@pytest.mark.parametrize("account", [ACTIVE, VERIFYING], ids=["plain", "verifying"])
def test_an_unproven_reading_waits_for_the_chain(parsed_by: str, account) -> None:
    unchained = tx(parsed_by=parsed_by)
    assert not claims.is_final(account, unchained)
    decision = claims.decide(session(), account, REQ, unchained, T0)
    assert decision.step is Step.HOLD
    confirmed = replace(unchained, status=statuses.CONFIRMED)
    assert claims.is_final(account, confirmed)
    assert claims.decide(session(), account, REQ, confirmed, T0).step is Step.COMPLETE


def test_a_rule_reading_on_a_plain_account_completes_at_once() -> None:
    assert claims.is_final(ACTIVE, tx())
    assert claims.decide(session(), ACTIVE, REQ, tx(), T0).step is Step.COMPLETE
