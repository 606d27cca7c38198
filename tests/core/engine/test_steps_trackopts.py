"""The track step's options are made once per distinct content and shared
(:func:`railhouse.engine.steps.trackopts.lay_options`): an option looked up is the one made
from the same fields, and options of other fields are others."""

from __future__ import annotations

import pytest

from railhouse.engine.steps import trackopts
from railhouse.engine.steps.trackopts import lay_options
from railhouse.map.lays import LayOptions

YELLOW = frozenset({"yellow"})
GREEN = frozenset({"yellow", "green"})


def test_lay_options_equal_the_options_made_from_their_fields() -> None:
    for colors in (YELLOW, GREEN):
        for only in (None, frozenset({"F9"})):
            for fee in (0, 20):
                made = LayOptions(colors=colors, new_tiles=True, upgrades=False,
                                  only_hexes=only, no_upgrade=frozenset({"H9"}), extra_cost=fee)
                got = lay_options(colors, True, False, only, frozenset({"H9"}), fee)
                assert got == made
                assert lay_options(colors, True, False, only, frozenset({"H9"}), fee) is got


def test_lay_options_of_other_fields_are_other_options() -> None:
    base = lay_options(YELLOW, True, True, None, frozenset(), 0)
    others = [lay_options(GREEN, True, True, None, frozenset(), 0),
              lay_options(YELLOW, False, True, None, frozenset(), 0),
              lay_options(YELLOW, True, False, None, frozenset(), 0),
              lay_options(YELLOW, True, True, frozenset({"F9"}), frozenset(), 0),
              lay_options(YELLOW, True, True, None, frozenset({"F9"}), 0),
              lay_options(YELLOW, True, True, None, frozenset(), 20)]
    assert all(other != base for other in others)
    assert len(set(others)) == len(others)


def test_lay_options_start_afresh_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trackopts, "OPTIONS_LIMIT", 3)
    monkeypatch.setattr(trackopts, "_OPTIONS", {})
    for fee in range(10):
        assert lay_options(YELLOW, True, True, None, frozenset(), fee).extra_cost == fee
        assert len(trackopts._OPTIONS) <= 3
