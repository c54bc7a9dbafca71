"""The whole service on a three-node Redis Cluster: every script, transaction and multi-key
command must keep to one hash slot, or the Cluster refuses it (CROSSSLOT)."""

from __future__ import annotations

import pytest

from claimsvc.store.schedule import Lease
from tests.ha.conftest import ha_settings
from tests.ops.scenario import Scenario, run
from tests.sms.conftest import stream_of

pytestmark = [pytest.mark.ha, pytest.mark.timeout(180)]


@pytest.fixture
def settings(cluster, ca_file):
    return ha_settings(cluster.url, ca_file)


async def test_the_whole_scenario_passes_on_a_three_node_cluster(
    cluster, fetch, post_sms, deps, receiver, clock, drain, sms
):
    await run(Scenario(fetch, post_sms, deps, receiver, clock), drain, sms)
    # The keys really are spread: more than one node holds some of this run's keys, so the
    # scenario crossed nodes and every command still found its keys' slot.
    holders = [
        node.port
        for node in cluster.nodes
        if any(True for _ in node.client().scan_iter(match=deps.keys.prefix + "*", count=1000))
    ]
    assert len(holders) >= 2, holders


async def test_the_multi_key_commands_outside_scripts_keep_to_one_slot(cluster, deps, clock):
    schedule, stream = deps.stores.schedule, stream_of(deps)
    await schedule.schedule(7, 0)
    (lease,) = await schedule.take(1, 30_000, 10)
    assert lease == Lease(7, lease.token, 0)
    await schedule.clear()  # DEL of the three scheduler keys at once
    assert (await schedule.depth(), await schedule.in_flight()) == (0, 0)
    await stream.ensure_group()
    await stream.add("msg-1")  # XADD and its queued index line in one script
    [entry] = await stream.read("c1", 10, 10)
    assert entry.message_id == "msg-1"
    await stream.done(entry)  # XACK, XDEL and the index line in one script
    assert await stream.lost(["msg-1"]) == {"msg-1"}
    assert (await stream.length(), await stream.pending_count()) == (0, 0)
