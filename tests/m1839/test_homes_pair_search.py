"""R-7.5.5: a Local can be parred only with two legal home hexes.  ``can_reserve_two`` stops
at the first legal pair; it must agree with the full list ``candidate_hexes`` gives the
player choosing, at every position of real play."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from m1839_helpers import finish_auction

from railhouse.bench.positions import playout
from railhouse.engine.actions import LegalAction
from railhouse.engine.record import new_game
from railhouse.testing.conformance import choose
from railhouse_m1839.game import M1839
from railhouse_m1839.game import new_game as m1839_game
from railhouse_m1839.homes import (
    BIG_HEXES,
    CITY_HEXES,
    _next_homes,
    _pair,
    _with_a_second,
    can_reserve_two,
    candidate_hexes,
)
from railhouse_m1839.mapdata import BIG_CITIES, NRS_CHOICE, OO_CITIES
from railhouse_m1839.stations import sync_reservations

BIG_A, BIG_B = sorted(OO_CITIES)[0], sorted(BIG_CITIES)[0]


def sampled_positions(seeds: tuple[int, ...], every: int) -> Any:
    """(seed, game) at every ``every``-th position of the first 900 actions of seeded
    random 1839 games."""
    for seed in seeds:
        game = new_game("1839", ["A", "B", "C", "D"], None, seed)
        rng = random.Random(seed)
        while not game.over and len(game.actions) < 900:
            if len(game.actions) % every == 0:
                yield seed, game
            game.apply(choose(rng, game.legal_actions()))


def test_R_7_5_5_the_pair_search_agrees_with_the_candidate_list() -> None:
    checked = 0
    for seed, game in sampled_positions((3, 11), every=7):
        for company in game.companies.values():
            if company.spec.kind == "local" and not company.started:
                found = can_reserve_two(game, company.id)
                assert found == bool(candidate_hexes(game, company.id)), (
                    f"seed {seed}, action {len(game.actions)}, {company.id}")
                checked += 1
    assert checked > 50, checked


def _full_board_but(keep: set[str]) -> M1839:
    """A game after the auction whose every city circle is taken, except in ``keep``."""
    game = m1839_game(["P0", "P1", "P2"], None, 1)
    finish_auction(game, 1)
    board = game.board
    for coord in CITY_HEXES:
        if coord in keep:
            continue
        tile, _ = board.tile_at(coord)
        for city, stop in enumerate(tile.city_indices()):
            while len(board.city_tokens(coord, city)) < tile.stops[stop].slots:
                board.place_token(coord, city, "X")
    return game


@pytest.mark.parametrize(("keep", "expected"), [
    (set(), False), ({"F9"}, False), ({BIG_A, BIG_B}, False), ({BIG_A, "F9"}, True)],
    ids=["no-hex", "one-hex", "two-big", "big-and-city"])
def test_R_7_5_5_no_pair_when_one_hex_or_only_big_hexes_are_free(
        keep: set[str], expected: bool) -> None:
    game = _full_board_but(keep)
    local = next(c.id for c in game.companies.values()
                 if c.spec.kind == "local" and not c.started)
    assert can_reserve_two(game, local) is expected
    assert bool(candidate_hexes(game, local)) is expected


def test_R_14_5_1_the_answer_follows_nrs_first_operating_on_one_board() -> None:
    """Arnhem and Venlo alone are free: before NRS operates one of them stays NRS's, so no
    pair; once NRS has operated (the board unchanged) the pair is legal."""
    game = _full_board_but({"I16", "K16"})
    local = next(c.id for c in game.companies.values()
                 if c.spec.kind == "local" and not c.started)
    assert can_reserve_two(game, local) is False
    game.companies["NRS"].operated_count = 1
    assert can_reserve_two(game, local) is True
    assert bool(candidate_hexes(game, local)) is True


def test_R_7_5_5_first_choices_are_the_hexes_with_a_legal_pair() -> None:
    """``_with_a_second`` (counts for the hexes outside NRS's choice, a fast path where
    every one of them pairs by size alone) agrees with trying every pair (``_pair``)."""
    assert BIG_HEXES.isdisjoint(NRS_CHOICE)  # the counts' reading of NRS's choice
    checked = 0
    for seed, game in sampled_positions((5, 17), every=5):
        board = sync_reservations(game)
        for company in ("", "NRS", *sorted(game.companies)):
            hexes = _next_homes(game, board, company, ())
            tried = [h for h in hexes
                     if any(_pair(game, board, company, h, o) for o in hexes)]
            assert _with_a_second(game, board, company, hexes) == tried, (
                f"seed {seed}, action {len(game.actions)}, {company}")
            checked += 1
    assert checked > 150, checked


def test_R_7_5_5_a_local_with_homes_has_its_charter_with_those_homes() -> None:
    """``set_homes`` gives the charter with those homes (``M1839.reset_company`` restores
    the charter), in every game of a process."""
    checked = 0

    def visit(game: Any, legal: list[LegalAction]) -> None:
        nonlocal checked
        for company in game.companies.values():
            if company.spec.kind == "local" and company.started and company.spec.home:
                charter = game.config.company(company.id)
                assert company.spec == dataclasses.replace(charter, home=company.spec.home)
                checked += 1

    for seed in (1000, 1001, 1002):
        playout("1839", 4, seed, visit=visit)
    assert checked > 1000, checked
