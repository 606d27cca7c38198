"""Judging an answer against a choice with one ranged field (a sale's count, an offer's or
a bid's price): a function written once per action class and ranged field.

``LegalAction.admits`` compares a ranged choice with the answer field by field, and apply
validates every ranged answer there.  Reading a field by its name (``getattr``) costs
about ten times reading it as an attribute in code that only ever sees one class (where
CPython specialises the attribute load for that class), so for each (action class, ranged
field) a small function is written that reads the fields as attributes: the other fields,
in the struct's order, each the same as the listed one (identity first, then ``==``, as
the struct comparison compares them), then the ranged one inside its range.  Its answer is
that of the field-by-field check (``tests/core/engine/test_admits.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: a checker: (answer, listed action, the ranged field's range) -> admitted
Checker = Callable[[Any, Any, Any], bool]


class SingleRangeCheckers(dict[tuple[type, str], Checker]):
    """The checker of each (action class, ranged field name), written on first use."""

    def __missing__(self, key: tuple[type, str]) -> Checker:
        kind, ranged = key
        checker = self[key] = write_checker(kind, ranged)
        return checker


def write_checker(kind: type, ranged: str) -> Checker:
    """The checker of ``kind``'s choices ranged over field ``ranged`` (the struct's field
    names are identifiers; a name that is no field reads as ``getattr`` would, raising)."""
    fields: tuple[str, ...] = kind.__struct_fields__  # type: ignore[attr-defined]
    if ranged not in fields:
        def by_name(candidate: Any, action: Any, bounds: Any) -> bool:
            getattr(candidate, ranged)  # raises AttributeError, as reading it by name does
            return False

        return by_name
    lines = ["def admits(candidate, action, bounds):"]
    for name in fields:
        if name != ranged:
            lines += [f"    mine, listed = candidate.{name}, action.{name}",
                      "    if mine is not listed and mine != listed:",
                      "        return False"]
    lines += [f"    value = candidate.{ranged}",
              "    low = bounds.min",
              "    return (isinstance(value, int) and low <= value <= bounds.max",
              "            and (value - low) % bounds.step == 0)"]
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # (written from the class's own field names)
    checker: Checker = namespace["admits"]
    return checker


SINGLE_RANGE = SingleRangeCheckers()
