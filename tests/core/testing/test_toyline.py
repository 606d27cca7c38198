"""Toy Line, the worked example of docs/writing-a-title.md: registered like any title and
passing the conformance suite; its rules (module docstring T-1 .. T-6) through the core."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from railhouse.engine.entities import Train
from railhouse.engine.routes import best_routes
from railhouse.plugins import Registry, reset_registry
from railhouse.testing.toyline import TITLE, ToyLine, ToyLinePlugin, new_game


@pytest.fixture
def toyline_registered() -> Iterator[None]:
    previous = reset_registry(Registry(extra_plugins=[("toyline", ToyLinePlugin())]))
    try:
        yield
    finally:
        reset_registry(previous)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_toyline_passes_the_conformance_suite(
        toyline_registered: None, railhouse_conformance: Callable[..., None],
        players: int) -> None:
    railhouse_conformance("toyline", players=players, seeds=range(4), probe_every=10)


def test_toyline_is_found_through_the_registry(toyline_registered: None) -> None:
    from railhouse.plugins import registry

    assert registry().title("toyline") == TITLE
    assert isinstance(registry().title("toyline").load_factory()(["a", "b"]), ToyLine)


def floated_with_trains(*names: str) -> ToyLine:
    game = new_game(["a", "b", "c"])
    red = game.companies["RED"]
    red.started = red.floated = True
    for name in names:
        train = next(t for t in game.depot.available() if t.name == name)
        game.depot.take(train.id)
        red.trains.append(train.to(red.id))
    return game


def test_T_4_the_core_runs_the_best_route() -> None:
    """A 2-train from Ashby: Ashby-Cole-Bexley (20 + 10 + 30; the town is free) beats
    West-Ashby (20 + 20)."""
    game = floated_with_trains("2")
    result = best_routes(game, game.companies["RED"])
    assert result.revenue == 60
    assert [stop.split(".")[0] for stop in result.routes[0].stops] == ["A3", "A5", "A7"]


def test_T_4_an_off_board_to_off_board_route_earns_the_through_bonus() -> None:
    """A 4-train West-Ashby-Cole-Bexley-East: 20 + 20 + 10 + 30 + 30, plus 50 from the
    rules' railhouse_route_bonus, which the core fires."""
    game = floated_with_trains()
    red = game.companies["RED"]
    red.trains.append(Train("4-0", game.config.train("4"), owner=red.id))
    assert best_routes(game, red).revenue == 20 + 20 + 10 + 30 + 30 + 50
