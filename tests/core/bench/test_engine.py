"""railhouse.bench.engine: what the engine metrics count."""

from __future__ import annotations

import sys

from railhouse.bench.engine import (
    _walk,
    action_timings,
    graph_bytes,
    is_map_decision,
    owned_bytes,
)
from railhouse.engine.actions import LayTile, LegalAction, Pass
from railhouse.engine.record import new_game


def test_map_decisions_are_recognised_by_their_actions() -> None:
    lay = LegalAction(LayTile(entity="A", hex="B2", tile="7", rotation=0))
    passing = LegalAction(Pass(entity="P0"))
    assert is_map_decision([passing, lay])
    assert not is_map_decision([passing])


def test_state_size_leaves_out_what_clones_share() -> None:
    game = new_game("soh", ["a", "b", "c"], None, 1)
    owned = owned_bytes(game)
    assert owned > sys.getsizeof(game)
    # the title's frozen data is reachable from the game but not owned by it, nor are
    # the log blocks and immutable values a clone shares with its original
    assert owned < graph_bytes(game) < _walk([game], set())
    # the same again, up to CPython materialising instance dicts on the first copy
    assert abs(owned_bytes(game) - owned) < owned / 20


def test_a_clone_owns_its_mutable_state() -> None:
    """What a clone copies is counted: its companies, certificates and deciders."""
    game = new_game("soh", ["a", "b", "c"], None, 1)
    records = sum(sys.getsizeof(c) + sys.getsizeof(vars(c)) for c in game.companies.values())
    certs = sum(sys.getsizeof(c) for co in game.companies.values() for c in co.certs)
    assert owned_bytes(game) > records + certs


def test_action_timings_cover_every_apply() -> None:
    apply_us, legal_us, step_us = action_timings("soh", 3, range(1))
    games = apply_us.extra["games"]
    assert games == 1
    assert apply_us.repeats > 100
    assert 0 < legal_us.repeats < apply_us.repeats  # map decisions are left out
    assert all(sample > 0 for sample in apply_us.samples)
    # core.step_us: one whole decision, map decisions included
    assert step_us.name == "core.step_us" and step_us.repeats == apply_us.repeats
    assert sum(step_us.samples) >= sum(apply_us.samples) + sum(legal_us.samples)


def test_peak_rss_is_the_measuring_interpreters_own_not_its_parents() -> None:
    """Linux keeps ru_maxrss across exec, so a big bench process used to pass its own peak
    to the child that measures one game; the child must report its own memory only."""
    from railhouse.bench.engine import peak_rss

    ballast = bytearray(300 * 1024 * 1024)  # the parent now holds 300 MiB
    ballast[::4096] = b"x" * len(ballast[::4096])  # touch every page so it is resident
    metric = peak_rss("soh", 3, range(1))
    del ballast
    assert 0 < metric.samples[0] < 200
