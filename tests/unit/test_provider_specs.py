"""A provider is one spec (claimsvc/domain/providers.py, issue 34): the lists built from the
specs, the SMS router, the test payments, the OpenAPI document and the three client libraries
all name the same providers. The document and the libraries are read, never written."""

from __future__ import annotations

import ast
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from claimsvc.domain import simulated_payments
from claimsvc.domain.accounts import PROVIDER_NAMES, PROVIDERS
from claimsvc.domain.providers import BY_NAME, SPECS
from claimsvc.domain.sms.routing import PARSERS, Direction, Kind, Result, parse_sms, real_sender
from claimsvc.domain.trx_ids import TRX_PATTERNS, TRX_SHAPES

ROOT = Path(__file__).resolve().parents[2]
NAMES = [spec.name for spec in SPECS]


def test_the_lists_the_service_uses_are_built_from_the_specs() -> None:
    assert list(PROVIDERS) == NAMES
    assert {spec.name: dict(spec.names) for spec in SPECS} == PROVIDER_NAMES
    assert {spec.name: spec.trx_shape for spec in SPECS} == TRX_SHAPES
    assert [m.NAME for m in PARSERS] == NAMES
    assert {m.NAME: m.SENDER_IDS for m in PARSERS} == {s.name: s.sender_ids for s in SPECS}
    assert all(set(spec.names) == {"en", "bn"} for spec in SPECS)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_a_specs_senders_route_to_its_parser_and_a_look_alike_does_not(spec: Any) -> None:
    for sender in spec.sender_ids:
        assert real_sender(sender.upper()) and real_sender(f" {sender} ")
    assert not real_sender(spec.name + "x")
    for notice in spec.notice_senders:
        assert not real_sender(notice)


@pytest.mark.parametrize("spec", SPECS, ids=NAMES)
def test_a_test_payments_sms_is_read_by_its_providers_rules_from_its_sender(spec: Any) -> None:
    for _ in range(2000):  # random ids: each one fits the provider's shape
        assert TRX_PATTERNS[spec.name].fullmatch(simulated_payments.new_trx_id(spec.name))
    trx = simulated_payments.new_trx_id(spec.name)
    when = datetime(2026, 11, 21, 10, 30, tzinfo=UTC)
    text = simulated_payments.sms_text(spec.name, trx, 123_456, 1_000_000, when)
    found = parse_sms(spec.test_sender, text)
    assert found.result is Result.PARSED and found.parsed is not None, (text, found)
    parsed = found.parsed
    assert (parsed.provider, parsed.kind, parsed.direction, parsed.trx_id) == (
        spec.name,
        Kind.CREDIT_RECEIVED,
        Direction.CREDIT,
        trx,
    )
    assert (parsed.amount_poisha, parsed.balance_poisha) == (123_456, 1_000_000)
    assert simulated_payments.sender_of(spec.name) == spec.test_sender


def _provider_enums(node: Any) -> list[list[str]]:
    """Every enum in the document that lists a provider."""
    found: list[list[str]] = []
    if isinstance(node, dict):
        enum = node.get("enum")
        if isinstance(enum, list) and BY_NAME.keys() & set(map(str, enum)):
            found.append([str(v) for v in enum if v is not None])  # null: a nullable field
        for value in node.values():
            found += _provider_enums(value)
    elif isinstance(node, list):
        for value in node:
            found += _provider_enums(value)
    return found


def test_the_openapi_documents_provider_enums_are_the_specs() -> None:
    document = yaml.safe_load((ROOT / "docs" / "openapi.yaml").read_text(encoding="utf-8"))
    enums = _provider_enums(document)
    assert len(enums) >= 6
    assert all(enum == NAMES for enum in enums), enums


def _python_sdk() -> list[str]:
    """The values of the Python SDK's `Provider` enum, in order."""
    tree = ast.parse((ROOT / "sdk/python/src/claimsvc_sdk/models.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "Provider":
            members = [i for i in node.body if isinstance(i, ast.Assign)]
            return [
                ast.literal_eval(m.value) for m in members if ast.unparse(m.targets[0]).isupper()
            ]
    raise AssertionError("the Python SDK has no Provider enum")


def _js_sdk() -> list[str]:
    """The TypeScript union, which must also be the run-time PROVIDERS list, in order."""
    text = (ROOT / "sdk/js/index.d.ts").read_text("utf-8")
    found = re.search(r"export type Provider = ([^;]+);", text)
    assert found is not None, "the JS SDK has no Provider type"
    union = re.findall(r'"([a-z]+)"', found[1])
    params = (ROOT / "sdk/js/src/params.js").read_text("utf-8")
    listed = re.search(r"const PROVIDERS = Object\.freeze\(\[([^\]]+)\]\);", params)
    assert listed is not None, "the JS SDK has no run-time PROVIDERS"
    assert re.findall(r'"([a-z]+)"', listed[1]) == union, "PROVIDERS differs from the Provider type"
    return union


def _php_sdk() -> list[str]:
    text = (ROOT / "sdk/php/src/Provider.php").read_text("utf-8")
    found = re.findall(r"^\s*case \w+ = '([a-z]+)';", text, re.MULTILINE)
    assert found, "the PHP SDK's Provider enum names no providers"
    return found


def _woocommerce_plugin() -> list[str]:
    rules = "plugins/woocommerce/claimsvc-wallet-payments/includes/class-claimsvc-wp-rules.php"
    found = re.search(r"const PROVIDERS = \[([^\]]+)\];", (ROOT / rules).read_text("utf-8"))
    assert found is not None, "the WooCommerce plugin names no providers"
    return re.findall(r"'([a-z]+)'", found[1])


@pytest.mark.parametrize(
    "read",
    [_python_sdk, _js_sdk, _php_sdk, _woocommerce_plugin],
    ids=["python", "js", "php", "woocommerce"],
)
def test_each_client_librarys_providers_are_the_specs(read: Any) -> None:
    assert read() == NAMES
