"""Entities: :class:`Private` values change by replacement (``but``)."""

from __future__ import annotations

import dataclasses
import itertools
import sys
from typing import Any

import pytest

from railhouse.engine.config import PrivateSpec
from railhouse.engine.entities import Private

SPEC = PrivateSpec("P1", 1, "Ferry", 20, 5)
CHANGES: dict[str, Any] = {"owner": "p2", "closed": True, "price_paid": 35}


@pytest.mark.parametrize("names", [c for n in range(4) for c in
                                   itertools.combinations(CHANGES, n)])
def test_but_gives_what_dataclasses_replace_gives(names: tuple[str, ...]) -> None:
    private = Private(SPEC, owner="p0", price_paid=20)
    changes = {name: CHANGES[name] for name in names}
    changed = private.but(**changes)
    replaced = dataclasses.replace(private, **changes)
    assert changed == replaced
    assert vars(changed) == vars(replaced)
    assert private == Private(SPEC, owner="p0", price_paid=20)  # the old value unchanged
    assert changed is not private


def test_but_refuses_a_name_that_is_not_a_field() -> None:
    with pytest.raises(TypeError, match="cash"):
        Private(SPEC).but(cash=3)


def test_a_changed_private_stays_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Private(SPEC).but(owner="p1").closed = True  # type: ignore[misc]


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="CPython's dict layout")
def test_a_changed_privates_attributes_are_a_plain_table() -> None:
    """As fastcopy's copies: ``dict(state)``, not a split-table copy."""
    state = vars(Private(SPEC).but(owner="p1"))
    assert sys.getsizeof(state) == sys.getsizeof(dict(state))
