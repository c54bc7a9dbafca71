"""free_port: a port for a server started a moment later, never one the kernel is about to hand
to an outgoing connection."""

from __future__ import annotations

import socket

from claimsvc.devstack import embedded_mongo
from claimsvc.devstack.embedded_mongo import LOW_PORTS, free_port


def test_a_free_port_is_below_the_ephemeral_range_and_can_be_bound():
    for _ in range(20):
        port = free_port()
        assert LOW_PORTS[0] <= port < LOW_PORTS[1]
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", port))


def test_a_taken_low_port_is_passed_over(monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        # Every random pick lands on the taken port: the kernel's own choice is used instead.
        monkeypatch.setattr(embedded_mongo.secrets, "randbelow", lambda n: busy - LOW_PORTS[0])
        port = free_port()
    assert port != busy
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))
