"""A clone's turn state (:class:`railhouse.engine.turnstate.TurnState`): new containers,
shared route dicts, independent both ways."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, fields
from dataclasses import field as dataclass_field

import pytest

from railhouse.bench.positions import choose_playing, seat_names
from railhouse.engine.cloning import fast_deepcopy
from railhouse.engine.game import Game
from railhouse.engine.record import new_game
from railhouse.engine.rounds.operating import OperatingRound
from railhouse.engine.turnstate import TurnState


def after_a_run(title: str) -> Game:
    """The first position of a seeded random playout whose operating turn ran routes."""
    game: Game = new_game(title, seat_names(4), None, 7)
    rng = random.Random(7)
    while not game.over:
        if isinstance(game.round, OperatingRound) and game.round.turn.routes:
            return game
        game.apply(choose_playing(rng, game.legal_actions()))
    raise AssertionError("no turn ran routes")


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_the_turns_routes_are_the_routes_events_dicts(title: str) -> None:
    """Why a clone may share the route dicts: the route step puts the same dicts in its
    ``routes`` event, an entry of the append-only event log every clone shares."""
    game = after_a_run(title)
    assert isinstance(game.round, OperatingRound)
    event = [e for e in game.events_since(-1) if e.kind == "routes"][-1]
    assert event.data["routes"] is game.round.turn.routes


@pytest.mark.parametrize("title", ["soh", "1839"])
def test_a_clones_turn_has_its_own_containers_and_shares_the_route_dicts(title: str) -> None:
    game = after_a_run(title)
    assert isinstance(game.round, OperatingRound)
    turn = game.round.turn
    turn.declined.add("X")
    turn.emergency_sales.append("Y")
    twin = game.clone()
    assert isinstance(twin.round, OperatingRound)
    copied = twin.round.turn
    assert type(copied) is type(turn) and copied is not turn
    for name in (f.name for f in fields(turn)):
        assert getattr(copied, name) == getattr(turn, name), name
    assert copied.routes is not turn.routes and copied.declined is not turn.declined
    assert copied.emergency_sales is not turn.emergency_sales
    assert all(a is b for a, b in zip(copied.routes, turn.routes, strict=True))
    copied.routes = []
    copied.declined.add("Z")
    copied.emergency_sales.append("Z")
    copied.revenue += 10
    copied.laid_hexes += ("Q9",)
    assert turn.routes and "Z" not in turn.declined and "Z" not in turn.emergency_sales
    assert turn.revenue == copied.revenue - 10 and "Q9" not in turn.laid_hexes
    turn.declined.add("W")
    assert "W" not in copied.declined


@dataclass
class TitleTurn(TurnState):
    """A title's turn with a mutable field of its own: copied deeply, not shared."""

    swaps: list[list[str]] = dataclass_field(default_factory=list)


def test_a_titles_own_turn_fields_are_copied_deeply() -> None:
    turn = TitleTurn(laid_hexes=("A1",), routes=[{"train": "2-1"}], swaps=[["a"]])
    twin = fast_deepcopy(turn, {})
    assert twin == copy.deepcopy(turn) and type(twin) is TitleTurn
    assert twin.swaps is not turn.swaps and twin.swaps[0] is not turn.swaps[0]
    assert twin.routes is not turn.routes and twin.routes[0] is turn.routes[0]


def test_a_turn_container_held_elsewhere_stays_one_container_in_the_copy() -> None:
    """A shallow-copied container another object also holds (a decider remembering the
    refusals, say) is one container in the copy too, whichever is copied first."""
    turn = TurnState(declined={"A"}, emergency_sales=["B"])
    for state in ({"turn": turn, "held": turn.declined},
                  {"held": turn.declined, "turn": turn}):
        twin = fast_deepcopy(state, {})
        assert twin["held"] is twin["turn"].declined and twin["held"] is not turn.declined


def test_a_turn_state_with_slots_is_refused() -> None:
    """A clone copies a turn's ``__dict__``: a field kept in a slot would not be copied."""
    with pytest.raises(TypeError, match="no slots"):

        @dataclass(slots=True)
        class SlottedTurn(TurnState):
            extra: int = 0
