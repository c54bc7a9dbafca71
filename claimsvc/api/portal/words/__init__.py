"""The portal's words in English and Bangla: each part keeps its own module (EN and BN dicts
with the same keys); this package merges them and looks words up."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from claimsvc.api.portal.words import (
    alerts,
    core,
    delivery,
    hooks,
    links,
    money,
    phone,
    settle,
    testmode,
    wordings,
)

MODULES: tuple[ModuleType, ...] = (
    core,
    money,
    hooks,
    links,
    phone,
    wordings,
    settle,
    testmode,
    delivery,
    alerts,
)
"""Every words module; a part adds its module here (one line)."""


def merge(modules: tuple[ModuleType, ...]) -> dict[str, dict[str, str]]:
    """{"en": {...}, "bn": {...}} of every module; a key defined twice is a mistake."""
    merged: dict[str, dict[str, str]] = {"en": {}, "bn": {}}
    for module in modules:
        for lang, words in (("en", module.EN), ("bn", module.BN)):
            clash = merged[lang].keys() & words.keys()
            if clash:
                raise ValueError(f"{module.__name__} redefines {sorted(clash)}")
            merged[lang].update(words)
    return merged


WORDS = merge(MODULES)


def t(lang: str, key: str, **values: Any) -> str:
    """The words of `key` in `lang`, with `{name}` fields filled from `values`."""
    text = WORDS[lang][key]
    return text.format(**values) if values else text


class Words:
    """The words of one language, as templates use them: `t("key", n=3)` or `t["key"]`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **values: Any) -> str:
        return t(self.lang, key, **values)

    def __getitem__(self, key: str) -> str:
        return WORDS[self.lang][key]

    def has(self, key: str) -> bool:
        return key in WORDS[self.lang]
