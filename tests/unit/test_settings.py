"""Settings come from an environment mapping, fail fast naming the bad variable, hide secrets."""

import re
from pathlib import Path

import pytest
import trustme

from claimsvc.settings import Settings, SettingsError


def test_an_empty_environment_gives_the_documented_defaults():
    settings = Settings.from_env({})
    assert settings.mongo_url is None and settings.redis_url is None
    assert settings.admin_token is None
    assert (settings.api_port, settings.sms_port, settings.worker_port) == (8080, 8081, 9101)
    assert settings.public_base_url == "http://localhost:8080"
    assert settings.max_body_bytes == 64 * 1024
    assert settings.webhook_allow_private is None  # unset: off, except in `claimsvc dev`


def test_the_public_address_follows_the_api_port_unless_set():
    assert Settings.from_env({"CLAIMSVC_API_PORT": "18080"}).public_base_url == (
        "http://localhost:18080"
    )
    given = {"CLAIMSVC_API_PORT": "18080", "CLAIMSVC_PUBLIC_BASE_URL": "https://pay.example.com"}
    assert Settings.from_env(given).public_base_url == "https://pay.example.com"


@pytest.mark.parametrize(
    ("env", "url"),
    [
        ({}, "http://localhost:8081"),
        ({"CLAIMSVC_SMS_PORT": "18081"}, "http://localhost:18081"),
        (
            {"CLAIMSVC_PUBLIC_BASE_URL": "https://pay.example.com/shop"},
            "https://pay.example.com:8081",
        ),
        ({"CLAIMSVC_PUBLIC_BASE_URL": "http://[::1]:8080"}, "http://[::1]:8081"),
        ({"CLAIMSVC_PUBLIC_SMS_URL": "https://sms.example.com/in/"}, "https://sms.example.com/in"),
    ],
)
def test_the_public_sms_address_follows_the_base_url_and_sms_port_unless_set(env, url):
    assert Settings.from_env(env).public_sms_url == url


@pytest.mark.parametrize(
    "value", ["sms.example.com", "ftp://sms.example.com", "https://", "https://h/?token=x"]
)
def test_a_public_sms_address_that_is_no_http_url_is_refused(value):
    with pytest.raises(SettingsError, match="CLAIMSVC_PUBLIC_SMS_URL"):
        Settings.from_env({"CLAIMSVC_PUBLIC_SMS_URL": value})


EVERY_VARIABLE = {
    "CLAIMSVC_MONGO_URL": "mongodb://db:27017",
    "CLAIMSVC_MONGO_DB": "checkout",
    "CLAIMSVC_REDIS_URL": "rediss://cache:6380/1",
    "CLAIMSVC_REDIS_PREFIX": "tenant-a:",
    "CLAIMSVC_ADMIN_TOKEN": "adm-token",
    "CLAIMSVC_PUBLIC_BASE_URL": "https://pay.example.com/",
    "CLAIMSVC_API_PORT": "9000",
    "CLAIMSVC_SMS_PORT": "9001",
    "CLAIMSVC_PUBLIC_SMS_URL": "https://sms.example.com/",
    "CLAIMSVC_WORKER_PORT": "9002",
    "CLAIMSVC_WEBHOOK_ALLOW_PRIVATE": "1",
    "CLAIMSVC_WEBHOOK_CA_FILE": "/etc/ca.pem",
    "CLAIMSVC_SUBMIT_RATE_PER_IP": "50",
    "CLAIMSVC_SUBMIT_RATE_PER_SESSION": "5",
    "CLAIMSVC_MAX_BODY_BYTES": "2048",
    "CLAIMSVC_TRUST_X_FORWARDED_FOR": "true",
    "CLAIMSVC_SHUTDOWN_GRACE_SECONDS": "5",
    "CLAIMSVC_LOG_LEVEL": "debug",
    "CLAIMSVC_LIBRARY_LOG_LEVEL": "info",
}


def test_every_variable_is_read(tmp_path):
    redis_ca = tmp_path / "redis-ca.pem"
    trustme.CA().cert_pem.write_to_path(str(redis_ca))
    env = {**EVERY_VARIABLE, "CLAIMSVC_REDIS_CA_FILE": str(redis_ca)}
    assert Settings.from_env(env) == Settings(
        mongo_url="mongodb://db:27017",
        mongo_db="checkout",
        redis_url="rediss://cache:6380/1",
        redis_ca_file=str(redis_ca),
        redis_prefix="tenant-a:",
        admin_token="adm-token",
        public_base_url="https://pay.example.com",
        api_port=9000,
        sms_port=9001,
        public_sms_url="https://sms.example.com",
        worker_port=9002,
        webhook_allow_private=True,
        webhook_ca_file="/etc/ca.pem",
        submit_rate_per_ip=50,
        submit_rate_per_session=5,
        max_body_bytes=2048,
        trusted_proxy_hops=1,
        client_address_header="X-Forwarded-For",
        shutdown_grace_s=5,
        log_level="DEBUG",
        library_log_level="INFO",
    )


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("CLAIMSVC_API_PORT", "eighty", "must be an integer"),
        ("CLAIMSVC_API_PORT", "70000", "must be between 0 and 65535"),
        ("CLAIMSVC_SMS_PORT", "-1", "must be between 0 and 65535"),
        ("CLAIMSVC_WORKER_PORT", "1.5", "must be an integer"),
        ("CLAIMSVC_MAX_BODY_BYTES", "10", "must be between 1024"),
        ("CLAIMSVC_SUBMIT_RATE_PER_IP", "0", "must be between 1"),
        ("CLAIMSVC_SUBMIT_RATE_PER_SESSION", "x", "must be an integer"),
        ("CLAIMSVC_SHUTDOWN_GRACE_SECONDS", "9999", "must be between 0 and 3600"),
        ("CLAIMSVC_WEBHOOK_ALLOW_PRIVATE", "maybe", "must be 1 or 0"),
        ("CLAIMSVC_TRUST_X_FORWARDED_FOR", "2", "must be 1 or 0"),
        ("CLAIMSVC_MONGO_URL", "postgres://db", "must start with one of"),
        ("CLAIMSVC_REDIS_URL", "http://cache", "must start with one of"),
        ("CLAIMSVC_PUBLIC_BASE_URL", "pay.example.com", "must start with http:// or https://"),
        ("CLAIMSVC_LOG_LEVEL", "LOUD", "must be DEBUG, INFO, WARNING or ERROR"),
        ("CLAIMSVC_LIBRARY_LOG_LEVEL", "TRACE", "must be DEBUG, INFO, WARNING or ERROR"),
        ("CLAIMSVC_REDIS_PREFIX", "{shop}:", "must not contain { or }"),
    ],
)
def test_a_bad_variable_is_named_in_the_error(name, value, says):
    with pytest.raises(SettingsError) as caught:
        Settings.from_env({name: value})
    assert str(caught.value).startswith(name)
    assert says in str(caught.value)


@pytest.mark.parametrize(
    ("env", "header", "hops"),
    [
        ({}, "X-Forwarded-For", 0),
        ({"CLAIMSVC_TRUST_X_FORWARDED_FOR": "0"}, "X-Forwarded-For", 0),
        ({"CLAIMSVC_TRUST_X_FORWARDED_FOR": "1"}, "X-Forwarded-For", 1),  # the older switch
        ({"CLAIMSVC_TRUSTED_PROXY_HOPS": "2"}, "X-Forwarded-For", 2),
        (
            {"CLAIMSVC_TRUSTED_PROXY_HOPS": "1", "CLAIMSVC_CLIENT_ADDRESS_HEADER": "X-Real-IP"},
            "X-Real-IP",
            1,
        ),
    ],
)
def test_the_client_address_rule_is_configured(env, header, hops):
    settings = Settings.from_env(env)
    assert (settings.client_address_header, settings.trusted_proxy_hops) == (header, hops)


@pytest.mark.parametrize(
    ("env", "names", "says"),
    [
        (
            {"CLAIMSVC_TRUST_X_FORWARDED_FOR": "1", "CLAIMSVC_TRUSTED_PROXY_HOPS": "2"},
            "CLAIMSVC_TRUST_X_FORWARDED_FOR",
            "not both",
        ),
        (
            {"CLAIMSVC_TRUST_X_FORWARDED_FOR": "1", "CLAIMSVC_CLIENT_ADDRESS_HEADER": "X-Real-IP"},
            "CLAIMSVC_TRUST_X_FORWARDED_FOR",
            "not both",
        ),
        ({"CLAIMSVC_TRUSTED_PROXY_HOPS": "11"}, "CLAIMSVC_TRUSTED_PROXY_HOPS", "between 0 and 10"),
        ({"CLAIMSVC_TRUSTED_PROXY_HOPS": "one"}, "CLAIMSVC_TRUSTED_PROXY_HOPS", "an integer"),
        (
            {"CLAIMSVC_CLIENT_ADDRESS_HEADER": "X-Real-IP"},
            "CLAIMSVC_CLIENT_ADDRESS_HEADER",
            "TRUSTED_PROXY_HOPS is 0",
        ),
        (
            {"CLAIMSVC_TRUSTED_PROXY_HOPS": "1", "CLAIMSVC_CLIENT_ADDRESS_HEADER": "X Real IP"},
            "CLAIMSVC_CLIENT_ADDRESS_HEADER",
            "bare IP addresses",
        ),
        (
            {"CLAIMSVC_TRUSTED_PROXY_HOPS": "1", "CLAIMSVC_CLIENT_ADDRESS_HEADER": "Forwarded"},
            "CLAIMSVC_CLIENT_ADDRESS_HEADER",
            "bare IP addresses",
        ),
    ],
)
def test_a_contradictory_client_address_rule_is_refused_by_name(env, names, says):
    with pytest.raises(SettingsError) as caught:
        Settings.from_env(env)
    assert str(caught.value).startswith(names) and says in str(caught.value)


def test_a_redis_ca_file_that_is_no_ca_bundle_is_refused_by_name(tmp_path):
    not_pem = tmp_path / "key.txt"
    not_pem.write_text("not a certificate")
    for path, says in [
        (tmp_path / "missing.pem", "No such file"),
        (not_pem, "no certificate"),
        (tmp_path, "cannot load"),
    ]:
        env = {"CLAIMSVC_REDIS_URL": "rediss://cache:6380", "CLAIMSVC_REDIS_CA_FILE": str(path)}
        with pytest.raises(SettingsError, match=r"^CLAIMSVC_REDIS_CA_FILE: cannot load") as caught:
            Settings.from_env(env)
        assert says in str(caught.value)


def test_a_redis_ca_file_beside_a_plain_text_url_is_refused(tmp_path):
    ca = tmp_path / "ca.pem"
    trustme.CA().cert_pem.write_to_path(str(ca))
    for url in ("redis://cache", "redis+sentinel://s1/mymaster", "redis+cluster://n1"):
        env = {"CLAIMSVC_REDIS_URL": url, "CLAIMSVC_REDIS_CA_FILE": str(ca)}
        with pytest.raises(SettingsError, match="is not a TLS URL"):
            Settings.from_env(env)
    tls = {"CLAIMSVC_REDIS_URL": "rediss+cluster://n1", "CLAIMSVC_REDIS_CA_FILE": str(ca)}
    assert Settings.from_env(tls).redis_ca_file == str(ca)


def test_a_production_process_needs_both_store_urls_and_is_told_which():
    with pytest.raises(SettingsError, match="CLAIMSVC_MONGO_URL and CLAIMSVC_REDIS_URL"):
        Settings.from_env({}).require_stores()
    with pytest.raises(SettingsError, match=r"^CLAIMSVC_REDIS_URL must be set"):
        Settings.from_env({"CLAIMSVC_MONGO_URL": "memory://"}).require_stores()


def test_memory_stores_are_only_used_when_asked_for():
    asked = Settings.from_env(
        {"CLAIMSVC_MONGO_URL": "memory://", "CLAIMSVC_REDIS_URL": "memory://"}
    )
    assert asked.require_stores() is None
    assert (asked.mongo_url, asked.redis_url) == ("memory://", "memory://")
    # Not asked for: nothing falls back to them, and the process refuses to start.
    unset = Settings.from_env({})
    assert (unset.mongo_url, unset.redis_url) == (None, None)
    with pytest.raises(SettingsError):
        unset.require_stores()


def test_the_local_stack_fills_in_embedded_stores_and_an_admin_token():
    dev = Settings.from_env({}).for_dev()
    assert dev.mongo_url == dev.redis_url == "memory://"
    assert dev.admin_token and dev.admin_token.startswith("adm_")
    given = Settings.from_env({"CLAIMSVC_ADMIN_TOKEN": "mine", "CLAIMSVC_REDIS_URL": "redis://r"})
    assert given.for_dev().admin_token == "mine"
    assert given.for_dev().redis_url == "redis://r"


def test_repr_hides_the_admin_token_and_store_passwords():
    settings = Settings.from_env(
        {
            "CLAIMSVC_ADMIN_TOKEN": "adm-very-secret",
            "CLAIMSVC_MONGO_URL": "mongodb://app:mongo-pw@db1,db2/claims?authSource=admin",
            "CLAIMSVC_REDIS_URL": "rediss://:redis-pw@cache:6380/0",
        }
    )
    shown = repr(settings)
    for secret in ("adm-very-secret", "mongo-pw", "redis-pw"):
        assert secret not in shown
    assert "admin_token='<set>'" in shown
    assert "mongodb://app:***@db1,db2/claims?authSource=admin" in shown
    assert "rediss://:***@cache:6380/0" in shown
    assert str(settings) == shown


def test_repr_says_when_no_admin_token_is_set():
    assert "admin_token='<unset>'" in repr(Settings.from_env({}))


def test_every_variable_is_documented_in_the_readme():
    root = Path(__file__).parents[2]
    source = (root / "claimsvc" / "settings.py").read_text()
    variables = set(re.findall(r'"""(CLAIMSVC_[A-Z_]+):', source))
    readme_rows = set(
        re.findall(r"^\| `(CLAIMSVC_[A-Z_]+)` \|", (root / "README.md").read_text(), re.MULTILINE)
    )
    assert len(variables) >= 17
    assert variables - readme_rows == set()
