"""``candidate_hexes`` (R-7.5.5, R-14.5.1), which judges pairs outside NRS's choice by the
size rule alone and filters the open hexes (``openhexes``), equals the hex-by-hex and pair-by-pair
judgement at every home choice of seeded random 1839 games (and for every unstarted Local
at stock decisions of them)."""

from __future__ import annotations

import random

from railhouse.bench.positions import choose_playing
from railhouse.engine.record import new_game
from railhouse.engine.rounds.stock import StockRound
from railhouse.map.board import Board
from railhouse_m1839.closures import HomeDecider
from railhouse_m1839.game import M1839
from railhouse_m1839.homes import SORTED_CITY_HEXES, _big, _pair, candidate_hexes
from railhouse_m1839.stations import nrs_keeps_a_place, places_for, sync_reservations


def _open(game: M1839, board: Board, company: str, h: str, chosen: tuple[str, ...]) -> bool:
    """``h`` may be the Local's next home after ``chosen`` (R-7.5.5, R-14.5.1), asked of
    ``h`` alone."""
    big_taken = any(_big(c) for c in chosen)
    return (h not in chosen and not (big_taken and _big(h))
            and places_for(board, h, company) > 0
            and nrs_keeps_a_place(game, board, company, h, *chosen))


def pair_by_pair(game: M1839, company: str, chosen: tuple[str, ...] = ()) -> list[str]:
    board = sync_reservations(game)
    hexes = [h for h in SORTED_CITY_HEXES if _open(game, board, company, h, chosen)]
    if chosen:
        return hexes
    return [h for h in hexes if any(_pair(game, board, company, h, o) for o in hexes)]


def test_first_home_choices_equal_the_pair_by_pair_judgement() -> None:
    checked = 0
    for seed in (1, 5, 9):
        game = new_game("1839", ["A", "B", "C", "D"], None, seed)
        assert isinstance(game, M1839)
        rng = random.Random(seed)
        while not game.over and len(game.actions) < 1500:
            decider = game.decider()
            if isinstance(decider, HomeDecider):
                local, chosen = decider.company.id, decider.chosen
                assert (candidate_hexes(game, local, chosen)
                        == pair_by_pair(game, local, chosen))
                checked += 1
            elif isinstance(decider, StockRound) and len(game.actions) % 5 == 0:
                for company in game.companies.values():
                    if company.spec.kind == "local" and not company.started:
                        assert (candidate_hexes(game, company.id)
                                == pair_by_pair(game, company.id))
            game.apply(choose_playing(rng, game.legal_actions()))
    assert checked > 3
