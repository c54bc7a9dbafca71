"""The audit log's one vocabulary (domain/audit.py): every action the code records, and every
detail it records with one, is in it and has words in both languages; entries stored under an
older name still show words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from claimsvc.api.words import Words
from claimsvc.domain.audit import ACTIONS, DETAILS, RENAMED, current_action

ROOT = Path(__file__).parents[2]
CALLS = {"audit", "record", "_record"}
"""Every way the code records an entry: the portal handler's `audit`, the service's `record`,
and the admin API's and alert buttons' `record`/`_record` wrappers."""
Function = ast.FunctionDef | ast.AsyncFunctionDef


def strings(node: ast.AST) -> list[str]:
    """The string literals an argument can be (`"a" if added else "b"` is two)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return strings(node.body) + strings(node.orelse)
    return []


def dict_keys(node: ast.AST) -> set[str]:
    return {
        key.value
        for found in ast.walk(node)
        if isinstance(found, ast.Dict)
        for key in found.keys
        if isinstance(key, ast.Constant) and isinstance(key.value, str)
    }


def details_built(function: Function) -> set[str]:
    """The names a function puts in a `details` dict before recording it."""
    names: set[str] = set()
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id == "details":
                names |= dict_keys(node.value)
            if isinstance(target, ast.Subscript) and getattr(target.value, "id", "") == "details":
                names |= set(strings(target.slice))
    return names


def helper_keys(node: ast.AST, by_name: dict[str, Function]) -> set[str]:
    """The dict keys of the helper a details argument calls (`details()`, `done.details()`)."""
    if not isinstance(node, ast.Call):
        return set()
    name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
    helper = by_name.get(name)
    return dict_keys(helper) if helper else set()


def details_passed(call: ast.Call, by_name: dict[str, Function]) -> set[str]:
    """The detail names a call passes: keywords, dict literals, and a helper's dict."""
    names = {name for arg in call.args for name in dict_keys(arg) | helper_keys(arg, by_name)}
    for keyword in call.keywords:
        if keyword.arg is not None and keyword.arg != "address":
            names.add(keyword.arg)
        if keyword.arg is None:
            names |= helper_keys(keyword.value, by_name)
    return names


def recorded() -> tuple[set[str], set[str]]:
    """(actions, detail names) written as literals where the code records an entry."""
    actions: set[str] = set()
    details: set[str] = set()
    trees = [ast.parse(path.read_text()) for path in sorted((ROOT / "claimsvc").rglob("*.py"))]
    # Helpers that build the details, by name across the tree (`Settled.audit_details` is in
    # services/, its callers in api/).
    helpers = {
        f.name: f
        for tree in trees
        for f in ast.walk(tree)
        if isinstance(f, Function) and f.name.endswith("details")
    }
    for tree in trees:
        functions = [f for f in ast.walk(tree) if isinstance(f, Function)]
        by_name = {**helpers, **{f.name: f for f in functions}}
        for function in functions:
            if function.name in CALLS:  # a wrapper: its own action is its caller's
                details |= dict_keys(function)
                continue
            calls = [
                c
                for c in ast.walk(function)
                if isinstance(c, ast.Call)
                and isinstance(c.func, ast.Attribute)
                and c.func.attr in CALLS
            ]
            for call in calls:
                actions.update(next((strings(a) for a in call.args if strings(a)), []))
                details |= details_passed(call, by_name) | details_built(function)
    return actions, details


def test_every_recorded_action_and_detail_is_in_the_vocabulary():
    actions, details = recorded()
    assert len(actions) > 30  # the collector still finds the calls
    assert sorted(actions - set(ACTIONS)) == []
    assert sorted(set(ACTIONS) - actions) == []  # no word for an action nobody records
    assert sorted(details - set(DETAILS)) == []


def test_actions_are_named_noun_dot_verb_once():
    assert len(set(ACTIONS)) == len(ACTIONS)
    assert [a for a in ACTIONS if a.count(".") != 1 or a != a.lower()] == []


@pytest.mark.parametrize("lang", ["en", "bn"])
def test_every_action_and_detail_has_words_in_each_language(lang):
    t = Words(lang)
    assert [a for a in ACTIONS if t.status("audit", a) == a] == []
    assert [d for d in DETAILS if t.status("audit_detail", d) == d] == []


def test_an_entry_stored_under_an_older_name_shows_the_words_of_its_action_today():
    assert set(RENAMED.values()) <= set(ACTIONS)
    bn = Words("bn")
    assert bn.status("audit", current_action("user_role_changed")) == "ভূমিকা বদল"
    assert current_action("key.mint") == "key.mint"
