"""CLAIMSVC_REDIS_URL forms (contract §1): what each names, and bad ones refused by name."""

from __future__ import annotations

import pytest

from claimsvc.settings import Settings, SettingsError
from claimsvc.store.redis_url import RedisTarget, parse_redis_url


@pytest.mark.parametrize(
    ("url", "kind", "tls", "hosts", "service", "db"),
    [
        ("memory://", "memory", False, (), None, 0),
        ("redis://cache:6379/2", "single", False, (), None, 0),
        ("rediss://cache:6380", "single", True, (), None, 0),
        ("redis+sentinel://s1:26379/mymaster", "sentinel", False, (("s1", 26379),), "mymaster", 0),
        (
            "redis+sentinel://s1:1,s2,[::1]:3/orders/4",
            "sentinel",
            False,
            (("s1", 1), ("s2", 26379), ("::1", 3)),
            "orders",
            4,
        ),
        ("rediss+sentinel://s1/mymaster/0", "sentinel", True, (("s1", 26379),), "mymaster", 0),
        ("redis+cluster://n1:7000,n2:1", "cluster", False, (("n1", 7000), ("n2", 1)), None, 0),
        ("rediss+cluster://n1", "cluster", True, (("n1", 6379),), None, 0),
    ],
)
def test_each_form_names_its_servers(url, kind, tls, hosts, service, db):
    target = parse_redis_url(url)
    assert (target.kind, target.tls, target.hosts, target.service, target.db) == (
        kind,
        tls,
        hosts,
        service,
        db,
    )


def test_the_password_and_user_are_read_and_decoded_but_never_shown():
    target = parse_redis_url("redis+sentinel://app:p%40ss@s1:26379,s2:26379/mymaster")
    assert (target.username, target.password) == ("app", "p@ss")
    assert parse_redis_url("redis+cluster://:only-pw@n1:7000").username is None
    assert parse_redis_url("redis+cluster://:only-pw@n1:7000").password == "only-pw"
    assert "p@ss" not in repr(target) and "p%40ss" not in repr(target)


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("redis+sentinel://s1:26379", "ends in /service_name"),
        ("redis+sentinel://s1:26379/m/0/extra", "ends in /service_name"),
        ("redis+sentinel://s1:26379/m/zero", "database must be a number"),
        ("redis+sentinel://s1:port/m", "bad port"),
        ("redis+sentinel://s1:70000/m", "bad port"),
        ("redis+cluster://n1:7000/0", "names no database"),
        ("redis+cluster://", "at least one host"),
        ("redis+cluster://:pw@:7000", "host missing"),
        ("redis+sentinel://s1/m?ssl_cert_reqs=none", "no query"),
        # redis-py would read these from the query and could turn verification off.
        ("rediss://cache:6380?ssl_cert_reqs=none", "TLS options in the URL are refused"),
        ("rediss://cache/0?socket_timeout=1&ssl_check_hostname=false", r"\(ssl_check_hostname\)"),
        ("redis://cache?ssl_ca_certs=/tmp/ca.pem", "CLAIMSVC_REDIS_CA_FILE"),
        ("redis+haproxy://h", "must start with one of"),
    ],
)
def test_a_bad_url_is_refused_with_the_reason(url, says):
    with pytest.raises(ValueError, match=says):
        parse_redis_url(url)
    with pytest.raises(SettingsError, match=r"^CLAIMSVC_REDIS_URL"):
        Settings.from_env({"CLAIMSVC_REDIS_URL": url})


def test_settings_accept_and_mask_sentinel_and_cluster_urls():
    for url in ("redis+sentinel://:pw-1@s1,s2/mymaster/1", "rediss+cluster://:pw-1@n1:7000,n2"):
        settings = Settings.from_env({"CLAIMSVC_REDIS_URL": url})
        assert settings.redis_url == url
        assert "pw-1" not in repr(settings)


def test_the_target_is_a_frozen_record():
    target = parse_redis_url("redis+cluster://n1:7000")
    assert isinstance(target, RedisTarget)
    with pytest.raises(AttributeError):
        target.kind = "single"  # type: ignore[misc]
