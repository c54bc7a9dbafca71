"""The HA tests need redis-server: in CI its absence is a failure, locally a skip saying why."""

from __future__ import annotations

import pytest

from tests.ha import servers


def test_a_missing_redis_server_fails_the_ha_tests_in_ci(monkeypatch):
    monkeypatch.setattr(servers.shutil, "which", lambda name: None)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true requires them"):
        servers.redis_server_binary()


def test_a_missing_redis_server_skips_them_elsewhere(monkeypatch):
    monkeypatch.setattr(servers.shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install redis-server"):
        servers.redis_server_binary()
