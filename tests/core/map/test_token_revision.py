"""``Board.token_version`` names the board's markers: what is derived from the tokens and
reservations alone is kept per token revision (``laymemo.hex_markers``, the token nodes
of a reach, a company's last route answer), so one revision must never hold two
different sets of markers.  The board skips a new revision where a mutation leaves every
marker as it was (a lay keeping each token and reservation in its city, a drop that
drops nothing): over whole seeded playouts of both titles, and on clones played on from
their positions, every decision seen at one token revision of a board shows the same
markers (checked after every mutation of the board too)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from railhouse.bench.positions import choose_playing, playout
from railhouse.engine.actions import LegalAction
from railhouse.map.board import Board
from railhouse.map.mapdef import Reservation

Markers = tuple[tuple[tuple[tuple[str, int], tuple[str, ...]], ...],
                tuple[tuple[str, str, int | None], ...]]


def markers(board: Board) -> Markers:
    """The tokens (per city, in any order: readers look cities up) and the reservations
    (in the board's order)."""
    return (tuple(sorted((key, tuple(owners)) for key, owners in board.tokens.items())),
            tuple((r.company, r.hex, r.city) for r in board.reservations))


MUTATORS = ("lay_tile", "place_token", "remove_token", "replace_token", "set_reservations",
            "add_reservation", "drop_reservations")


class Watch:
    """The markers seen at each token revision, per board (a clone starts with its
    original's), checked after every mutation and at every decision."""

    def __init__(self) -> None:
        self.seen: dict[int, dict[int, Markers]] = {}
        self.boards: list[Board] = []  # (kept alive: ids stay theirs)
        self.checked = 0

    def check(self, board: Board, where: str) -> None:
        seen = self.seen.setdefault(id(board), {})
        if not seen:
            self.boards.append(board)
        now = markers(board)
        assert seen.setdefault(board.token_version, now) == now, (
            f"{where}: token revision {board.token_version} holds other markers")
        self.checked += 1

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in MUTATORS:
            monkeypatch.setattr(Board, name, self._checked(name, getattr(Board, name)))
        clone = Board.clone

        def cloned(board: Board) -> Board:
            other = clone(board)
            self.boards.append(other)
            self.seen[id(other)] = dict(self.seen.get(id(board), {}))
            return other

        monkeypatch.setattr(Board, "clone", cloned)

    def _checked(self, name: str, mutate: Any) -> Any:
        def checked(board: Board, *args: Any, **kwargs: Any) -> Any:
            self.check(board, f"before {name}{args}")
            out = mutate(board, *args, **kwargs)
            self.check(board, f"after {name}{args}")
            return out
        return checked


def play_on(game: Any, watch: Watch, seed: int, actions: int) -> int:
    """Play the clone ``game`` on, checking its board at every decision."""
    rng = random.Random(seed)
    played = 0
    with game.looking_ahead_in():
        while played < actions and not game.over:
            legal = game.legal_actions()
            watch.check(game.board, f"clone, seed {seed}, action {game.action_count}")
            game.apply(choose_playing(rng, legal))
            played += 1
    return played


@pytest.mark.parametrize(("title", "seeds"), [("1839", (1000, 1001, 1002)),
                                              ("soh", (1000, 1001))])
def test_one_token_revision_holds_one_set_of_markers(
        title: str, seeds: tuple[int, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    watch = Watch()
    watch.install(monkeypatch)
    on_clones = 0

    def visit(game: Any, legal: list[LegalAction]) -> None:
        nonlocal on_clones
        watch.check(game.board, f"action {game.action_count}")
        if game.action_count % 37 == 0:  # a clone plays on from here, alone
            on_clones += play_on(game.clone(), watch, game.action_count, 25)

    for seed in seeds:
        playout(title, 4, seed, visit=visit)
    assert watch.checked > 500 and on_clones > 100


def test_a_lay_keeping_every_marker_in_its_city_keeps_the_revision() -> None:
    """The shortcut itself: an upgrade that keeps a token where it was leaves the
    revision; one that moves a reservation to another city moves it on."""
    game = playout("1839", 4, 1000)
    board = game.board.clone()
    coord = next(h for h, k in board.tokens if k == 0)
    version = board.token_version
    board._move_tokens(coord, (0, 1, 2))
    assert board.token_version == version
    board.drop_reservations("nobody")
    assert board.token_version == version
    held = board.reservations[0].company
    board.drop_reservations(held)
    assert board.token_version == version + 1
    version += 1
    board.reservations = [*board.reservations, Reservation("X", coord, 0)]
    board._move_tokens(coord, (1, 0, 2))
    assert board.token_version == version + 1
    assert board.reservations[-1] == Reservation("X", coord, 1)
