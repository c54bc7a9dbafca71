"""Round trips of taught wordings in the SMS worker, counted exactly: a batch the rules read
whole reads no wording (tests/sms/test_round_trips.py holds its full count); a batch with a
message no rule read costs one read of the wordings, whatever its size."""

from __future__ import annotations

from tests.sms import test_round_trips
from tests.sms.conftest import anchored_merchant, bkash_credit, send, stored_messages
from tests.sms.test_taught_wordings import new_credit, teach_first

# The counted process of the SMS path's round-trip tests.
deps, sms = test_round_trips.deps, test_round_trips.sms


async def test_wordings_are_read_once_per_batch_and_only_when_a_message_needs_them(
    make_account,
    make_device,
    post_sms,
    sms,
    deps,
    tally,
    fetch,
    drain,
):
    merchant, device = await anchored_merchant(fetch, make_account, make_device)
    await send(post_sms, device, new_credit("NEWQ1W2E3R", "500.00", "1,500.00"), minute=1)
    await drain()
    await teach_first(deps, merchant.id)
    await sms.consumer.sweep()  # the worker's sweep re-queues the stored message for it
    await drain()

    known = [bkash_credit(f"TRX{i:07d}", "5.00", f"{1500 + 5 * (i + 1):,}.00") for i in range(5)]
    await send(post_sms, device, *known, minute=2)
    tally.reset()
    assert await sms.consumer.tick() == 5
    assert "find:sms_wordings" not in tally.mongo  # the rules read the whole batch
    by_rules = dict(tally.mongo), dict(tally.redis)

    taught = [new_credit(f"NEW{i:07d}", "5.00", f"{1525 + 5 * (i + 1):,}.00") for i in range(5)]
    await send(post_sms, device, *taught, minute=3)
    tally.reset()
    assert await sms.consumer.tick() == 5
    assert tally.mongo["find:sms_wordings"] == 1
    # Otherwise the batch costs what a batch the rules read costs.
    without = {k: v for k, v in tally.mongo.items() if k != "find:sms_wordings"}
    assert (without, dict(tally.redis)) == by_rules
    with tally.ignored():
        msgs = await stored_messages(deps, merchant.id)
    assert {m["result"] for m in msgs} == {"parsed"}
