"""Every word a person reads on our pages, in English and Bangla: the hosted checkout page, the
payment-link pages and the portal, through one type, `Words`.

Each module holds `EN` and `BN` dicts with the same keys, named after the page it serves
(`portal/links.py` for the portal's links pages). Keys are `page.element` (`links.amount`);
a domain value's words are `status.<vocabulary>.<value>` and the like (`values.py`), looked up
with `Words.status`. A words value is a string with `{placeholders}`, or a `Plural` where a
count decides the form.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from claimsvc.domain import i18n


@dataclass(frozen=True)
class Plural:
    """Words whose form follows a count `{n}`: English has one and other; Bangla writes one
    form for every count (give the same text twice)."""

    one: str
    other: str

    def choose(self, count: int) -> str:
        return self.one if count == 1 else self.other


Text = str | Plural


def merge(modules: tuple[ModuleType, ...]) -> dict[str, dict[str, Text]]:
    """{"en": {...}, "bn": {...}} of every module; a key defined twice is a mistake."""
    merged: dict[str, dict[str, Text]] = {"en": {}, "bn": {}}
    for module in modules:
        for lang, words in (("en", module.EN), ("bn", module.BN)):
            clash = merged[lang].keys() & words.keys()
            if clash:
                raise ValueError(f"{module.__name__} redefines {sorted(clash)}")
            merged[lang].update(words)
    return merged


def placeholders(text: Text) -> set[str]:
    """The `{names}` a words value takes (both forms of a plural)."""
    forms = (text.one, text.other) if isinstance(text, Plural) else (text,)
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name}


def _modules() -> tuple[ModuleType, ...]:
    # the modules import this one's types
    from claimsvc.api.words import checkout, home, inspector, pay, portal, values, wallets

    return (values, checkout, wallets, pay, inspector, home, *portal.MODULES)


MODULES: tuple[ModuleType, ...] = _modules()
"""Every words module; a page adds its module to its part's list (one line)."""

WORDS = merge(MODULES)


class Words:
    """The words of one language, as handlers and templates use them: `t("links.title")`,
    `t("keys.made", label=...)`, `t.plural("signin.limited", minutes)`,
    `t.status("transaction", tx.status)`."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.table = WORDS[lang]

    def __call__(self, key: str, **values: Any) -> str:
        text = self.table[key]
        if isinstance(text, Plural):
            raise TypeError(f"{key} takes a count: use plural()")
        return text.format(**values) if values else text

    def has(self, key: str) -> bool:
        return key in self.table

    def plural(self, key: str, count: int, **values: Any) -> str:
        """The form of `key` for `count`, with `{n}` the count in the page's digits."""
        text = self.table[key]
        form = text.choose(count) if isinstance(text, Plural) else text
        return form.format(n=i18n.digits(i18n.group_lakh(count), self.lang), **values)

    def status(self, vocabulary: str, value: str) -> str:
        """A domain value's words (`values.py`): `status("transaction", "held")`; a value the
        vocabulary does not have (a newer release's) is shown as it is."""
        key = f"status.{vocabulary}.{value}"
        return self(key) if key in self.table else value
