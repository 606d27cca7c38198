"""A frozen dataclass that compares by value also hashes by value: Python gives it a
``__hash__`` over its compared fields.  If one of those fields is a list, dict or set, the
class advertises a hash (``isinstance(x, Hashable)`` holds) that raises ``TypeError`` when a
caller puts an instance in a set or a dict key.  Every such class in the shipped packages
must either hold only hashable values in its compared fields, or say what it is: a
mutable accumulator (not frozen) or a record compared by identity (``eq=False``)."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import types
import typing
from collections.abc import Iterator
from typing import Any

import pytest

PACKAGES = (
    "railhouse", "railhouse_soh", "railhouse_m1839", "railhouse_bots", "railhouse_tournament")
UNHASHABLE = (list, dict, set, bytearray)


def shipped_modules() -> Iterator[types.ModuleType]:
    for name in PACKAGES:
        try:
            package = importlib.import_module(name)
        except ImportError:  # (an optional package not installed here)
            continue
        yield package
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            try:
                yield importlib.import_module(info.name)
            except ImportError:  # an optional extra's module (ray), not installed
                continue


def unhashable_members(hint: Any) -> bool:
    """Whether a value of type ``hint`` may be a list, dict, set or bytearray."""
    origin = typing.get_origin(hint) or hint
    if origin in (typing.Union, types.UnionType):
        return any(unhashable_members(arg) for arg in typing.get_args(hint))
    return isinstance(origin, type) and issubclass(origin, UNHASHABLE)


def hashed_unhashable_fields() -> list[str]:
    found = []
    for module in shipped_modules():
        for name, cls in vars(module).items():
            if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)
                    and cls.__module__ == module.__name__):
                continue
            if not cls.__dataclass_params__.eq or cls.__hash__ is None:  # type: ignore[attr-defined]
                continue  # (identity's hash, or none)
            hints = typing.get_type_hints(cls)
            for field in dataclasses.fields(cls):
                hashed = field.compare if field.hash is None else field.hash
                if hashed and unhashable_members(hints[field.name]):
                    found.append(f"{module.__name__}.{name}.{field.name}")
    return found


def test_no_dataclass_advertises_a_hash_it_cannot_give() -> None:
    assert hashed_unhashable_fields() == []


@pytest.mark.parametrize(("hint", "unhashable"), [
    (list[int], True), (dict[str, int] | None, True), (typing.Union[set[str], int], True),  # noqa: UP007
    (tuple[int, ...], False), (frozenset[str], False), (int | None, False), (str, False),
])
def test_the_check_tells_unhashable_types(hint: Any, unhashable: bool) -> None:
    assert unhashable_members(hint) is unhashable
