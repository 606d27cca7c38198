"""Objects held once are copied without the memo (:mod:`railhouse.engine.heldonce`), and
a clone is still exact: every object the original reaches along two paths is one object
in the clone too, every other one is copied once, and nothing mutable is shared.

Checked against the from-scratch reading of the whole state (``state_dump``: every value
reachable from the game, an object reached again shown by the path of its first visit)
over seeded playouts of both titles: the clone's dump equals the original's; then every
action of a continuation is applied to the clone first, the original's dump must not
move, and the original, given the same actions, must end in the clone's state.  A copier
that took an object held twice for one held once would give the clone two copies of it
(a company the round operates apart from the one in ``companies``, a step apart from the
turn's list), which the dump shows (``again`` marks missing, or state diverging)."""

from __future__ import annotations

import itertools
import random
import sys
from typing import Any

import pytest
from test_clone_owns_its_objects import positions
from test_shape_copy import whole_state

from railhouse.bench.positions import choose_playing
from railhouse.engine import fastcopy, heldonce
from railhouse.engine.cloning import deepcopy_game
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.turnstate import TurnState

TITLES = ["soh", "1839"]
#: what tests that objects held once take no memo entry need (counts that tell)
SHORTCUT_ON = pytest.mark.skipif(heldonce.NEVER in (heldonce.READ_ONCE, heldonce.ITEM_ONCE),
                                 reason="no reference counts that tell one holder from two")


def dump(game: Any) -> Any:
    """:func:`whole_state` with every ledger's certificate views made (a cache: a copy
    starts without its own, by design, and makes them on first use) and every market's
    memo emptied (answers from its stacks: a copy starts without them, by design)."""
    for company in game.companies.values():
        company.ledger.views()
    for market in game.markets.values():
        market.memo = {}
    return whole_state(game)


@pytest.mark.skipif(sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11),
                    reason="CPython 3.11's reference counts")
def test_the_counts_of_an_object_held_once_are_measured() -> None:
    """CPython 3.11: the holder's reference, the local name and the call's argument; the
    ``items()`` loop's reused pair one more."""
    assert (heldonce.READ_ONCE, heldonce.ITEM_ONCE) == (3, 4)
    assert heldonce.ITEM_ONCE_AND_COPY == 5


@pytest.mark.parametrize(("implementation", "version", "gil_disabled", "trusted"), [
    ("cpython", (3, 11), None, True),
    ("cpython", (3, 13), 0, True),
    ("cpython", (3, 13), 1, False),  # a free-threaded build: split counts
    ("cpython", (3, 14), None, False),  # not yet run through the clone tests
    ("cpython", (3, 10), None, False),
    ("pypy", (3, 11), None, False),
])
def test_the_shortcut_is_on_only_on_the_interpreters_the_tests_ran_on(
        implementation: str, version: tuple[int, int], gil_disabled: object,
        trusted: bool) -> None:
    assert heldonce.checked_interpreter(implementation, version, gil_disabled) is trusted


def test_counts_that_cannot_tell_one_holder_from_two_turn_the_shortcut_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An interpreter without reference counts (``refs`` answers 0 for all), or one whose
    counts do not grow by one per holder: the probes say NEVER, which no count equals."""
    monkeypatch.setattr(heldonce, "refs", heldonce._no_count)
    assert heldonce._probe() == (heldonce.NEVER, heldonce.NEVER)
    assert heldonce.count_once(3, 3) == heldonce.count_once(0, 1) == heldonce.NEVER
    assert heldonce.count_once(3, 4) == 3


@pytest.mark.parametrize("title", TITLES)
def test_a_clone_equals_its_original_and_plays_apart_from_it(title: str) -> None:
    checked = twice_held = 0
    for game in itertools.chain(positions(title, 6, 19), positions(title, 7, 19)):
        clone = game.clone()
        before = dump(game)
        assert dump(clone) == before
        round_ = clone.round
        if isinstance(round_, OperatingRound) and round_.company is not None:
            assert round_.company is clone.companies[round_.company.id]  # held twice
            twice_held += 1
        rng = random.Random(game.action_count)
        actions = []
        for _ in range(8):  # each action applied to the clone first
            if clone.over:
                break
            action = choose_playing(rng, clone.legal_actions())
            clone.apply(action)
            actions.append(action)
            assert dump(game) == before, f"{action} on the clone moved the original"
        original = game.clone()
        for action in actions:  # as the clone was played (its caches filled alike)
            original.legal_actions()
            original.apply(action)
        assert dump(original) == dump(clone)
        checked += 1
    assert checked > 20 and twice_held > 3


class Record:
    def __init__(self, items: list[int]) -> None:
        self.items = items


@SHORTCUT_ON
def test_objects_held_twice_are_copied_once_and_held_once_without_a_memo_entry() -> None:
    """Synthetic holders of each kind the copiers read (a list, a dict, a plain object,
    a game's attribute): the shared list and record keep one copy each; the memo holds
    them (reached twice) but not the objects held once."""
    shared = [1]
    record = Record(shared)
    value: dict[str, Any] = {"a": record, "b": [record, [2], shared], "c": Record([3])}
    held_once = [id(value["b"][1]), id(value["c"].items), id(value["c"])]
    memo: dict[int, Any] = {}
    twin = fastcopy.fast_deepcopy(value, memo)
    assert twin["a"] is twin["b"][0] and twin["a"].items is twin["b"][2]
    assert twin["b"][1] == [2] and twin["b"][1] is not value["b"][1]
    assert twin["c"].items == [3] and twin["c"].items is not value["c"].items
    assert id(record) in memo and id(shared) in memo
    assert not any(key in memo for key in held_once)
    twin["a"].items.append(3)
    assert shared == [1]


@SHORTCUT_ON
def test_a_games_objects_held_once_take_no_memo_entry() -> None:
    game = next(g for g in positions("soh", 6, 7) if g.action_count > 150
                and isinstance(g.round, OperatingRound) and g.round.turn is not None)
    memo: dict[int, Any] = {}
    clone = deepcopy_game(game, memo)
    ledgers = [company.ledger for company in game.companies.values()]
    assert not any(id(ledger) in memo for ledger in ledgers)
    assert not any(id(seat) in memo for seat in game.seats)
    assert id(game.companies) not in memo and id(game.bank) not in memo
    assert not any(id(market) in memo for market in game.markets.values())
    assert isinstance(game.round, OperatingRound) and isinstance(clone.round, OperatingRound)
    turn, twin = game.round.turn, clone.round.turn
    assert id(turn) not in memo and id(turn.routes) not in memo
    assert all(c.ledger is not o for c, o in zip(clone.companies.values(), ledgers,
                                                 strict=True))
    assert twin is not turn and twin.routes is not turn.routes


@pytest.mark.parametrize("first", [True, False])
def test_a_turns_container_held_twice_stays_one_object(first: bool) -> None:
    """A turn's container of shared items (``routes``) held by something else too, met
    before or after the turn, is copied once (through the memo)."""
    turn = TurnState(routes=[{"revenue": 10}])
    value = [turn, turn.routes] if first else [turn.routes, turn]
    twin = fastcopy.fast_deepcopy(value, {})
    copied, routes = (twin[0], twin[1]) if first else (twin[1], twin[0])
    assert copied.routes is routes and routes == turn.routes and routes is not turn.routes
    alone = fastcopy.fast_deepcopy([TurnState(routes=[{"revenue": 5}])], {})[0]
    assert alone.routes == [{"revenue": 5}]
