"""The one answer to a form a merchant got wrong: each field's problem as words, and what they
typed, kept for the form shown again.

The portal's form policy (docs/decisions.md, issue 24): invalid input shows the same page again
with 400, a problem beside each field and the values kept; a success redirects (303) to a page
with a flash; a secret made by a POST redirects too, to a page that shows it once (the one-view
hold, `one_view.py`) with 200 and `Cache-Control: no-store`, so a reload makes nothing twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Problem:
    """What is wrong with one field: a words key and the values its `{placeholders}` take."""

    key: str
    values: Mapping[str, str | int] = field(default_factory=dict)


@dataclass
class FormErrors:
    """One form's problems by field name, and the submitted values to show again.

    Empty (falsy) on a first showing: the form then has no problems and no kept values.
    """

    kept: dict[str, str] = field(default_factory=dict)
    problems: dict[str, Problem] = field(default_factory=dict)

    @classmethod
    def keeping(cls, form: Mapping[str, str | None], names: Iterable[str]) -> FormErrors:
        """No problems yet, and the values of `names` as submitted (a missing one: empty)."""
        return cls({name: form.get(name) or "" for name in names})

    @classmethod
    def of(
        cls, form: Mapping[str, str | None], names: Iterable[str], problems: Mapping[str, str]
    ) -> FormErrors:
        """The submitted values of `names`, and a domain parser's problems (field -> key)."""
        found = cls.keeping(form, names)
        for name, key in problems.items():
            found.add(name, key)
        return found

    def add(self, name: str, key: str, **values: str | int) -> FormErrors:
        """Say `name` has the problem `key` (the first problem of a field is the one shown)."""
        self.problems.setdefault(name, Problem(key, values))
        return self

    def __bool__(self) -> bool:
        return bool(self.problems)

    def __contains__(self, name: object) -> bool:
        return name in self.problems

    def value(self, name: str, default: str = "") -> str:
        """What the user typed in `name`, or `default` on a first showing."""
        return self.kept.get(name, default)

    def problem(self, name: str) -> Problem | None:
        return self.problems.get(name)
