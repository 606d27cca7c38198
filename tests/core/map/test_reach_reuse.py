"""A company's last network reach is reused only while it is still its reach
(:mod:`railhouse.map.reachreuse`): on a small map, case by case, and at every position of
seeded random games of both titles against a fresh search."""

from __future__ import annotations

from typing import Any

import pytest
from minimap import mini_map

from railhouse.bench.positions import playout
from railhouse.map import Board, Operator, reachreuse
from railhouse.map import network as network_module
from railhouse.map.graph import path_ends
from railhouse.map.legal import legal_reach
from railhouse.map.network import network_reach


def _names(board: Board, op: Operator) -> set[str]:
    g, reached = network_reach(board, op)
    return {g.nodes[u].name for u in reached}


def _fresh_names(board: Board, op: Operator) -> set[str]:
    """The reach found on a copy of the board with nothing cached (no reuse possible)."""
    fresh = board.clone()
    fresh.cache.clear()
    return _names(fresh, op)


def _mini_board() -> tuple[Board, Operator]:
    board = Board(mini_map())
    board.tokens[("D3", 0)] = ["A"]
    board.lay_tile("D3", "57", 1)  # the city D3 between its W and E sides
    return board, Operator("A")


def test_the_reach_is_kept_while_nothing_it_depends_on_changes() -> None:
    board, op = _mini_board()
    _, before = network_reach(board, op)
    board.place_token("D9", 0, "D")  # a city the reach does not touch
    assert network_reach(board, op)[1] is before
    board.lay_tile("D11", "9", 0)  # track out of the reach's way
    assert network_reach(board, op)[1] is before
    assert _names(board, op) == _fresh_names(board, op)


def test_a_lay_at_the_reach_or_a_new_token_finds_it_anew() -> None:
    board, op = _mini_board()
    _, before = network_reach(board, op)
    board.lay_tile("D5", "57", 1)  # on the side D3 reaches: the reach grows
    _, after = network_reach(board, op)
    assert after is not before and len(after) > len(before)
    assert _names(board, op) == _fresh_names(board, op)
    board.place_token("D5", 0, "A")  # a start more
    assert _names(board, op) == _fresh_names(board, op)


def _searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one at every search of a reach from scratch."""
    calls: list[int] = []
    search = legal_reach

    def counted(*args: Any) -> set[int]:
        calls.append(1)
        return search(*args)

    monkeypatch.setattr(network_module, "legal_reach", counted)
    return calls


def test_a_tile_hanging_from_the_reach_grows_it_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board, op = _mini_board()
    network_reach(board, op)
    searches = _searches(monkeypatch)
    board.lay_tile("D5", "57", 1)  # empty before; meets the old track at D3's E side only
    network_reach(board, op)
    board.lay_tile("D7", "4", 1)  # and this one at D5's E side only
    grown = _names(board, op)
    assert not searches and {"D5.c0", "D7.t0"} <= grown
    assert grown == _fresh_names(board, op)
    board.lay_tile("D5", "15", 1)  # an upgrade: segments leave the hex, a search is made
    assert _names(board, op) == _fresh_names(board, op) and searches


def test_a_city_blocked_inside_the_reach_finds_it_anew() -> None:
    board, op = _mini_board()
    board.lay_tile("D5", "57", 1)
    board.lay_tile("D7", "4", 1)
    reached = _names(board, op)
    assert "D7.t0" in reached
    board.place_token("D5", 0, "B")  # D5's one circle: A may no longer pass
    blocked = _names(board, op)
    assert "D7.t0" not in blocked and blocked == _fresh_names(board, op)
    board.remove_token("D5", 0, "B")
    assert _names(board, op) == reached


def test_a_clone_and_its_original_each_reuse_only_their_own_reach() -> None:
    board, op = _mini_board()
    network_reach(board, op)
    other = board.clone()
    other.lay_tile("D5", "57", 1)  # the clone grows
    board.lay_tile("D11", "9", 0)  # the original does not
    assert _names(other, op) == _fresh_names(other, op)
    assert _names(board, op) == _fresh_names(board, op)
    assert "D5.c0" in _names(other, op) and "D5.c0" not in _names(board, op)


@pytest.mark.parametrize(
    ("title", "seed"),
    [("soh", 1003), pytest.param("1839", 1001, marks=pytest.mark.slow)],
)
def test_every_reach_of_a_random_game_is_a_fresh_search(
    title: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each reach the game asks for, and every company's reach at every position, equals
    a search from scratch on the same graph (so a reuse is never stale)."""
    counts = {"asked": 0, "reused": 0}
    find, reuse = network_module._reach, reachreuse.reused

    def checked(board: Board, op: Operator, g: Any) -> set[int]:
        reached = find(board, op, g)
        starts = {g.index[f"{h}.c{k}"] for h, k in board.company_cities(op.company)
                  if f"{h}.c{k}" in g.index}
        assert reached == legal_reach(g, starts, path_ends(board, g, op))
        counts["asked"] += 1
        return reached

    def counted(*args: Any) -> set[int] | None:
        found = reuse(*args)
        counts["reused"] += found is not None
        return found

    monkeypatch.setattr(network_module, "_reach", checked)
    monkeypatch.setattr(network_module, "reused", counted)

    def visit(game: Any, legal: list[Any]) -> None:
        for company in game.companies.values():
            if game.board.company_cities(company.id):
                network_reach(game.board, game.route_operator(company))

    playout(title, 4, seed, visit=visit)
    print(counts)
    assert counts["reused"] >= 10
